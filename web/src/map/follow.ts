import type { LiveStore } from '../live-store/live-store';

export interface CameraLike {
  getCenter(): { lng: number; lat: number };
  easeTo(options: { center: [number, number]; duration: number }): unknown;
}

/** Under ~1 m at city zoom a move is invisible; skipping it spares the renderer a frame. */
const MIN_MOVE_DEG = 1e-5;

/**
 * Keeps the camera on one vehicle: centres at once, then eases along with each batch that
 * moved it. Returns the stop function.
 */
export function followVehicle(camera: CameraLike, store: LiveStore, vin: string, durationMs = 400): () => void {
  const centre = (duration: number) => {
    const slot = store.slotOf(vin);
    if (slot === undefined) return;
    const lng = store.positions[slot * 2];
    const lat = store.positions[slot * 2 + 1];
    const at = camera.getCenter();
    if (Math.abs(at.lng - lng) < MIN_MOVE_DEG && Math.abs(at.lat - lat) < MIN_MOVE_DEG) return;
    camera.easeTo({ center: [lng, lat], duration });
  };
  centre(0);
  return store.subscribe(() => centre(durationMs));
}
