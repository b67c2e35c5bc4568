import { jsonOfText } from '../live/json-text';
import { BYTES_PER_ROW, packedColumns, type PackedFrame } from './packed-positions';
import { isInt, isLivePosition, PositionCmd } from './position-frame';

/**
 * Socket text → packed columns: the JSON.parse and per-vehicle work of a position frame, done
 * where the socket is read (the position worker; this thread only without Worker support).
 *
 * Each VIN gets a dense id the first time it is seen, kept for the packer's life (across
 * reconnects), and is announced once in `newVins`: after the first frame a vehicle travels
 * as a number. The receiver maps id → store slot with a typed-array read, so the main thread
 * neither hashes VINs nor receives a string per vehicle per frame.
 */
export class PositionPacker {
  private readonly ids = new Map<string, number>();
  private readonly vinOfId: string[] = [];

  /** Vehicles numbered so far. */
  get size(): number {
    return this.ids.size;
  }

  /**
   * A position frame (`{code, cmd: 1300, msg, ts, data: [...]}`) → packed frame; null for a
   * broken envelope or any other command. Invalid positions are dropped one by one, so one bad
   * vehicle does not blank the map (the same rules as the contracts' schema).
   */
  pack(raw: unknown): PackedFrame | null {
    const m = jsonOfText(raw) as { code?: unknown; cmd?: unknown; ts?: unknown; data?: unknown } | null;
    if (!m || m.cmd !== PositionCmd.positions || !isInt(m.code) || !isInt(m.ts) || !Array.isArray(m.data)) return null;
    const data: unknown[] = m.data;
    const rows = data.length;
    const buffer = new ArrayBuffer(rows * BYTES_PER_ROW);
    const { lngLat, ts, heading, speed, soc, ids, state, alarmLevel } = packedColumns(buffer, rows);
    const firstNewId = this.ids.size;
    const newVins: string[] = [];
    const vinOfId = this.vinOfId;
    let n = 0;
    let previous = -1;
    for (let i = 0; i < rows; i++) {
      const p = data[i];
      if (!isLivePosition(p)) continue;
      // Frames list vehicles in a near-stable order: "the id after the last one" is a string
      // compare, cheaper than hashing a freshly parsed VIN (~20 ms per 50,000 here).
      let id: number | undefined = previous + 1;
      if (vinOfId[id] !== p.vin) id = this.ids.get(p.vin);
      if (id === undefined) {
        id = vinOfId.length;
        this.ids.set(p.vin, id);
        vinOfId.push(p.vin);
        newVins.push(p.vin);
      }
      previous = id;
      ids[n] = id;
      lngLat[n * 2] = p.lng;
      lngLat[n * 2 + 1] = p.lat;
      ts[n] = p.ts;
      heading[n] = p.heading;
      speed[n] = p.speed;
      soc[n] = p.soc ?? Number.NaN;
      state[n] = p.state;
      alarmLevel[n] = p.alarmLevel;
      n++;
    }
    return { buffer, rows, count: n, firstNewId, newVins };
  }
}
