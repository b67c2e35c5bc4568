import { z } from 'zod';
import { wgs84ToGcj02 } from '@wdiov/contracts';
import type { Outbound } from '../outbound/outbound-policy.ts';
import { outboundGetJson } from './outbound-get.ts';

/** An online reverse geocoder: the formatted address of a WGS-84 point, '' when it has none. */
export interface RegeoService {
  readonly name: 'amap' | 'tianditu';
  address(lng: number, lat: number, timeoutMs: number): Promise<string>;
}

export const AMAP_ORIGIN = 'https://restapi.amap.com';
export const TIANDITU_ORIGIN = 'https://api.tianditu.gov.cn';

// AMap answers an empty value as [] rather than "".
const text = z.union([z.string(), z.array(z.unknown()).transform(() => '')]).optional();

const amapAnswer = z.object({
  status: z.string(),
  info: z.string().optional(),
  regeocode: z.object({ formatted_address: text }).optional(),
});

const tiandituAnswer = z.object({
  status: z.union([z.string(), z.number()]).transform(String),
  msg: z.string().optional(),
  result: z.object({ formatted_address: text }).optional(),
});

const six = (n: number) => n.toFixed(6);

/** AMap Web服务 regeo: GCJ-02 input at most 6 decimals (basemaps.md §1.4). */
export function amapRegeo(outbound: Outbound, key: string, origin = AMAP_ORIGIN): RegeoService {
  return {
    name: 'amap',
    async address(lng, lat, timeoutMs) {
      const [gLng, gLat] = wgs84ToGcj02(lng, lat);
      const url = new URL('/v3/geocode/regeo', origin);
      url.search = new URLSearchParams({ key, location: `${six(gLng)},${six(gLat)}`, extensions: 'base', output: 'JSON' }).toString();
      const answer = amapAnswer.parse(await outboundGetJson(outbound, url, timeoutMs));
      if (answer.status !== '1') throw new Error(`amap regeo: ${answer.info ?? answer.status}`);
      return answer.regeocode?.formatted_address ?? '';
    },
  };
}

/** Tianditu's geocoder: CGCS2000 input, which WGS-84 is at street scale (basemaps.md §2.4). */
export function tiandituRegeo(outbound: Outbound, key: string, origin = TIANDITU_ORIGIN): RegeoService {
  return {
    name: 'tianditu',
    async address(lng, lat, timeoutMs) {
      const url = new URL('/geocoder', origin);
      url.search = new URLSearchParams({ postStr: JSON.stringify({ lon: Number(six(lng)), lat: Number(six(lat)), ver: 1 }), type: 'geocode', tk: key }).toString();
      const answer = tiandituAnswer.parse(await outboundGetJson(outbound, url, timeoutMs));
      if (answer.status !== '0') throw new Error(`tianditu geocoder: ${answer.msg ?? answer.status}`);
      return answer.result?.formatted_address ?? '';
    },
  };
}
