/** Helpers shared by the benchmarks: percentiles and the one-JSON-line-per-figure output. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export interface Figure {
  name: string;
  unit: string;
  value: number;
  /** The limit measured in the same run, when the figure is read as a ratio to it. */
  limit?: number;
  limitName?: string;
  note?: string;
}

export function report(f: Figure): void {
  const out = { ...f, value: Math.round(f.value * 100) / 100, ...(f.limit !== undefined ? { limit: Math.round(f.limit * 100) / 100, ratio: Math.round((f.value / f.limit) * 1000) / 1000 } : {}) };
  console.log(JSON.stringify(out));
}

export async function timeIt(fn: () => Promise<unknown>, runs: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}
