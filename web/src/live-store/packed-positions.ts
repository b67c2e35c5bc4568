/**
 * One position frame as columns in a single ArrayBuffer: what the position worker hands the
 * main thread. One buffer means one transfer (ownership moves, nothing is copied) and no
 * per-vehicle object on the main thread, which then only copies columns into the store.
 */

/** The columns of a packed frame, each `rows` long (`lngLat` 2 per row). */
export interface PackedColumns {
  /** Float64 like the store: Float32 lng/lat lose ~1 m. */
  lngLat: Float64Array;
  /** Terminal time, epoch ms. */
  ts: Float64Array;
  heading: Float32Array;
  speed: Float32Array;
  /** NaN when the terminal did not report it (the store's convention for null). */
  soc: Float32Array;
  /** The packer's number for the vehicle (see `PackedFrame.newVins`), not a store slot. */
  ids: Uint32Array;
  state: Uint8Array;
  alarmLevel: Uint8Array;
}

/** What crosses from the worker: plain data plus the buffer, which is transferred. */
export interface PackedFrame {
  buffer: ArrayBuffer;
  /** Rows the buffer was laid out for (the frame's positions, valid or not). */
  rows: number;
  /** Rows filled: invalid positions are dropped one by one, so `count <= rows`. */
  count: number;
  /**
   * VINs the packer met for the first time in this frame, in id order: ids are dense and
   * handed out once, so the receiver keeps an append-only id → VIN list and never needs a
   * VIN again for that vehicle (strings cost more to pass and look up than numbers).
   */
  firstNewId: number;
  newVins: string[];
}

/** Bytes per row: 8-byte columns first, then 4-byte, then 1-byte, so every view is aligned. */
export const BYTES_PER_ROW = 2 * 8 + 8 + 4 + 4 + 4 + 4 + 1 + 1;

/** Views over a packed buffer laid out for `rows` rows (the same layout on both threads). */
export function packedColumns(buffer: ArrayBuffer, rows: number): PackedColumns {
  let offset = 0;
  const take = <T>(make: (buffer: ArrayBuffer, offset: number, length: number) => T, length: number, bytes: number): T => {
    const view = make(buffer, offset, length);
    offset += length * bytes;
    return view;
  };
  return {
    lngLat: take((b, o, n) => new Float64Array(b, o, n), rows * 2, 8),
    ts: take((b, o, n) => new Float64Array(b, o, n), rows, 8),
    heading: take((b, o, n) => new Float32Array(b, o, n), rows, 4),
    speed: take((b, o, n) => new Float32Array(b, o, n), rows, 4),
    soc: take((b, o, n) => new Float32Array(b, o, n), rows, 4),
    ids: take((b, o, n) => new Uint32Array(b, o, n), rows, 4),
    state: take((b, o, n) => new Uint8Array(b, o, n), rows, 1),
    alarmLevel: take((b, o, n) => new Uint8Array(b, o, n), rows, 1),
  };
}

/**
 * A received frame, ready for the store: its columns, and the id → VIN list of the packer
 * that made it. The list is the channel's, shared by every batch of that packer and only
 * ever appended to, so a reader can tell from its identity whether its own id → slot table
 * still applies (a new packer starts numbering again).
 */
export interface PositionBatch {
  count: number;
  columns: PackedColumns;
  vins: readonly string[];
}

export const isPositionBatch = (value: unknown): value is PositionBatch =>
  typeof value === 'object' && value !== null && 'columns' in value && 'vins' in value;

/**
 * The receiving side of a packer: keeps the id → VIN list in step with the frames and turns
 * each frame into a batch. Frames must arrive in the order they were packed (a worker's
 * messages do), or the ids would not line up; a gap is a bug, so it throws.
 */
export class PackedFrameReader {
  readonly vins: string[] = [];

  read(frame: PackedFrame): PositionBatch {
    if (frame.newVins.length > 0) {
      if (frame.firstNewId !== this.vins.length) {
        throw new Error(`position frames out of step: id ${frame.firstNewId} announced, ${this.vins.length} expected`);
      }
      for (const vin of frame.newVins) this.vins.push(vin);
    }
    return { count: frame.count, columns: packedColumns(frame.buffer, frame.rows), vins: this.vins };
  }
}
