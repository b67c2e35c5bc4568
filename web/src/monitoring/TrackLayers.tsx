import { useEffect } from 'react';
import { LiveStore } from '../live-store/live-store';
import { boundsOf } from '../map/geo-math';
import type { LayerFactory, Track } from '../map/layers/map-ui';
import { playheadLayer, stopsLayer, trackLayer } from '../map/layers/track-layer';
import { useMapHandle } from '../map/map-context';
import { useLayerHost } from '../map/use-layer-host';

const FACTORIES: readonly LayerFactory[] = [trackLayer, stopsLayer, playheadLayer];
/** Playback draws no live vehicles: the factories get an empty store. */
const NO_LIVE = new LiveStore(1);

interface Props {
  track: Track | null;
  playhead: { lng: number; lat: number; heading: number } | null;
}

/** The route, its stops and the playhead; fits the camera to each newly loaded track. */
export function TrackLayers({ track, playhead }: Props) {
  const { map } = useMapHandle();
  useLayerHost(NO_LIVE, FACTORIES, { track, playhead });

  useEffect(() => {
    if (!track) return;
    const bounds = boundsOf(track.points.map((p) => [p.lng, p.lat] as [number, number]));
    if (bounds) map.fitBounds(bounds, { padding: 60, maxZoom: 16, duration: 600 });
  }, [map, track]);

  // Keep the playhead on screen without chasing it every frame.
  useEffect(() => {
    if (!playhead) return;
    const b = map.getBounds();
    if (!b.contains([playhead.lng, playhead.lat])) map.panTo([playhead.lng, playhead.lat], { duration: 300 });
  }, [map, playhead]);

  return null;
}
