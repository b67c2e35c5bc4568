import { z } from 'zod';
import { createRouter } from '../../../lib/create-app.ts';
import { data } from '../../../lib/envelope.ts';
import { parseWith } from '../../../lib/read-input.ts';
import type { BespokeDeps } from '../../bespoke-deps.ts';
import { geoProvider } from './provider.ts';

const NUMBER = /^\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*$/;

const locationInput = z.object({
  location: z.string({ error: '缺少必要的请求参数: location' })
    .max(64, { error: 'location 过长' })
    .regex(NUMBER, { error: 'location 应为 经度,纬度 (如 114.0579,22.5431)' })
    .transform((v) => {
      const [, lng, lat] = NUMBER.exec(v)!;
      return { lng: Number(lng), lat: Number(lat) };
    })
    .refine((p) => p.lng >= -180 && p.lng <= 180, { error: '经度应在 -180 到 180 之间' })
    .refine((p) => p.lat >= -90 && p.lat <= 90, { error: '纬度应在 -90 到 90 之间' }),
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
      return data(c, empty, '坐标不在中国境内, 无法解析地址');
    }
    return data(c, { ...address, location: text });
  });

  return router;
}
