import type { LiveStore } from './live-store';
import type { PositionBatch } from './packed-positions';
import { writeGcj02 } from '../map/map-settings';
import { writeColour } from './vehicle-colours';

/**
 * Copies packed batches into a store: all the main thread does per position once decoding
 * is in the worker. Columns are copied into the store's own arrays, in place.
 *
 * VIN → slot lives here, on the store's side, as id → slot in an Int32Array: a batch carries
 * the packer's ids, so finding a vehicle's slot is one typed-array read, and its VIN is looked
 * up (Map) only the first time the id is seen. The worker never needs the store's slots, so
 * there is nothing to keep in step across threads: a vehicle new to the packer arrives with its
 * VIN; a vehicle the store already holds (the synthetic hook, a previous channel) keeps its slot
 * through `slotFor`. The table is keyed by the batch's id list: a new packer (a new channel or a
 * replaced worker) numbers from 0 again, and a different list starts a fresh table. The store
 * never frees a slot; if it ever does, it must drop this table too.
 */
export class PackedWriter {
  private idList: readonly string[] | null = null;
  private slotOfId = new Int32Array(0);

  constructor(private readonly store: LiveStore) {}

  /** Writes one batch (no commit: the feed commits once per window). */
  write(batch: PositionBatch): void {
    const { count, columns, vins } = batch;
    if (count === 0) return;
    const slotOfId = this.tableFor(vins);
    const store = this.store;
    store.syncDatum();
    const { ids, lngLat, ts: tsIn, heading: headingIn, speed: speedIn, soc: socIn, state: stateIn, alarmLevel: alarmIn } = columns;
    // Slots first: a new vehicle may grow the store's arrays, so they are read after this.
    for (let i = 0; i < count; i++) {
      const id = ids[i];
      if (slotOfId[id] < 0) {
        store.reserve(store.length + count - i);
        slotOfId[id] = store.slotFor(vins[id]);
      }
    }
    const { positions, colours, heading, angles, speed, soc, state, alarmLevel, ts } = store;
    // Positions are drawn where the basemap's datum puts them (a GCJ-02 style of a Chinese provider).
    const gcj02 = store.datum === 'gcj02';
    for (let i = 0; i < count; i++) {
      const slot = slotOfId[ids[i]];
      const t = tsIn[i];
      // Older than what the store holds (a reconnect snapshot after fresher frames): skip.
      if (t < ts[slot]) continue;
      if (gcj02) writeGcj02(positions, slot * 2, lngLat[i * 2], lngLat[i * 2 + 1]);
      else {
        positions[slot * 2] = lngLat[i * 2];
        positions[slot * 2 + 1] = lngLat[i * 2 + 1];
      }
      heading[slot] = headingIn[i];
      angles[slot] = -headingIn[i];
      speed[slot] = speedIn[i];
      soc[slot] = socIn[i];
      state[slot] = stateIn[i];
      alarmLevel[slot] = alarmIn[i];
      ts[slot] = t;
      writeColour(colours, slot * 4, stateIn[i], alarmIn[i]);
    }
  }

  /** id → slot for this id list, grown to cover every id it holds (-1: not resolved yet). */
  private tableFor(vins: readonly string[]): Int32Array {
    if (vins !== this.idList) {
      this.idList = vins;
      this.slotOfId = new Int32Array(Math.max(64, vins.length)).fill(-1);
    } else if (this.slotOfId.length < vins.length) {
      const grown = new Int32Array(Math.max(vins.length, this.slotOfId.length * 2)).fill(-1);
      grown.set(this.slotOfId);
      this.slotOfId = grown;
    }
    return this.slotOfId;
  }
}
