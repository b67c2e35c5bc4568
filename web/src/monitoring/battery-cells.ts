import type { Frame, RealtimeBody } from '@wdiov/contracts/protocol/index';

/** Cell voltages (V) of a realtime frame, packs in order; 2016 partial lists placed at startCell. */
export function cellsFromFrame(frame: Frame): number[] {
  const body = frame.body as Partial<RealtimeBody>;
  // Reissued data (0x03) decodes to the same realtime body.
  if (body.kind !== 'realtime') return [];
  const cells: number[] = [];
  for (const item of body.items ?? []) {
    if (item.kind !== 'cellVoltages') continue;
    for (const pack of item.packs) {
      const base = cells.length;
      const start = Math.max(1, pack.startCell ?? 1) - 1;
      pack.cellVoltagesV.forEach((v, i) => {
        cells[base + start + i] = typeof v === 'number' ? v : Number.NaN;
      });
    }
  }
  return Array.from(cells, (v) => (v === undefined ? Number.NaN : v));
}

/** Index of the lowest valid cell, -1 when none: the weakest cell limits the whole pack. */
export function weakestCell(cells: readonly number[]): number {
  let at = -1;
  for (let i = 0; i < cells.length; i++) {
    if (!Number.isFinite(cells[i]) || cells[i] < 0) continue;
    if (at < 0 || cells[i] < cells[at]) at = i;
  }
  return at;
}

export function cellSpread(cells: readonly number[]): { min: number; max: number; spreadMv: number } | null {
  const valid = cells.filter((v) => Number.isFinite(v) && v >= 0);
  if (valid.length === 0) return null;
  const min = Math.min(...valid);
  const max = Math.max(...valid);
  return { min, max, spreadMv: Math.round((max - min) * 1000) };
}
