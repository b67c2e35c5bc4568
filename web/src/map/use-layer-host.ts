import { useEffect, useId, useRef } from 'react';
import type { PickingInfo } from '@deck.gl/core';
import type { LiveStore } from '../live-store/live-store';
import type { LayerFactory, MapUi } from './layers/map-ui';
import { LayerHost } from './layer-host';
import { useMapHandle } from './map-context';

/**
 * Binds a page's layer factories to the map: one LayerHost for the page's life, fed by the
 * store's batches; `ui` changes from React are merged in (shallow compare, no rerender loop).
 */
export function useLayerHost(
  store: LiveStore,
  factories: readonly LayerFactory[],
  ui: Partial<MapUi>,
  onClick?: (info: PickingInfo) => void,
): LayerHost | null {
  const { map, slots } = useMapHandle();
  const key = useId();
  const hostRef = useRef<LayerHost | null>(null);
  const clickRef = useRef(onClick);
  clickRef.current = onClick;

  useEffect(() => {
    const host = new LayerHost(slots.slot(key), store, factories, { ...ui, zoom: map.getZoom() });
    hostRef.current = host;
    const offClick = slots.onClick((info: PickingInfo) => clickRef.current?.(info));
    // Zoom drives visibility only (dots vs density, arrows): zoomend is often enough.
    const onZoom = () => host.setUi({ zoom: map.getZoom() });
    map.on('zoomend', onZoom);
    host.attach();
    return () => {
      map.off('zoomend', onZoom);
      offClick();
      host.detach();
      slots.remove(key);
      hostRef.current = null;
    };
    // The factories and store are fixed for a page; ui is pushed by the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, slots, key, store, factories]);

  useEffect(() => {
    hostRef.current?.setUi(ui);
  });

  return hostRef.current;
}
