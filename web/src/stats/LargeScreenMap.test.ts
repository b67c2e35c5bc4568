import { describe, expect, it } from 'vitest';
import { LayerHost } from '../map/layer-host';
import { VEHICLES_LAYER_ID } from '../map/layers/vehicles-layer';
import { STATE_HEX } from '../live-store/vehicle-colours';
import { boundsOf, SCREEN_FACTORIES, storeOf, type ScreenPoint } from './LargeScreenMap';

const POINTS: ScreenPoint[] = [[114.05, 22.54, 1, 0], [114.1, 22.6, 3, 2], [113.9, 22.5, 2, 0]];
const hex = (r: number, g: number, b: number) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

describe('large screen map', () => {
  it('puts the board\'s vehicles in a store the live map\'s layers read, coloured as everywhere', () => {
    const store = storeOf(POINTS);
    expect(store.length).toBe(3);
    expect([...store.positions.slice(0, 6)]).toEqual([114.05, 22.54, 114.1, 22.6, 113.9, 22.5]);
    const colour = (slot: number) => hex(store.colours[slot * 4]!, store.colours[slot * 4 + 1]!, store.colours[slot * 4 + 2]!);
    expect([colour(0), colour(1), colour(2)]).toEqual([STATE_HEX.driving, STATE_HEX.alarm2, STATE_HEX.parked]);
    let drawn: { id: string; props: { data: { length: number } } }[] = [];
    const host = new LayerHost({ setProps: ({ layers }) => { drawn = layers as never; } }, store, SCREEN_FACTORIES, { zoom: 10 });
    host.attach();
    const dots = drawn.find((l) => l.id === VEHICLES_LAYER_ID);
    expect(dots?.props.data.length).toBe(3);
  });

  it('frames the vehicles with a margin, and nothing when there are none', () => {
    const [[w, s], [e, n]] = boundsOf(POINTS)!;
    expect(w).toBeLessThan(113.9);
    expect(e).toBeGreaterThan(114.1);
    expect(s).toBeLessThan(22.5);
    expect(n).toBeGreaterThan(22.6);
    expect(boundsOf([])).toBeUndefined();
    expect(storeOf([]).length).toBe(0);
  });
});
