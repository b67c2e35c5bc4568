import { useEffect } from 'react';
import type { PickingInfo } from '@deck.gl/core';
import type { LiveStore } from '../live-store/live-store';
import { followVehicle } from '../map/follow';
import { densityLayer } from '../map/layers/density-layer';
import { headingLayer } from '../map/layers/heading-layer';
import type { LayerFactory } from '../map/layers/map-ui';
import { selectionLayer } from '../map/layers/selection-layer';
import { VEHICLES_LAYER_ID, vehiclesLayer } from '../map/layers/vehicles-layer';
import { useMapHandle } from '../map/map-context';
import { onMap } from '../map/map-settings';
import { useLayerHost } from '../map/use-layer-host';

/** Bottom to top: density at low zoom, dots, arrows, the selection ring. */
export const LIVE_FACTORIES: readonly LayerFactory[] = [densityLayer, vehiclesLayer, headingLayer, selectionLayer];

interface Props {
  store: LiveStore;
  selectedVin?: string;
  followVin?: string;
  onPick: (vin: string) => void;
  onFollowEnd: () => void;
}

/** The live map's deck.gl layers and camera behaviour; renders nothing itself. */
export function LiveLayers({ store, selectedVin, followVin, onPick, onFollowEnd }: Props) {
  const { map } = useMapHandle();
  useLayerHost(store, LIVE_FACTORIES, { selectedVin }, (info: PickingInfo) => {
    if (info.layer?.id === VEHICLES_LAYER_ID && info.index >= 0) onPick(store.vins[info.index]);
  });

  // A newly chosen vehicle is brought into view once; following keeps it there.
  useEffect(() => {
    const v = selectedVin ? store.vehicle(selectedVin) : undefined;
    if (v) map.flyTo({ center: onMap(v.lng, v.lat), zoom: Math.max(map.getZoom(), 13), duration: 800 });
  }, [map, store, selectedVin]);

  useEffect(() => {
    if (!followVin) return;
    const stop = followVehicle(map, store, followVin);
    // Dragging the map means the user wants to look elsewhere: stop following.
    const onDrag = () => onFollowEnd();
    map.on('dragstart', onDrag);
    return () => {
      stop();
      map.off('dragstart', onDrag);
    };
  }, [map, store, followVin, onFollowEnd]);

  return null;
}
