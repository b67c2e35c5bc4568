/** One row per VIN at most this often; the frames between are counted into the next row. */
export const UNKNOWN_VIN_LOG_INTERVAL_MS = 5 * 60_000;
/** Rows per interval at most, whatever the number of VINs (a terminal spraying made-up VINs). */
export const UNKNOWN_VIN_LOG_MAX_ROWS = 100;

export interface UnknownVinRow {
  vin: string;
  remote: string;
  /** Frames of this VIN since its last row that wrote none. */
  since: number;
  /** Frames of VINs no row was written for in the last interval (over the row cap). */
  unlogged: number;
}

/**
 * Frames of VINs no vehicle holds, turned into log rows: the first frame of a VIN writes one,
 * the rest of the interval only count. A flood of made-up VINs writes at most the cap per
 * interval and counts the rest, so the log table grows by rows per interval, not per frame.
 */
export class UnknownVinLog {
  private readonly byVin = new Map<string, { until: number; since: number }>();
  private windowEnds = 0;
  private rows = 0;
  private unlogged = 0;

  constructor(
    private readonly write: (row: UnknownVinRow) => void,
    private readonly intervalMs = UNKNOWN_VIN_LOG_INTERVAL_MS,
    private readonly maxRows = UNKNOWN_VIN_LOG_MAX_ROWS,
    private readonly now: () => number = Date.now,
  ) {}

  note(vin: string, remote: string): void {
    const now = this.now();
    const known = this.byVin.get(vin);
    if (known && now < known.until) {
      known.since++;
      return;
    }
    if (now >= this.windowEnds) {
      this.windowEnds = now + this.intervalMs;
      this.rows = 0;
      for (const [v, e] of this.byVin) if (e.until <= now) this.byVin.delete(v);
    }
    if (this.rows >= this.maxRows) {
      this.unlogged++;
      return;
    }
    this.rows++;
    this.byVin.set(vin, { until: now + this.intervalMs, since: 0 });
    const unlogged = this.unlogged;
    this.unlogged = 0;
    this.write({ vin, remote, since: known?.since ?? 0, unlogged });
  }
}
