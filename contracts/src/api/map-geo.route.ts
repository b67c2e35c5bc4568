import { z } from 'zod';
import { spoken } from '../entity/validation-text.ts';
import { placeLocation } from '../geo/place-location.ts';
import { defineRoute } from './define-route.ts';

const LOCATION = { zh: 'location', en: 'location' };
const NUMBER = /^\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*$/;
const LOCATION_MAX = 64;

/** `lng,lat` in decimal degrees, one point. */
const location = z.string({ error: spoken('missingParam', LOCATION) })
  .max(LOCATION_MAX, { error: spoken('tooLong', LOCATION, LOCATION_MAX) })
  .regex(NUMBER, { error: spoken('lngLat', LOCATION) })
  .transform((v) => {
    const [, lng, lat] = NUMBER.exec(v)!;
    return { lng: Number(lng), lat: Number(lat) };
  })
  .refine((p) => p.lng >= -180 && p.lng <= 180, { error: spoken('coordinateRange', { zh: '经度', en: 'The longitude' }, 180) })
  .refine((p) => p.lat >= -90 && p.lat <= 90, { error: spoken('coordinateRange', { zh: '纬度', en: 'The latitude' }, 90) })
  .describe('longitude,latitude in decimal degrees, e.g. 114.0579,22.5431');

/** A point in words: its province and city (GB/T 2260), and the address people read. */
export const reGeoAddress = z.object({
  formattedAddress: z.string().describe('The point in words, in the request\'s language; \'\' outside China'),
  province: z.string(),
  provinceCode: z.string(),
  city: z.string(),
  cityCode: z.string(),
  location: z.string().describe('The point as read: lng,lat'),
  placeLocation: placeLocation.optional().describe('The parts of formattedAddress, for a screen to word in its own language'),
});
export type ReGeoAddress = z.infer<typeof reGeoAddress>;

/**
 * AMap's reGeoCode as BladeX serves it. AMap's other parameters (key, amapKey, radius,
 * extensions …) are accepted and ignored: the gateway never calls out with a caller's key.
 */
export const mapGeoReGeoCodeRoute = defineRoute({
  method: 'get', service: 'wdiov-resource', path: '/mapGeo/reGeoCode',
  summary: 'The province, city and address of a point: the online geocoder\'s address when one is set up, '
    + 'else the district and the nearest of the tenant\'s own places; outside China an empty address with a msg saying so',
  query: z.object({ location }),
  data: reGeoAddress,
});
