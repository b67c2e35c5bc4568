/**
 * Handling deadlines of GB/T 45688 Annex D. Faults (Table D.1) by level: 1 within 7 days, 2
 * within 1 day, 3 (and the thermal event's 4) at once. Hidden dangers (Table D.2) by how many
 * the vehicle had in the 24 hours up to this one: one within 7 days, two or more within 1 day.
 */
const DAY_MS = 86_400_000;
export const HIDDEN_DANGER_WINDOW_MS = DAY_MS;

export function faultDeadline(raisedAt: number, level: number): number {
  if (level <= 1) return raisedAt + 7 * DAY_MS;
  if (level === 2) return raisedAt + DAY_MS;
  return raisedAt;
}

/**
 * `inWindow`: the vehicle's hidden dangers raised in the 24 hours up to and including this one
 * (a rolling window; distinct items, since an item is raised once while it is not handled).
 */
export function hiddenDangerDeadline(raisedAt: number, inWindow: number): number {
  return raisedAt + (inWindow >= 2 ? DAY_MS : 7 * DAY_MS);
}

/** The level of a hidden-danger warning: 1 alone, 2 with another in the window (the 1-day row of D.2). */
export const hiddenDangerLevel = (inWindow: number): 1 | 2 => (inWindow >= 2 ? 2 : 1);
