import { useEffect, useRef, useState, type ReactNode } from 'react';
import maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { MapboxOverlay } from '@deck.gl/mapbox';
import { Button } from 'primereact/button';
import { getLanguage, useI18n } from '../i18n/i18n';
import { presetStyle } from './basemap-presets';
import { watchBasemap } from './basemap-watch';
import { LayerSlots } from './layer-slots';
import { MapContext, type MapHandle } from './map-context';
import { basemapChoice, DEFAULT_CENTER, DEFAULT_ZOOM, drawInDatum, servedBasemapConfig } from './map-settings';
import { MapStyleSetting } from './MapStyleSetting';
import { loadOfflineStyle } from './offline-basemap';
import { useBasemapConfig } from './use-basemap-config';
import { exposeMapForTests } from './expose-map';
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

/** Why the map shows the bundled outline instead of the chosen basemap. */
type Fallback = 'tiles' | 'key';

/** The chosen basemap's style, or why it cannot be drawn. */
function chosenStyle(): { style: string | maplibregl.StyleSpecification | null; online: boolean } {
  const choice = basemapChoice();
  if (choice.preset === 'offline') return { style: null, online: false };
  if (choice.preset === 'custom') return { style: choice.url, online: true };
  return { style: presetStyle(choice.preset, { ...servedBasemapConfig(), lang: getLanguage() }), online: true };
}

/**
 * One MapLibre map per mounted page with a deck.gl overlay interleaved into its layer stack,
 * so fences and tracks sit under the basemap's labels of real tiles and share one GL context.
 * The instance lives as long as the page: re-renders never recreate it. When the chosen
 * basemap cannot load (no network, a blocked host, no key) the map switches to the bundled
 * outline, draws positions in its datum (WGS-84) and says so; it never stays blank.
 */
export function MapView({ center = DEFAULT_CENTER, zoom = DEFAULT_ZOOM, className, children, onReadyChange }: MapViewProps) {
  const { t } = useI18n();
  const { settled } = useBasemapConfig();
  const containerRef = useRef<HTMLDivElement>(null);
  const [handle, setHandle] = useState<MapHandle | null>(null);
  const [failed, setFailed] = useState('');
  const [fallback, setFallback] = useState<Fallback | null>(null);
  const [styleKey, setStyleKey] = useState(0);
  const readyChange = useRef(onReadyChange);
  readyChange.current = onReadyChange;
  const ready = handle !== null;
  useEffect(() => readyChange.current?.(ready), [ready]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !settled) return;
    let map: maplibregl.Map | undefined;
    let cancelled = false;
    let unwatch = () => {};
    let unexpose = () => {};
    const { style, online } = chosenStyle();
    setFallback(null);
    if (online && !style) {
      drawInDatum('wgs84');
      setFallback('key');
    }
    (style ? Promise.resolve(style) : loadOfflineStyle())
      .then((initial) => {
        if (cancelled) return;
        map = new maplibregl.Map({ container, style: initial, center, zoom, attributionControl: false, maxPitch: 0 });
        map.dragRotate.disable();
        map.touchZoomRotate.disableRotation();
        map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
        map.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-left');
        // Tile providers' terms ask for their credit on the map.
        if (style) map.addControl(new maplibregl.AttributionControl({ compact: true }), 'bottom-right');
        // A few pixels of slack: 5 px dots moving at 1 Hz are hard to hit exactly.
        const overlay = new MapboxOverlay({ interleaved: true, layers: [], pickingRadius: 6 });
        const slots = new LayerSlots(overlay);
        overlay.setProps({ onClick: (info) => slots.dispatch(info) });
        map.addControl(overlay);
        const loaded = map;
        unexpose = exposeMapForTests(loaded, overlay);
        let fellBack = false;
        let ready = false;
        const fallBack = () => {
          if (fellBack || cancelled) return;
          fellBack = true;
          unwatch();
          // The outline is WGS-84: positions move back before the page's layers draw again.
          drawInDatum('wgs84');
          setFallback('tiles');
          // The page's controllers mount again (the context's key): fences and tracks are redrawn in the outline's datum.
          void loadOfflineStyle().then((outline) => !cancelled && loaded.setStyle(outline));
        };
        if (style) {
          unwatch = watchBasemap(loaded, fallBack);
          // A style URL that cannot be read (offline, a wrong address) names no source or tile.
          loaded.on('error', (e: { sourceId?: string; tile?: unknown }) => {
            if (!ready && typeof style === 'string' && e.sourceId === undefined && e.tile === undefined) fallBack();
          });
        }
        // The page's layers mount once the style is read, not after every basemap tile has been
        // drawn ('load'): on two cores the bundled 1:10M coast alone takes seconds in MapLibre's
        // worker, and vehicles, fences and tracks need none of it. The basemap fills in beneath.
        loaded.once('style.load', () => {
          ready = true;
          if (!cancelled) setHandle({ map: loaded, overlay, slots });
        });
      })
      .catch((error: unknown) => setFailed(error instanceof Error ? error.message : String(error)));
    return () => {
      cancelled = true;
      unwatch();
      unexpose();
      setHandle(null);
      map?.remove();
    };
    // The camera props are the initial view only; styleKey rebuilds after a style change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [styleKey, settled]);

  return (
    <div className={`wd-map ${className ?? ''}`}>
      <div ref={containerRef} className="wd-map-canvas" />
      {failed && <div className="wd-map-error">{t('mapLoadFailed', { reason: failed })}</div>}
      {fallback && (
        <div className="wd-map-fallback" role="alert">
          <span>{t(fallback === 'key' ? 'basemapFallbackKey' : 'basemapFallbackTiles')}</span>
          {fallback === 'tiles' && <Button size="small" text label={t('basemapRetry')} onClick={() => setStyleKey((k) => k + 1)} />}
        </div>
      )}
      {!handle && !failed && (
        <div className="wd-map-loading" role="status">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('mapLoading')}
        </div>
      )}
      <MapStyleSetting onChanged={() => setStyleKey((k) => k + 1)} />
      {handle && (
        <MapContext.Provider key={fallback ?? 'chosen'} value={handle}>
          {children}
        </MapContext.Provider>
      )}
    </div>
  );
}
