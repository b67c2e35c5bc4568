import { afterEach, describe, expect, it } from 'vitest';
import type { LivePosition } from '@wdiov/contracts/live/socket-messages';
import { LiveStore } from './live-store';
import { drawInDatum, setMapPreset } from '../map/map-settings';
import { STATE_HEX } from './vehicle-colours';

const pos = (vin: string, over: Partial<LivePosition> = {}): LivePosition => ({
  vin, lng: 114, lat: 22.5, speed: 30, heading: 90, soc: 80, state: 1, alarmLevel: 0, ts: 1000, ...over,
});
const rgba = (hex: string) => [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16), 255];
const colourAt = (store: LiveStore, vin: string) => Array.from(store.colours.subarray(store.slotOf(vin)! * 4, store.slotOf(vin)! * 4 + 4));

describe('LiveStore', () => {
  it('gives each vehicle a fixed slot and writes its fields', () => {
    const store = new LiveStore(4);
    store.apply([pos('A', { lng: 113.9, lat: 22.51, heading: 45, speed: 12.5, soc: null })]);
    store.apply([pos('B'), pos('A', { lng: 114.1, ts: 2000 })]);
    expect(store.slotOf('A')).toBe(0);
    expect(store.slotOf('B')).toBe(1);
    expect(store.length).toBe(2);
    expect(store.positions[0]).toBeCloseTo(114.1);
    expect(store.vehicle('A')).toMatchObject({ lat: 22.5, heading: 90, soc: 80, ts: 2000 });
    expect(store.vins).toEqual(['A', 'B']);
  });

  it('keeps null SOC as null, the speed sentinels exact, and angles counter-clockwise for deck.gl', () => {
    const store = new LiveStore();
    store.apply([pos('A', { soc: null, heading: 30, speed: -0.1 }), pos('B', { speed: -0.2, soc: 55.5 })]);
    expect(store.vehicle('A')?.soc).toBeNull();
    expect(store.vehicle('A')?.speed).toBe(-0.1);
    expect(store.vehicle('B')).toMatchObject({ speed: -0.2, soc: 55.5 });
    expect(store.angles[0]).toBe(-30);
  });

  it('bumps version once per applied batch, not per position, and notifies listeners', () => {
    const store = new LiveStore();
    const seen: number[] = [];
    store.subscribe((s) => seen.push(s.version));
    store.apply([pos('A'), pos('B'), pos('C')]);
    store.apply([]);
    store.apply([pos('A', { ts: 2000 })]);
    expect(store.version).toBe(2);
    expect(seen).toEqual([1, 2]);
  });

  it('updates in place: a batch over known vehicles allocates no new typed arrays', () => {
    const store = new LiveStore(8);
    store.apply([pos('A'), pos('B')]);
    const arrays = [store.positions, store.colours, store.heading, store.angles, store.speed, store.soc, store.state, store.alarmLevel, store.ts];
    for (let i = 0; i < 50; i++) store.apply([pos('A', { ts: 2000 + i, lng: 114 + i / 1000 }), pos('B', { ts: 2000 + i })]);
    const after = [store.positions, store.colours, store.heading, store.angles, store.speed, store.soc, store.state, store.alarmLevel, store.ts];
    after.forEach((array, i) => expect(array).toBe(arrays[i]));
    expect(store.positions[0]).toBeCloseTo(114.049);
  });

  it('grows by doubling, copying once for a whole batch, and keeps what it held', () => {
    const store = new LiveStore(2);
    store.apply([pos('A', { lng: 100 })]);
    const before = store.positions;
    store.apply(Array.from({ length: 9 }, (_, i) => pos(`V${i}`)));
    expect(store.capacity).toBe(16);
    expect(store.positions).not.toBe(before);
    expect(store.positions.length).toBe(32);
    expect(store.positions[0]).toBe(100);
    expect(store.length).toBe(10);
    const grown = store.positions;
    store.apply([pos('V3', { ts: 5000 })]);
    expect(store.positions).toBe(grown);
  });

  it('colours by state, alarm level over state, offline over alarm (UI.md)', () => {
    const store = new LiveStore();
    store.apply([
      pos('drive', { state: 1 }), pos('park', { state: 2 }), pos('charge', { state: 3 }), pos('off', { state: 4, alarmLevel: 3 }),
      pos('a1', { alarmLevel: 1 }), pos('a2', { alarmLevel: 2 }), pos('a3', { state: 2, alarmLevel: 3 }),
    ]);
    expect(colourAt(store, 'drive')).toEqual(rgba(STATE_HEX.driving));
    expect(colourAt(store, 'park')).toEqual(rgba(STATE_HEX.parked));
    expect(colourAt(store, 'charge')).toEqual(rgba(STATE_HEX.charging));
    expect(colourAt(store, 'off')).toEqual(rgba(STATE_HEX.offline));
    expect(colourAt(store, 'a1')).toEqual(rgba(STATE_HEX.alarm1));
    expect(colourAt(store, 'a2')).toEqual(rgba(STATE_HEX.alarm2));
    expect(colourAt(store, 'a3')).toEqual(rgba(STATE_HEX.alarm3));
  });

  it('ignores a position older than the one held (a late snapshot after a reconnect)', () => {
    const store = new LiveStore();
    store.apply([pos('A', { ts: 2000, lng: 115 })]);
    store.apply([pos('A', { ts: 1000, lng: 100 })]);
    expect(store.positions[0]).toBe(115);
  });

  it('counts online, per state and in alarm', () => {
    const store = new LiveStore();
    store.apply([pos('a', { state: 1 }), pos('b', { state: 2, alarmLevel: 2 }), pos('c', { state: 3 }), pos('d', { state: 4, alarmLevel: 1 })]);
    expect(store.counts()).toEqual({ total: 4, online: 3, driving: 1, parked: 1, charging: 1, offline: 1, alarm: 1 });
  });

  it('binary(): the same object within a version, a new wrapper over the same arrays after a batch', () => {
    const store = new LiveStore();
    store.apply([pos('A')]);
    const first = store.binary();
    expect(store.binary()).toBe(first);
    expect(first.length).toBe(1);
    expect(first.attributes.getPosition).toEqual({ value: store.positions, size: 2 });
    expect(first.attributes.getFillColor).toEqual({ value: store.colours, size: 4, normalized: true });
    store.apply([pos('B')]);
    const second = store.binary();
    expect(second).not.toBe(first);
    expect(second.length).toBe(2);
    expect(second.attributes.getPosition.value).toBe(first.attributes.getPosition.value);
    expect(second.attributes.getFillColor.value).toBe(store.colours);
  });
});

