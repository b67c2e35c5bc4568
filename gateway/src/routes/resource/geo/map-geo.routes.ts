import { z } from 'zod';
import { createRouter } from '../../../lib/create-app.ts';
import { data } from '../../../lib/envelope.ts';
import { parseWith } from '../../../lib/read-input.ts';
import type { BespokeDeps } from '../../bespoke-deps.ts';
import { geoProvider } from './provider.ts';
import { locationText } from '@wdiov/contracts';
import { requestLanguage, say } from '../../../lib/request-language.ts';
import { resourceText } from '../../../lib/texts/resource-text.ts';

const NUMBER = /^\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*$/;

const locationInput = z.object({
  location: z.string({ error: () => say('missingParam', { zh: 'location', en: 'location' }) })
    .max(64, { error: () => resourceText('locationTooLong') })
    .regex(NUMBER, { error: () => resourceText('location') })
    .transform((v) => {
      const [, lng, lat] = NUMBER.exec(v)!;
      return { lng: Number(lng), lat: Number(lat) };
    })
    .refine((p) => p.lng >= -180 && p.lng <= 180, { error: () => resourceText('longitude') })
    .refine((p) => p.lat >= -90 && p.lat <= 90, { error: () => resourceText('latitude') }),
  // AMap's parameters (key, amapKey, radius, extensions …) are accepted and ignored: see geoProvider.
});

/** A person asked: the online geocoder may take this long before the answer words the point offline. */
const ASKED_WAIT_MS = 2000;

/**
 * mapGeo/reGeoCode?location=lng,lat → the province and city of a point and, in `formattedAddress`
 * and `placeLocation`, the point in words: the online geocoder's address, or the district and the
 * nearest of the caller's tenant's own places, in the request's language.
 */
export function mapGeoRoutes({ env, geocoder }: BespokeDeps) {
  const router = createRouter();
  const provider = geoProvider(env);

  router.get('/mapGeo/reGeoCode', async (c) => {
    const { location } = parseWith(locationInput, { location: c.req.query('location') });
    const text = `${location.lng},${location.lat}`;
    const [address, located] = await Promise.all([
      provider.reGeoCode(location),
      geocoder?.locate(c.get('principal').tenantId, location.lng, location.lat, ASKED_WAIT_MS),
    ]);
    const words = located ? locationText(located, requestLanguage()) : '';
    if (address && located) return data(c, { ...address, formattedAddress: words || address.formattedAddress, location: text, placeLocation: located });
    if (!address && !located?.address) {
      const empty = { formattedAddress: '', province: '', provinceCode: '', city: '', cityCode: '', location: text };
      return data(c, empty, resourceText('outsideChina'));
    }
    if (!address) return data(c, { formattedAddress: words, province: '', provinceCode: '', city: '', cityCode: '', location: text, placeLocation: located });
    return data(c, { ...address, location: text });
  });

  return router;
}
