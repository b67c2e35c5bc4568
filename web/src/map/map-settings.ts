import { getStore, removeStore, setStore } from '../util/storage';

const KEY = 'mapStyleUrl';

/**
 * The basemap: a style URL (real tiles) from the user's setting, else the build's
 * VITE_MAP_STYLE_URL, else '' for the bundled offline basemap.
 */
export function mapStyleUrl(): string {
  const stored = getStore<string>(KEY);
  if (typeof stored === 'string' && stored.trim()) return stored.trim();
  return (import.meta.env.VITE_MAP_STYLE_URL as string | undefined)?.trim() ?? '';
}

export function setMapStyleUrl(url: string): void {
  if (url.trim()) setStore({ name: KEY, content: url.trim() });
  else removeStore(KEY);
}

/** Where the map opens before any vehicle is known: Shenzhen, where the simulator drives. */
export const DEFAULT_CENTER: [number, number] = [114.06, 22.54];
export const DEFAULT_ZOOM = 10;
