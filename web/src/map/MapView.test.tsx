import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useMapHandle } from './map-context';
import { MapView } from './MapView';
import { mapDatum } from './map-settings';

type Listener = (e: object) => void;
/** No WebGL in jsdom: a MapLibre stand-in whose events the test fires. */
const maps = vi.hoisted(() => [] as Array<{ fireLoad: () => void; fire: (type: string, e: object) => void; removed: boolean; style: unknown; initial: unknown }>);
const settings = vi.hoisted(() => ({ choice: { preset: 'offline', url: '', datum: 'wgs84' } as { preset: string; url: string; datum: 'wgs84' | 'gcj02' } }));
const OUTLINE = vi.hoisted(() => ({ version: 8, name: 'outline', sources: {}, layers: [] }));

vi.mock('maplibre-gl', () => {
  class FakeMap {
    removed = false;
    style: unknown = undefined;
    initial: unknown;
    private readonly listeners = new Map<string, Set<Listener>>();
    dragRotate = { disable: () => undefined };
    touchZoomRotate = { disableRotation: () => undefined };
    constructor(options: { style: unknown }) {
      this.initial = options.style;
      maps.push(this as unknown as (typeof maps)[number]);
    }
    addControl() {}
    on(type: string, listener: Listener) {
      if (!this.listeners.has(type)) this.listeners.set(type, new Set());
      this.listeners.get(type)!.add(listener);
    }
    off(type: string, listener: Listener) {
      this.listeners.get(type)?.delete(listener);
    }
    once(type: string, listener: Listener) {
      const once = (e: object) => {
        this.off(type, once);
        listener(e);
      };
      this.on(type, once);
    }
    fire(type: string, e: object) {
      [...(this.listeners.get(type) ?? [])].forEach((l) => l(e));
    }
    fireLoad() {
      this.fire('style.load', {});
    }
    setStyle(style: unknown) {
      this.style = style;
    }
    remove() {
      this.removed = true;
    }
  }
  class Control {}
  return { default: { Map: FakeMap, NavigationControl: Control, ScaleControl: Control, AttributionControl: Control } };
});
vi.mock('@deck.gl/mapbox', () => ({ MapboxOverlay: class { setProps() {} } }));
vi.mock('./offline-basemap', () => ({ loadOfflineStyle: () => Promise.resolve(OUTLINE) }));
vi.mock('./use-basemap-config', () => ({ useBasemapConfig: () => ({ settled: true }) }));
vi.mock('./map-settings', async (original) => {
  const actual = await original<typeof import('./map-settings')>();
  return { ...actual, basemapChoice: () => (actual.drawInDatum(settings.choice.datum), settings.choice) };
});

function Controller() {
  useMapHandle();
  return <p>controller mounted</p>;
}

async function openMap(choice: typeof settings.choice) {
  settings.choice = choice;
  const before = maps.length;
  render(
    <MapView>
      <Controller />
    </MapView>,
  );
  await vi.waitFor(() => expect(maps).toHaveLength(before + 1), { timeout: 15_000 });
  return maps[before]!;
}

describe('map view', () => {
  it('shows a loading indicator and reports readiness only once the map has loaded', async () => {
    settings.choice = { preset: 'offline', url: '', datum: 'wgs84' };
    const onReadyChange = vi.fn();
    render(
      <MapView onReadyChange={onReadyChange}>
        <Controller />
      </MapView>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('地图加载中');
    await vi.waitFor(() => expect(maps).toHaveLength(1));
    expect(maps[0]!.initial).toBe(OUTLINE);
    expect(screen.queryByText('controller mounted')).toBeNull();
    expect(onReadyChange).not.toHaveBeenCalledWith(true);

    act(() => maps[0]!.fireLoad());
    expect(await screen.findByText('controller mounted')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onReadyChange).toHaveBeenLastCalledWith(true);
  });

  it('falls back to the outline and says so when a style URL cannot be read, not on one tile error', async () => {
    const map = await openMap({ preset: 'custom', url: 'http://127.0.0.1:9/unreachable-style.json', datum: 'wgs84' });
    expect(map.initial).toBe('http://127.0.0.1:9/unreachable-style.json');
    act(() => map.fire('error', { sourceId: 'basemap', tile: {}, error: new Error('500') }));
    expect(map.style).toBeUndefined();
    act(() => map.fire('error', { error: new TypeError('Failed to fetch') }));
    await vi.waitFor(() => expect(map.style).toBe(OUTLINE));
    expect(screen.getByRole('alert')).toHaveTextContent('底图无法加载');
    act(() => map.fireLoad());
    expect(await screen.findByText('controller mounted')).toBeInTheDocument();
  });

  it('an AMap preset draws in GCJ-02 until its tiles fail three times in a row, then the outline in WGS-84', async () => {
    const map = await openMap({ preset: 'amap-road', url: '', datum: 'gcj02' });
    expect((map.initial as { metadata: object }).metadata).toMatchObject({ 'wdiov:preset': 'amap-road' });
    act(() => map.fireLoad());
    expect(mapDatum()).toBe('gcj02');
    for (let i = 0; i < 3; i++) act(() => map.fire('error', { sourceId: 'basemap', tile: { state: 'errored' }, error: { status: 0 } }));
    await vi.waitFor(() => expect(map.style).toBe(OUTLINE));
    expect(mapDatum()).toBe('wgs84');
    expect(screen.getByRole('alert')).toHaveTextContent('已切换到内置轮廓图');
    expect(await screen.findByText('controller mounted')).toBeInTheDocument();
  });

  it('a Tianditu preset without its key opens on the outline and names the missing key', async () => {
    const map = await openMap({ preset: 'tianditu-vec', url: '', datum: 'wgs84' });
    expect(map.initial).toBe(OUTLINE);
    expect(screen.getByRole('alert')).toHaveTextContent('map.tiandituKey');
  });
});