describe('the datum positions are drawn in', () => {
  // The eviltransform reference pair (Beijing): WGS-84 and where AMap draws it.
  const W: [number, number] = [116.377817, 39.911954];
  const G: [number, number] = [116.38404722455657, 39.91334545536069];
  const position = (vin: string, [lng, lat]: [number, number], ts = 1) => ({ vin, lng, lat, speed: 0, heading: 0, soc: null, state: 1, alarmLevel: 0, ts });
  afterEach(() => setMapPreset(''));

  it('moves held positions to GCJ-02 and back when the basemap changes, so silent vehicles follow; panels read WGS-84', () => {
    setMapPreset('osm');
    const store = new LiveStore(2);
    store.apply([position('A', W), position('B', [2.3522, 48.8566])]);
    const version = store.version;
    setMapPreset('amap-road');
    expect(store.syncDatum()).toBe(true);
    expect(store.version).toBe(version + 1);
    expect(store.positions[0]).toBeCloseTo(G[0], 9);
    expect(store.positions[1]).toBeCloseTo(G[1], 9);
    // Outside China the offset is none.
    expect([store.positions[2], store.positions[3]]).toEqual([2.3522, 48.8566]);
    expect(store.vehicle('A')!.lng).toBeCloseTo(W[0], 8);
    expect(store.vehicle('A')!.lat).toBeCloseTo(W[1], 8);
    expect(store.syncDatum()).toBe(false);
    drawInDatum('wgs84');
    store.apply([position('B', [2.35, 48.85], 2)]);
    expect(store.datum).toBe('wgs84');
    expect(store.positions[0]).toBeCloseTo(W[0], 8);
    expect(store.positions[1]).toBeCloseTo(W[1], 8);
  });
});
