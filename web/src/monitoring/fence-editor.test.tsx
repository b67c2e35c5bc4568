import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { MapboxOverlay } from '@deck.gl/mapbox';
import { LayerSlots } from '../map/layer-slots';
import { MapContext } from '../map/map-context';
import { defaultCursor, drawingCursor, FenceDrawLayers } from './FenceDrawLayers';
import FenceEditorPage from './FenceEditorPage';
import { createMonitoringFixture, page, renderAt } from './monitoring-fixture';

/** The page's map, loaded when the test says so (no WebGL in jsdom). */
const mapView = vi.hoisted(() => ({ onReadyChange: undefined as ((ready: boolean) => void) | undefined }));
vi.mock('../map/MapView', () => ({
  MapView: (props: { onReadyChange?: (ready: boolean) => void; children?: ReactNode }) => {
    mapView.onReadyChange = props.onReadyChange;
    return <div data-testid="map" />;
  },
}));

describe('fence editor', () => {
  it('keeps the drawing controls disabled, with a loading indicator, until the map has loaded', async () => {
    const f = createMonitoringFixture({ 'electronicFence/': page([]) });
    render(renderAt(f.services, '/base/electronicFence/draw', '/base/electronicFence/draw', <FenceEditorPage />));
    const drawing = () => [
      screen.getByRole('button', { name: '撤销' }),
      screen.getByRole('button', { name: '清除' }),
      ...screen.getByText('多边形').closest('.p-selectbutton')!.querySelectorAll('.p-button'),
    ];
    expect(screen.getByRole('status')).toHaveTextContent('地图加载中');
    for (const control of drawing()) expect(control.matches(':disabled, .p-disabled, [aria-disabled="true"]')).toBe(true);
    expect(screen.queryByText(/依次单击地图添加顶点/)).toBeNull();

    act(() => mapView.onReadyChange?.(true));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText(/依次单击地图添加顶点/)).toBeInTheDocument();
    for (const control of drawing()) expect(control.matches(':disabled, .p-disabled, [aria-disabled="true"]')).toBe(false);
  });

  it("draws with a crosshair through deck.gl's getCursor, and gives deck.gl its own back", () => {
    const setProps = vi.fn();
    const overlay = { setProps, pickObject: () => null } as unknown as MapboxOverlay;
    const map = {
      on: vi.fn(),
      off: vi.fn(),
      getZoom: () => 10,
      fitBounds: vi.fn(),
      doubleClickZoom: { disable: vi.fn(), enable: vi.fn() },
      getCanvas: () => document.createElement('canvas'),
    } as unknown as MapLibreMap;
    const handle = { map, overlay, slots: new LayerSlots(overlay) };
    const { unmount } = render(
      <MapContext.Provider value={handle}>
        <FenceDrawLayers fences={[]} draft={null} focus={null} onMapClick={() => undefined} onHandleClick={() => undefined} />
      </MapContext.Provider>,
    );
    const cursorOf = () => setProps.mock.calls.map(([props]) => props.getCursor).filter(Boolean).at(-1);
    expect(cursorOf()).toBe(drawingCursor);
    const state = { isDragging: false, isHovering: false };
    expect(drawingCursor(state)).toBe('crosshair');
    expect(drawingCursor({ ...state, isHovering: true })).toBe('pointer');
    expect(drawingCursor({ ...state, isDragging: true })).toBe('grabbing');
    expect(map.doubleClickZoom.disable).toHaveBeenCalled();

    unmount();
    expect(cursorOf()).toBe(defaultCursor);
    expect(defaultCursor(state)).toBe('grab');
    expect(map.doubleClickZoom.enable).toHaveBeenCalled();
  });
});
