import { useEffect, useMemo, useRef } from 'react';
import type { MapMouseEvent } from 'maplibre-gl';
import type { DeckProps } from '@deck.gl/core';
import { LiveStore } from '../live-store/live-store';
import { fencesOnMap, geometryOnMap } from '../map/datum-shapes';
import { boundsOf } from '../map/geo-math';
import { DRAFT_HANDLES_LAYER_ID, draftHandlesLayer, draftLayer, fencesLayer, ringOf } from '../map/layers/fence-layer';
import type { FenceGeometry, FenceShape, LayerFactory } from '../map/layers/map-ui';
import { useMapHandle } from '../map/map-context';
import { fromMap } from '../map/map-settings';
import { useLayerHost } from '../map/use-layer-host';

const FACTORIES: readonly LayerFactory[] = [fencesLayer, draftLayer, draftHandlesLayer];
const NO_LIVE = new LiveStore(1);

type GetCursor = NonNullable<DeckProps['getCursor']>;
/** Drawing: a crosshair to place points, a hand over a handle to pick it, grabbing while panning. */
export const drawingCursor: GetCursor = ({ isDragging, isHovering }) => (isDragging ? 'grabbing' : isHovering ? 'pointer' : 'crosshair');
/** deck.gl's own. */
export const defaultCursor: GetCursor = ({ isDragging }) => (isDragging ? 'grabbing' : 'grab');

interface Props {
  fences: readonly FenceShape[];
  draft: FenceGeometry | null;
  /** Fit the camera to this geometry once (the fence opened for editing). */
  focus: FenceGeometry | null;
  onMapClick: (point: [number, number]) => void;
  onHandleClick: (index: number) => void;
}

/** Saved fences, the draft and its handles; turns map clicks into drawing events (points in WGS-84). */
export function FenceDrawLayers({ fences, draft, focus, onMapClick, onHandleClick }: Props) {
  const { map, overlay } = useMapHandle();
  // Fences are stored in WGS-84: drawn on the basemap's datum, clicks taken back from it.
  const shownFences = useMemo(() => fencesOnMap(fences), [fences]);
  const shownDraft = useMemo(() => draft && geometryOnMap(draft), [draft]);
  useLayerHost(NO_LIVE, FACTORIES, { fences: shownFences, draft: shownDraft });
  const handlers = useRef({ onMapClick, onHandleClick });
  handlers.current = { onMapClick, onHandleClick };

  // MapLibre's click carries the coordinate even where deck.gl picks nothing; a handle under
  // the cursor wins over adding a point there.
  useEffect(() => {
    const onClick = (event: MapMouseEvent) => {
      const picked = overlay.pickObject({ x: event.point.x, y: event.point.y, radius: 4, layerIds: [DRAFT_HANDLES_LAYER_ID] });
      if (picked && picked.index >= 0) handlers.current.onHandleClick(picked.index);
      else handlers.current.onMapClick(fromMap(event.lngLat.lng, event.lngLat.lat));
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map, overlay]);

  // Double-click would zoom while the user is placing vertices. The cursor is deck.gl's to set
  // (interleaved, it styles the map's canvas on every pointer move): through its getCursor.
  useEffect(() => {
    map.doubleClickZoom.disable();
    overlay.setProps({ getCursor: drawingCursor });
    return () => {
      map.doubleClickZoom.enable();
      overlay.setProps({ getCursor: defaultCursor });
    };
  }, [map, overlay]);

  useEffect(() => {
    const bounds = focus ? boundsOf(ringOf(geometryOnMap(focus))) : null;
    if (bounds) map.fitBounds(bounds, { padding: 80, maxZoom: 16, duration: 0 });
  }, [map, focus]);

  return null;
}
