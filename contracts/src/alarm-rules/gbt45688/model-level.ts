/**
 * The model-level escalations of GB/T 45688 Annex D (Table D.1 row 4, Table D.2 row 3): within
 * a statistics period, the vehicles of one model with a level-3 fault (or with a hidden danger)
 * against that model's in-use vehicles. Pure, so the list call and the daily notice judge alike.
 */

/** The level of a fault item that counts towards D.1 row 4. */
export const ESCALATION_FAULT_LEVEL = 3;

/** Share of the in-use vehicles, 0…1, four decimals; 0 for a model without vehicles in use. */
export const modelRatio = (vehicles: number, inUse: number): number =>
  (inUse > 0 ? Math.round((vehicles / inUse) * 10_000) / 10_000 : 0);

/**
 * Whether `vehicles` of `inUse` pass `percent`. Compared on the counts, not on a rounded ratio,
 * so 1 of 20 is exactly 5 % (0.05 × 100 is 5.000000000000001 in floating point). A model
 * without vehicles in use never escalates. `inclusive`: at the percent counts (≥), else only
 * above it (>), the two readings of the standard's 以上.
 */
export function modelEscalated(vehicles: number, inUse: number, percent: number, inclusive: boolean): boolean {
  if (inUse <= 0 || vehicles <= 0) return false;
  const share = vehicles * 100;
  const limit = percent * inUse;
  return inclusive ? share >= limit : share > limit;
}
