import { locationText } from '@wdiov/contracts';
import { mapGeoReGeoCodeRoute } from '@wdiov/contracts/api/map-geo.route';
import { createRouter } from '../../../lib/create-app.ts';
import { routeOf } from '../../../lib/contract.ts';
import { data } from '../../../lib/envelope.ts';
import type { BespokeDeps } from '../../bespoke-deps.ts';
import { geoProvider } from './provider.ts';
import { requestLanguage } from '../../../lib/request-language.ts';
import { resourceText } from '../../../lib/texts/resource-text.ts';

/** A person asked: the online geocoder may take this long before the answer words the point offline. */
const ASKED_WAIT_MS = 2000;

/**
 * mapGeo/reGeoCode?location=lng,lat → the province and city of a point and, in `formattedAddress`
 * and `placeLocation`, the point in words: the online geocoder's address, or the district and the
 * nearest of the caller's tenant's own places, in the request's language.
 */
export function mapGeoRoutes({ env, geocoder }: BespokeDeps) {
  const provider = geoProvider(env);

  return createRouter().openapi(routeOf(mapGeoReGeoCodeRoute), async (c) => {
    const { location } = c.req.valid('query');
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
}
