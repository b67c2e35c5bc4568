import type { Env } from '../../../env.ts';
import { locate, type GeoAddress } from './offline.ts';

export interface GeoPoint {
  lng: number;
  lat: number;
}

/**
 * Something that turns a point into its province and city, from the bundled data. The street
 * address of the online geocoders (AMap, Tianditu) and the nearest own place come from
 * geocode/geocoder.ts, which words the point beside it.
 */
export interface GeoProvider {
  readonly name: string;
  /** The address of a point, or null when the point is outside the provider's coverage (outside China). */
  reGeoCode(point: GeoPoint): Promise<GeoAddress | null>;
}

export const offlineProvider: GeoProvider = {
  name: 'offline',
  reGeoCode: async ({ lng, lat }) => locate(lng, lat),
};

/**
 * The provider for this gateway. A key sent by the client is deliberately not used: the server
 * would otherwise make outbound calls on behalf of anyone who can sign in.
 */
export function geoProvider(_env: Env): GeoProvider {
  return offlineProvider;
}
