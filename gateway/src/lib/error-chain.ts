/**
 * An error with what caused it, one line each: a failed start says why (a query wrapper's own
 * message names the query, its cause names what the database said).
 */
export function errorChain(err: unknown): string {
  const lines: string[] = [];
  const seen = new Set<unknown>();
  for (let e: unknown = err; e !== undefined && e !== null && !seen.has(e); e = causeOf(e)) {
    seen.add(e);
    const text = e instanceof Error ? e.message : String(e);
    lines.push(lines.length === 0 ? text : `caused by: ${text}`);
  }
  return lines.join('\n');
}

function causeOf(e: unknown): unknown {
  return typeof e === 'object' && e !== null ? (e as { cause?: unknown }).cause : undefined;
}
