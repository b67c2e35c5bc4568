/** The JSON value of a text frame; undefined for a binary frame or text that is not JSON. */
export function jsonOfText(raw: unknown): unknown {
  if (typeof raw !== 'string') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
