import type { LivePosition } from '@wdiov/contracts/live/socket-messages';
import { fromMapDatum, toMapDatum, type MapDatum } from '@wdiov/contracts/geo/gcj02';
import { mapDatum, writeGcj02 } from '../map/map-settings';
import { RunState, writeColour } from './vehicle-colours';

/** A binary attribute in deck.gl's `data.attributes` form. */
export interface BinaryAttribute {
  value: Float64Array | Float32Array | Uint8Array;
  size: number;
  /** Uint8 colours are 0–255 per channel: deck.gl must scale them to 0–1. */
  normalized?: boolean;
}

/** What the layers read: `{length, attributes}` over the store's own typed arrays (never copies). */
export interface LiveBinaryData {
  length: number;
  attributes: {
    getPosition: BinaryAttribute;
    getFillColor: BinaryAttribute;
    getColor: BinaryAttribute;
    getAngle: BinaryAttribute;
  };
}

export interface LiveVehicle {
  vin: string;
  slot: number;
  lng: number;
  lat: number;
  heading: number;
  speed: number;
  /** null when the terminal did not report it. */
  soc: number | null;
  state: number;
  alarmLevel: number;
  ts: number;
}

export interface LiveCountsByState {
  total: number;
  online: number;
  driving: number;
  parked: number;
  charging: number;
  offline: number;
  alarm: number;
}

export const DEFAULT_CAPACITY = 1024;

/**
 * Live positions outside React state: one fixed slot per vehicle (so GPU buffers keep their
 * row order and `_dataDiff`-style partial updates stay possible), typed arrays written in
 * place, and `version` bumped once per applied batch for deck.gl's updateTriggers.
 */
export class LiveStore {
  readonly slots = new Map<string, number>();
  vins: string[] = [];
  length = 0;
  capacity: number;
  version = 0;
  /** Float64: lng/lat in Float32 lose ~1 m, which shows when following a vehicle at high zoom. */
  positions: Float64Array;
  colours: Uint8Array;
  heading: Float32Array;
  /** deck.gl angles turn counter-clockwise; heading is clockwise from north. Kept beside heading. */
  angles: Float32Array;
  speed: Float32Array;
  soc: Float32Array;
  state: Uint8Array;
  alarmLevel: Uint8Array;
  ts: Float64Array;
  private binaryView: LiveBinaryData | null = null;
  /** The datum `positions` hold: the basemap's when they were written (map-settings' mapDatum). */
  private drawnIn: MapDatum = 'wgs84';
  private readonly listeners = new Set<(store: LiveStore) => void>();

  constructor(capacity = DEFAULT_CAPACITY) {
    this.capacity = Math.max(1, capacity);
    this.positions = new Float64Array(this.capacity * 2);
    this.colours = new Uint8Array(this.capacity * 4);
    this.heading = new Float32Array(this.capacity);
    this.angles = new Float32Array(this.capacity);
    this.speed = new Float32Array(this.capacity);
    this.soc = new Float32Array(this.capacity);
    this.state = new Uint8Array(this.capacity);
    this.alarmLevel = new Uint8Array(this.capacity);
    this.ts = new Float64Array(this.capacity);
  }

  /**
   * Writes a coalesced batch in place and bumps `version` once. A position older than the one
   * held is ignored: batches from a reconnect snapshot may arrive after fresher ones.
   */
  apply(batch: readonly LivePosition[]): void {
    if (batch.length === 0) return;
    this.write(batch);
    this.commit();
  }

  /**
   * Writes positions in place without telling anyone: a coalescing window writes all its
   * updates, then commits once. Keeps the newest terminal time per vehicle; on a tie the later
   * write wins, so writing a window in arrival order equals a last-wins merge by VIN.
   */
  write(batch: readonly LivePosition[]): void {
    this.syncDatum();
    // Locals: the loop runs 10,000s of times per batch and `this.x` loads are not free.
    let { positions, colours, heading, angles, speed, soc, state, alarmLevel, ts } = this;
    const vins = this.vins;
    // Positions are drawn where the basemap's datum puts them (a GCJ-02 style of a Chinese provider).
    const gcj02 = this.drawnIn === 'gcj02';
    let previous = -1;
    for (let i = 0; i < batch.length; i++) {
      const p = batch[i];
      // Frames list vehicles in a near-stable order: guessing "the slot after the last one"
      // is a string compare, cheaper than hashing a freshly parsed VIN for the Map.
      let slot: number | undefined = previous + 1;
      if (slot >= this.length || vins[slot] !== p.vin) slot = this.slots.get(p.vin);
      if (slot === undefined) {
        if (this.length === this.capacity) {
          // Room for the rest of the batch at once: one copy even for a first batch of 50,000.
          this.grow(this.length + batch.length - i);
          ({ positions, colours, heading, angles, speed, soc, state, alarmLevel, ts } = this);
        }
        slot = this.allocate(p.vin);
      } else if (p.ts < ts[slot]) {
        previous = slot;
        continue;
      }
      previous = slot;
      if (gcj02) writeGcj02(positions, slot * 2, p.lng, p.lat);
      else {
        positions[slot * 2] = p.lng;
        positions[slot * 2 + 1] = p.lat;
      }
      heading[slot] = p.heading;
      angles[slot] = -p.heading;
      speed[slot] = p.speed;
      soc[slot] = p.soc ?? Number.NaN;
      state[slot] = p.state;
      alarmLevel[slot] = p.alarmLevel;
      ts[slot] = p.ts;
      writeColour(colours, slot * 4, p.state, p.alarmLevel);
    }
  }

