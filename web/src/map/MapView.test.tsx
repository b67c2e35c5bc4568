import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useMapHandle } from './map-context';
import { MapView } from './MapView';

/** No WebGL in jsdom: a MapLibre stand-in whose 'load' the test fires. */
const maps = vi.hoisted(() => [] as Array<{ fireLoad: () => void; removed: boolean }>);

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
    remove() {
      this.removed = true;
    }
  }
  class Control {}
  return { default: { Map: FakeMap, NavigationControl: Control, ScaleControl: Control } };
});
vi.mock('@deck.gl/mapbox', () => ({ MapboxOverlay: class { setProps() {} } }));
vi.mock('./offline-basemap', () => ({ loadOfflineStyle: () => Promise.resolve({ version: 8, sources: {}, layers: [] }) }));

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
});
