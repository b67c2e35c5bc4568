import { useEffect, useMemo } from 'react';
import { LiveStore } from '../live-store/live-store';
import type { LayerFactory } from '../map/layers/map-ui';
import { vehiclesLayer } from '../map/layers/vehicles-layer';
import { useMapHandle } from '../map/map-context';
import { onMap } from '../map/map-settings';
import { MapView } from '../map/MapView';
import { useLayerHost } from '../map/use-layer-host';
import type { SharedPosition } from './vehicle-share-api';

/** The live map's own vehicle dot, nothing else: a shared link shows one vehicle. */
const FACTORIES: readonly LayerFactory[] = [vehiclesLayer];
/** Zoom of the first framing: streets around the vehicle. */
const VEHICLE_ZOOM = 14;

/** Writes each new position into the page's store and keeps the vehicle in view. */
function VehicleLayer({ store, position }: { store: LiveStore; position: SharedPosition }) {
  const { map } = useMapHandle();
  useLayerHost(store, FACTORIES, {});
  const { lng, lat } = position;
  useEffect(() => {
    if (lng === null || lat === null) return;
    store.apply([{ vin: position.vin, lng, lat, state: position.state, alarmLevel: 0, heading: position.heading, speed: position.speedKmh ?? 0, soc: null, ts: Date.now() }]);
    map.easeTo({ center: onMap(lng, lat), zoom: Math.max(map.getZoom(), VEHICLE_ZOOM), duration: 600 });
  }, [map, store, position, lng, lat]);
  return null;
}

/** The shared vehicle on the configured basemap, the camera following it as it moves. */
export function SharedVehicleMap({ position, label }: { position: SharedPosition; label: string }) {
  const store = useMemo(() => new LiveStore(1), []);
  return (
    <section className="wd-shared-map" aria-label={label}>
      <MapView>
        <VehicleLayer store={store} position={position} />
      </MapView>
    </section>
  );
}
