import { useEffect, useMemo } from 'react';
import { LiveStore } from '../live-store/live-store';
import { pointOnMap, trackOnMap } from '../map/datum-shapes';
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

/** The route, its stops and the playhead (stored WGS-84, drawn on the basemap's datum); fits the camera to each newly loaded track. */
export function TrackLayers({ track: stored, playhead: at }: Props) {
  const { map } = useMapHandle();
  // Drawn where the basemap's datum puts them (GCJ-02 on a Chinese provider's style).
  const track = useMemo(() => stored && trackOnMap(stored), [stored]);
  const playhead = useMemo(() => at && pointOnMap(at), [at]);
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
