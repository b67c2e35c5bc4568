import { useEffect, useMemo } from 'react';
import type { LivePosition } from '@wdiov/contracts/live/socket-messages';
import { LiveStore } from '../live-store/live-store';
import { densityLayer } from '../map/layers/density-layer';
import type { LayerFactory } from '../map/layers/map-ui';
import { vehiclesLayer } from '../map/layers/vehicles-layer';
import { useMapHandle } from '../map/map-context';
import { onMap } from '../map/map-settings';
import { MapView } from '../map/MapView';
import { useLayerHost } from '../map/use-layer-host';

/** [lng, lat, state, alarmLevel] of a vehicle, as largeScreenStatistics/board answers them. */
export type ScreenPoint = [number, number, number, number];

/** The live map's own dots and density cells (map/layers), nothing a wall display cannot use. */
export const SCREEN_FACTORIES: readonly LayerFactory[] = [densityLayer, vehiclesLayer];

/** A store holding one board's positions (each refresh is a whole new picture of the fleet). */
export function storeOf(points: readonly ScreenPoint[]): LiveStore {
  const store = new LiveStore(Math.max(1, points.length));
  store.apply(points.map(([lng, lat, state, alarmLevel], i): LivePosition => ({ vin: String(i), lng, lat, state, alarmLevel, heading: 0, speed: 0, soc: null, ts: 0 })));
  return store;
}

/** The points' bounds on the basemap (its datum) with a margin, or undefined when there are none. */
export function boundsOf(points: readonly ScreenPoint[]): [[number, number], [number, number]] | undefined {
  if (points.length === 0) return undefined;
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const point of points) {
    const [lng, lat] = onMap(point[0], point[1]);
    w = Math.min(w, lng); e = Math.max(e, lng); s = Math.min(s, lat); n = Math.max(n, lat);
  }
  const pad = Math.max(e - w, n - s, 0.02) * 0.08;
  return [[w - pad, s - pad], [e + pad, n + pad]];
}

function FleetLayers({ store, bounds }: { store: LiveStore; bounds: ReturnType<typeof boundsOf> }) {
  const { map } = useMapHandle();
  useLayerHost(store, SCREEN_FACTORIES, {});
  // Framed once, on the first positions: a refresh must not move the wall display's camera.
  const framed = useMemo(() => ({ done: false }), []);
  useEffect(() => {
    if (!bounds || framed.done) return;
    framed.done = true;
    map.fitBounds(bounds, { padding: 24, animate: false, maxZoom: 13 });
  }, [map, bounds, framed]);
  return null;
}

/**
 * The large screen's map: the board's vehicles on MapLibre with the live map's deck.gl layers,
 * over the configured style (the offline basemap by default; a plain background when a
 * configured style cannot be read).
 */
export function LargeScreenMap({ points, label }: { points: readonly ScreenPoint[]; label: string }) {
  const store = useMemo(() => storeOf(points), [points]);
  const bounds = useMemo(() => boundsOf(points), [points]);
  return (
    <section className="wd-screen-fleetmap" aria-label={label} data-vehicles={points.length}>
      <MapView>
        <FleetLayers store={store} bounds={bounds} />
      </MapView>
    </section>
  );
}