  /** The datum the held positions are in. */
  get datum(): MapDatum {
    return this.drawnIn;
  }

  /**
   * Moves every held position to the basemap's datum when that changed (another preset, the
   * fallback to the outline), so that a vehicle which reports nothing more is drawn right too.
   * Once per change, ~1 µs a vehicle (the GCJ-02 inverse iterates); bumps `version` without
   * telling the listeners: the caller redraws. True when positions moved.
   */
  syncDatum(): boolean {
    const to = mapDatum();
    const from = this.drawnIn;
    if (to === from) return false;
    this.drawnIn = to;
    const p = this.positions;
    for (let i = 0; i < this.length * 2; i += 2) {
      const [lng, lat] = fromMapDatum(from, p[i], p[i + 1]);
      [p[i], p[i + 1]] = toMapDatum(to, lng, lat);
    }
    this.version++;
    this.binaryView = null;
    return true;
  }

  /** One new version for everything written since the last: deck.gl and the panels redraw. */
  commit(): void {
    this.version++;
    this.binaryView = null;
    this.listeners.forEach((listener) => listener(this));
  }

  /** The slot of a vehicle, a new one for a vehicle not seen before (slots are never freed). */
  slotFor(vin: string): number {
    const slot = this.slots.get(vin);
    if (slot !== undefined) return slot;
    if (this.length === this.capacity) this.grow(this.length + 1);
    return this.allocate(vin);
  }

  /** Room for `needed` vehicles in one copy (a first batch of 50,000 would otherwise double 6 times). */
  reserve(needed: number): void {
    if (needed > this.capacity) this.grow(needed);
  }

  slotOf(vin: string): number | undefined {
    return this.slots.get(vin);
  }

  /** A plain copy of one vehicle for panels (cold path), its position in WGS-84 as reported. */
  vehicle(vin: string): LiveVehicle | undefined {
    const slot = this.slots.get(vin);
    if (slot === undefined) return undefined;
    // Float32 turns −0.1 into −0.100000001…: back to the 0.1 resolution GB/T 32960 sends, so
    // the −0.1 invalid / −0.2 abnormal sentinels compare equal again.
    const tenth = (v: number) => Math.round(v * 10) / 10;
    const soc = this.soc[slot];
    const [lng, lat] = fromMapDatum(this.drawnIn, this.positions[slot * 2], this.positions[slot * 2 + 1]);
    return {
      vin,
      slot,
      lng,
      lat,
      heading: this.heading[slot],
      speed: tenth(this.speed[slot]),
      soc: Number.isNaN(soc) ? null : tenth(soc),
      state: this.state[slot],
      alarmLevel: this.alarmLevel[slot],
      ts: this.ts[slot],
    };
  }

  /**
   * The deck.gl data object for this version. The wrapper is new per version (deck.gl re-uploads
   * an attribute only when its descriptor object changes) but the typed arrays are the store's.
   */
  binary(): LiveBinaryData {
    if (!this.binaryView) {
      this.binaryView = {
        length: this.length,
        attributes: {
          getPosition: { value: this.positions, size: 2 },
          getFillColor: { value: this.colours, size: 4, normalized: true },
          getColor: { value: this.colours, size: 4, normalized: true },
          getAngle: { value: this.angles, size: 1 },
        },
      };
    }
    return this.binaryView;
  }

  counts(): LiveCountsByState {
    const c: LiveCountsByState = { total: this.length, online: 0, driving: 0, parked: 0, charging: 0, offline: 0, alarm: 0 };
    for (let slot = 0; slot < this.length; slot++) {
      const state = this.state[slot];
      if (state === RunState.offline) {
        c.offline++;
        continue;
      }
      c.online++;
      if (state === RunState.driving) c.driving++;
      else if (state === RunState.parked) c.parked++;
      else if (state === RunState.charging) c.charging++;
      if (this.alarmLevel[slot] > 0) c.alarm++;
    }
    return c;
  }

  /** Called after every applied batch; returns the unsubscribe function. */
  subscribe(listener: (store: LiveStore) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private allocate(vin: string): number {
    const slot = this.length++;
    this.slots.set(vin, slot);
    this.vins[slot] = vin;
    return slot;
  }

  /**
   * Doubles until `needed` fits, then copies once. Doubling keeps growth amortised: each
   * element is copied O(1) times over the store's life.
   */
  private grow(needed: number): void {
    let capacity = this.capacity;
    while (capacity < needed) capacity *= 2;
    const copy = <T extends Float64Array | Float32Array | Uint8Array>(from: T, size: number): T => {
      const to = new (from.constructor as new (n: number) => T)(capacity * size);
      to.set(from);
      return to;
    };
    this.positions = copy(this.positions, 2);
    this.colours = copy(this.colours, 4);
    this.heading = copy(this.heading, 1);
    this.angles = copy(this.angles, 1);
    this.speed = copy(this.speed, 1);
    this.soc = copy(this.soc, 1);
    this.state = copy(this.state, 1);
    this.alarmLevel = copy(this.alarmLevel, 1);
    this.ts = copy(this.ts, 1);
    this.capacity = capacity;
  }
}
