/** Vehicle run states of the live stream (contracts: 1 driving, 2 parked, 3 charging, 4 offline). */
export const RunState = { driving: 1, parked: 2, charging: 3, offline: 4 } as const;

export type StateKey = 'driving' | 'parked' | 'charging' | 'offline' | 'alarm1' | 'alarm2' | 'alarm3';

/**
 * UI.md state colours, "used everywhere the same". The alarm levels reuse the alarm card's
 * colours (web/src/live/alarm-card-view.ts) so a card and its dot on the map match.
 */
export const STATE_HEX: Record<StateKey, string> = {
  driving: '#67c23a',
  parked: '#409eff',
  charging: '#13c2c2',
  offline: '#909399',
  alarm3: '#f56c6c',
  alarm2: '#f56c2d',
  alarm1: '#e6a23c',
};

function rgba(hex: string): [number, number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 255];
}

/** Indexed by `colourIndex` so the hot path does one table read, no string work. */
const TABLE: ReadonlyArray<readonly [number, number, number, number]> = [
  rgba(STATE_HEX.offline), // 0: unknown state draws as offline
  rgba(STATE_HEX.driving),
  rgba(STATE_HEX.parked),
  rgba(STATE_HEX.charging),
  rgba(STATE_HEX.offline),
  rgba(STATE_HEX.alarm1),
  rgba(STATE_HEX.alarm2),
  rgba(STATE_HEX.alarm3),
];

/**
 * Alarm wins over the run state, except offline: an offline vehicle's alarm level is stale,
 * and operators must see first that it stopped reporting.
 */
export function colourIndex(state: number, alarmLevel: number): number {
  if (state === RunState.offline) return 4;
  if (alarmLevel > 0) return 4 + Math.min(alarmLevel, 3);
  return state >= 1 && state <= 4 ? state : 0;
}

export function stateKeyOf(state: number, alarmLevel: number): StateKey {
  const keys: StateKey[] = ['offline', 'driving', 'parked', 'charging', 'offline', 'alarm1', 'alarm2', 'alarm3'];
  return keys[colourIndex(state, alarmLevel)];
}

/** Writes the RGBA of a vehicle into `target` at `offset` (in place, no allocation). */
export function writeColour(target: Uint8Array, offset: number, state: number, alarmLevel: number): void {
  const c = TABLE[colourIndex(state, alarmLevel)];
  target[offset] = c[0];
  target[offset + 1] = c[1];
  target[offset + 2] = c[2];
  target[offset + 3] = c[3];
}
