import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useMapHandle } from './map-context';
import { MapView } from './MapView';

/** No WebGL in jsdom: a MapLibre stand-in whose 'load' the test fires. */
const maps = vi.hoisted(() => [] as Array<{ fireLoad: () => void; fireError: (e: object) => void; removed: boolean; style: unknown }>);
const settings = vi.hoisted(() => ({ url: '' }));

vi.mock('maplibre-gl', () => {
  class FakeMap {
    removed = false;
    private onLoad: (() => void) | undefined;
    dragRotate = { disable: () => undefined };
    touchZoomRotate = { disableRotation: () => undefined };
    constructor() {
      maps.push(this as unknown as (typeof maps)[number]);
    }
    addControl() {}
    once(event: string, listener: () => void) {
      if (event === 'load') this.onLoad = listener;
    }
    fireLoad() {
      this.onLoad?.();
    }
    style: unknown = undefined;
    private onError: ((e: object) => void) | undefined;
    on(event: string, listener: (e: object) => void) {
      if (event === 'error') this.onError = listener;
    }
    fireError(e: object) {
      this.onError?.(e);
    }
    setStyle(style: unknown) {
      this.style = style;
    }
    remove() {
      this.removed = true;
    }
  }
  class Control {}
  return { default: { Map: FakeMap, NavigationControl: Control, ScaleControl: Control } };
});
vi.mock('@deck.gl/mapbox', () => ({ MapboxOverlay: class { setProps() {} } }));
vi.mock('./offline-basemap', () => ({ loadOfflineStyle: () => Promise.resolve({ version: 8, sources: {}, layers: [] }), PLAIN_STYLE: { name: 'plain' } }));
vi.mock('./map-settings', async (original) => ({ ...(await original<typeof import('./map-settings')>()), mapStyleUrl: () => settings.url }));

function Controller() {
  useMapHandle();
  return <p>controller mounted</p>;
}

describe('map view', () => {
  it('shows a loading indicator and reports readiness only once the map has loaded', async () => {
    const onReadyChange = vi.fn();
    render(
      <MapView onReadyChange={onReadyChange}>
        <Controller />
      </MapView>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('地图加载中');
    await vi.waitFor(() => expect(maps).toHaveLength(1));
    expect(screen.queryByText('controller mounted')).toBeNull();
    expect(onReadyChange).not.toHaveBeenCalledWith(true);

    act(() => maps[0].fireLoad());
    expect(await screen.findByText('controller mounted')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(onReadyChange).toHaveBeenLastCalledWith(true);
  });

  it('draws on a plain background when the configured style cannot be read, not on a tile error', async () => {
    settings.url = 'http://127.0.0.1:9/unreachable-style.json';
    const before = maps.length;
    render(
      <MapView>
        <Controller />
      </MapView>,
    );
    await vi.waitFor(() => expect(maps).toHaveLength(before + 1), { timeout: 15_000 });
    const map = maps[before];
    map.fireError({ sourceId: 'streets', tile: {}, error: new Error('404') });
    expect(map.style).toBeUndefined();
    map.fireError({ error: new TypeError('Failed to fetch') });
    expect(map.style).toEqual({ name: 'plain' });
    act(() => map.fireLoad());
    expect(await screen.findByText('controller mounted')).toBeInTheDocument();
    settings.url = '';
  });
});
