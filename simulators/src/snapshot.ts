/**
 * One sample of a vehicle's state: everything a realtime frame is built from. The model
 * fills one Snapshot per physics step; around a level-3 alarm it also keeps the last 30 s
 * of them in a SnapshotRing (one flat Float64Array, no per-sample objects) so the
 * pre-alarm part can be re-sent as reissue frames.
 */

export interface Snapshot {
  timeMs: number;
  lng: number;
  lat: number;
  speedKmh: number;
  mileageKm: number;
  /** 1 started, 2 off. */
  vehicleState: number;
  /** 1 parked charging, 3 not charging, 4 charge complete. */
  chargeState: number;
  /** Encoded gear byte (annex A.1). */
  gear: number;
  acceleratorPct: number;
  brakePct: number;
  socPct: number;
  /** Pack current, discharge positive. */
  currentA: number;
  /** Open-circuit voltage of a healthy cell at this SOC, minus its IR drop. */
  cellVoltageV: number;
  /** Extra offset of the weak cell (negative), alarm effects included. */
  weakCellOffsetV: number;
  packTempC: number;
  motorState: number;
  motorRpm: number;
  motorTorqueNm: number;
  motorTempC: number;
  controllerTempC: number;
  insulationKohm: number;
  dcdcState: number;
  alarmFlags: number;
  alarmLevel: number;
  /** Bit i set = FAULT_TABLE[i] active. */
  faultMask: number;
}

export const SNAPSHOT_FIELDS = [
  'timeMs', 'lng', 'lat', 'speedKmh', 'mileageKm', 'vehicleState', 'chargeState', 'gear', 'acceleratorPct', 'brakePct',
  'socPct', 'currentA', 'cellVoltageV', 'weakCellOffsetV', 'packTempC', 'motorState', 'motorRpm', 'motorTorqueNm',
  'motorTempC', 'controllerTempC', 'insulationKohm', 'dcdcState', 'alarmFlags', 'alarmLevel', 'faultMask',
] as const satisfies readonly (keyof Snapshot)[];

const WIDTH = SNAPSHOT_FIELDS.length;

export function emptySnapshot(): Snapshot {
  const s = {} as Snapshot;
  for (const key of SNAPSHOT_FIELDS) s[key] = 0;
  return s;
}

/** Fixed-capacity ring of snapshots, oldest overwritten first. */
export class SnapshotRing {
  private readonly data: Float64Array;
  private next = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    this.data = new Float64Array(capacity * WIDTH);
  }

  get size(): number {
    return this.count;
  }

  push(s: Snapshot): void {
    const base = this.next * WIDTH;
    for (let i = 0; i < WIDTH; i++) this.data[base + i] = s[SNAPSHOT_FIELDS[i]];
    this.next = (this.next + 1) % this.capacity;
    if (this.count < this.capacity) this.count++;
  }

  /** Copies the i-th oldest snapshot into `into`. */
  read(i: number, into: Snapshot): Snapshot {
    const slot = (this.next - this.count + i + this.capacity) % this.capacity;
    const base = slot * WIDTH;
    for (let k = 0; k < WIDTH; k++) into[SNAPSHOT_FIELDS[k]] = this.data[base + k];
    return into;
  }
}
