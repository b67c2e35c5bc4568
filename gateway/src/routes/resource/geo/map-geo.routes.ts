import { z } from 'zod';
import { createRouter } from '../../../lib/create-app.ts';
import { data } from '../../../lib/envelope.ts';
import { parseWith } from '../../../lib/read-input.ts';
import type { BespokeDeps } from '../../bespoke-deps.ts';
import { geoProvider } from './provider.ts';
import { say } from '../../../lib/request-language.ts';
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

/** mapGeo/reGeoCode?location=lng,lat → the province and city of a point. */
export function mapGeoRoutes({ env }: BespokeDeps) {
  const router = createRouter();
  const provider = geoProvider(env);

  router.get('/mapGeo/reGeoCode', async (c) => {
    const { location } = parseWith(locationInput, { location: c.req.query('location') });
    const text = `${location.lng},${location.lat}`;
    const address = await provider.reGeoCode(location);
    if (!address) {
      const empty = { formattedAddress: '', province: '', provinceCode: '', city: '', cityCode: '', location: text };
      return data(c, empty, resourceText('outsideChina'));
    }
    return data(c, { ...address, location: text });
  });

  return router;
}
