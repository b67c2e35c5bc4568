import { useEffect, useRef, useState, type ReactNode } from 'react';
import maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { MapboxOverlay } from '@deck.gl/mapbox';
import { useI18n } from '../i18n/i18n';
import { LayerSlots } from './layer-slots';
import { MapContext, type MapHandle } from './map-context';
import { DEFAULT_CENTER, DEFAULT_ZOOM, mapStyleUrl } from './map-settings';
import { MapStyleSetting } from './MapStyleSetting';
import { loadOfflineStyle, PLAIN_STYLE } from './offline-basemap';
import './map.css';

interface MapViewProps {
  center?: [number, number];
  zoom?: number;
  className?: string;
  /** Controllers (render null) and overlays that need the map: mounted once it has loaded. */
  children?: ReactNode;
  /** Told when the map has loaded (its controllers are mounted) and when it is gone again. */
  onReadyChange?: (ready: boolean) => void;
}

/**
 * One MapLibre map per mounted page with a deck.gl overlay interleaved into its layer stack,
 * so fences and tracks sit under the basemap's labels of real tiles and share one GL context.
 * The instance lives as long as the page: re-renders never recreate it.
 */
export function MapView({ center = DEFAULT_CENTER, zoom = DEFAULT_ZOOM, className, children, onReadyChange }: MapViewProps) {
  const { t } = useI18n();
  const containerRef = useRef<HTMLDivElement>(null);
  const [handle, setHandle] = useState<MapHandle | null>(null);
  const [failed, setFailed] = useState('');
  const [styleKey, setStyleKey] = useState(0);
  const readyChange = useRef(onReadyChange);
  readyChange.current = onReadyChange;
  const ready = handle !== null;
  useEffect(() => readyChange.current?.(ready), [ready]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let map: maplibregl.Map | undefined;
    let cancelled = false;
    const url = mapStyleUrl();
    (url ? Promise.resolve<string | maplibregl.StyleSpecification>(url) : loadOfflineStyle())
      .then((style) => {
        if (cancelled) return;
        map = new maplibregl.Map({ container, style, center, zoom, attributionControl: false, maxPitch: 0 });
        map.dragRotate.disable();
        map.touchZoomRotate.disableRotation();
        map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
        map.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-left');
        // A few pixels of slack: 5 px dots moving at 1 Hz are hard to hit exactly.
        const overlay = new MapboxOverlay({ interleaved: true, layers: [], pickingRadius: 6 });
        const slots = new LayerSlots(overlay);
        overlay.setProps({ onClick: (info) => slots.dispatch(info) });
        map.addControl(overlay);
        const loaded = map;
        let ready = false;
        // A configured style that cannot be read (offline, a wrong address) would leave the map
        // loading for ever: a plain background instead, so the page's layers still draw. Errors
        // of a source or a tile (they name it) are the style's own business.
        if (url) {
          loaded.on('error', (e: { sourceId?: string; tile?: unknown }) => {
            if (!ready && !cancelled && e.sourceId === undefined && e.tile === undefined) loaded.setStyle(PLAIN_STYLE);
          });
        }
        loaded.once('load', () => {
          ready = true;
          if (!cancelled) setHandle({ map: loaded, overlay, slots });
        });
      })
      .catch((error: unknown) => setFailed(error instanceof Error ? error.message : String(error)));
    return () => {
      cancelled = true;
      setHandle(null);
      map?.remove();
    };
    // The camera props are the initial view only; styleKey rebuilds after a style change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [styleKey]);

  return (
    <div className={`wd-map ${className ?? ''}`}>
      <div ref={containerRef} className="wd-map-canvas" />
      {failed && <div className="wd-map-error">{t('mapLoadFailed', { reason: failed })}</div>}
      {!handle && !failed && (
        <div className="wd-map-loading" role="status">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('mapLoading')}
        </div>
      )}
      <MapStyleSetting onChanged={() => setStyleKey((k) => k + 1)} />
      {handle && <MapContext.Provider value={handle}>{children}</MapContext.Provider>}
    </div>
  );
}
