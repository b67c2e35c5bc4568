import { describe, expect, it } from 'vitest';
import type { LivePosition } from '@wdiov/contracts/live/socket-messages';
import { LiveStore } from '../../live-store/live-store';
import { densityLayer } from './density-layer';
import { draftHandlesLayer, draftLayer, fencesLayer } from './fence-layer';
import { headingLayer } from './heading-layer';
import { DEFAULT_UI, type FenceShape, type MapUi, type Track } from './map-ui';
import { selectionLayer } from './selection-layer';
import { playheadLayer, stopsLayer, trackLayer } from './track-layer';
import { vehiclesLayer } from './vehicles-layer';

const p = (vin: string, ts = 1): LivePosition => ({ vin, lng: 114, lat: 22, speed: 1, heading: 10, soc: 50, state: 1, alarmLevel: 0, ts });
const ui = (over: Partial<MapUi> = {}): MapUi => ({ ...DEFAULT_UI, ...over });

function liveStore() {
  const store = new LiveStore();
  store.apply([p('A'), p('B')]);
  return store;
}

describe('live layer factories (no WebGL: props only)', () => {
  it('vehicles read the store’s typed arrays as binary attributes keyed by version', () => {
    const store = liveStore();
    const layer = vehiclesLayer(store, ui({ zoom: 12 }));
    const data = layer.props.data as ReturnType<LiveStore['binary']>;
    expect(data.length).toBe(2);
    expect(data.attributes.getPosition.value).toBe(store.positions);
    expect(data.attributes.getPosition.size).toBe(2);
    expect(data.attributes.getFillColor.value).toBe(store.colours);
    expect(data.attributes.getFillColor.size).toBe(4);
    expect(layer.props.updateTriggers).toMatchObject({ getPosition: store.version, getFillColor: store.version });
    expect(layer.props.visible).toBe(true);
  });

  it('same version → same data object; new batch → new data over the same arrays and a new trigger', () => {
    const store = liveStore();
    const a = vehiclesLayer(store, ui());
    const b = vehiclesLayer(store, ui());
    expect(b.props.data).toBe(a.props.data);
    store.apply([p('A', 2)]);
    const c = vehiclesLayer(store, ui());
    expect(c.props.data).not.toBe(a.props.data);
    const attrs = (layer: typeof a) => (layer.props.data as ReturnType<LiveStore['binary']>).attributes;
    expect(attrs(c).getPosition.value).toBe(attrs(a).getPosition.value);
    expect(c.props.updateTriggers.getPosition).not.toBe(a.props.updateTriggers.getPosition);
  });

  it('dots below the aggregation zoom give way to density cells; arrows only close in', () => {
    const store = liveStore();
    const far = ui({ zoom: 5 });
    const near = ui({ zoom: 13 });
    expect(vehiclesLayer(store, far).props.visible).toBe(false);
    expect(densityLayer(store, far).props.visible).toBe(true);
    expect(densityLayer(store, near).props.visible).toBe(false);
    expect(headingLayer(store, ui({ zoom: 10 })).props.visible).toBe(false);
    expect(headingLayer(store, near).props.visible).toBe(true);
    expect(densityLayer(store, far).props.data).toBe(store.binary());
    expect((headingLayer(store, near).props.data as ReturnType<LiveStore['binary']>).attributes.getAngle.value).toBe(store.angles);
  });

  it('selection follows the chosen slot with a stable one-element array', () => {
    const store = liveStore();
    const a = selectionLayer(store, ui({ selectedVin: 'B' }));
    expect(a.props.data).toEqual([1]);
    expect(selectionLayer(store, ui({ selectedVin: 'B' })).props.data).toBe(a.props.data);
    expect(selectionLayer(store, ui({ selectedVin: 'nobody' })).props.data).toEqual([]);
    const getPosition = a.props.getPosition as unknown as (slot: number) => number[];
    expect(getPosition(1)).toEqual([114, 22]);
  });
});

describe('fence and track factories', () => {
  const store = new LiveStore(1);
  it('fences: circles become closed rings once per fence object', () => {
    const fences: FenceShape[] = [
      { id: '1', name: 'c', geometry: { kind: 'circle', center: [114, 22], radius: 500 } },
      { id: '2', name: 'p', geometry: { kind: 'polygon', points: [[114, 22], [114.1, 22], [114.1, 22.1]] } },
    ];
    const layer = fencesLayer(store, ui({ fences }));
    expect(layer.props.data).toBe(fences);
    const getPolygon = layer.props.getPolygon as (f: FenceShape) => [number, number][];
    const ring = getPolygon(fences[0]);
    expect(ring.length).toBe(65);
    expect(ring[0]).toEqual(ring[64]);
    expect(getPolygon(fences[0])).toBe(ring);
    expect(getPolygon(fences[1])).toBe((fences[1].geometry as { points: unknown }).points);
  });

  it('draft: outline and pickable handles', () => {
    const draft = { kind: 'polygon' as const, points: [[114, 22], [114.1, 22]] as [number, number][] };
    expect(draftLayer(store, ui({ draft })).props.data).toEqual([draft]);
    const handles = draftHandlesLayer(store, ui({ draft }));
    expect(handles.props.data).toBe(draft.points);
    expect(handles.props.pickable).toBe(true);
    expect(draftLayer(store, ui()).props.data).toEqual([]);
  });

  it('track: one stable data array per track, the playhead as a single point', () => {
    const track: Track = { points: [], path: new Float64Array([114, 22, 114.1, 22.1]), stops: [{ lng: 114, lat: 22, start: 1, end: 2 }] };
    const a = trackLayer(store, ui({ track }));
    expect(a.props.data).toEqual([track]);
    expect(trackLayer(store, ui({ track })).props.data).toBe(a.props.data);
    expect(stopsLayer(store, ui({ track })).props.data).toBe(track.stops);
    expect(playheadLayer(store, ui({ playhead: { lng: 114, lat: 22, heading: 0 } })).props.data).toHaveLength(1);
  });
});
