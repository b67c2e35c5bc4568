import { z } from 'zod';

/**
 * Where a vehicle is, as people read it: the address of the online reverse geocoder when one is
 * configured and answered, else the province and city (GB/T 2260) of the point and the nearest of
 * the tenant's own places with its distance. The parts travel separately, so every screen words
 * them in its user's language.
 */
export const PLACE_KINDS = ['chargeStation', 'serviceStation', 'storage', 'fence'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

export const nearPlace = z.object({
  kind: z.enum(PLACE_KINDS),
  name: z.string(),
  /** Metres from the point, rounded. */
  distanceM: z.number().int().nonnegative(),
});
export type NearPlace = z.infer<typeof nearPlace>;

export const placeLocation = z.object({
  /** The online geocoder's formatted address; '' when it did not answer (or none is configured). */
  address: z.string().default(''),
  /** Province and city of the point, e.g. `广东省深圳市`; '' outside China. */
  district: z.string().default(''),
  place: nearPlace.optional(),
});
export type PlaceLocation = z.infer<typeof placeLocation>;

const KIND_NAMES: Record<PlaceKind, { zh: string; en: string }> = {
  chargeStation: { zh: '充电站', en: 'charging station' },
  serviceStation: { zh: '服务站', en: 'service station' },
  storage: { zh: '仓库', en: 'storage' },
  fence: { zh: '围栏', en: 'fence' },
};

export const placeKindName = (kind: PlaceKind, lang: 'zh' | 'en') => KIND_NAMES[kind][lang];

/** `320 m`, `1.2 km`, `15 km`. */
export function distanceText(m: number): string {
  if (m < 1000) return `${Math.round(m)} m`;
  const km = m / 1000;
  return `${km < 10 ? km.toFixed(1) : Math.round(km)} km`;
}

/** "近 南山充电站 320 m" / "320 m from 南山充电站": the kind is added only when the name does not say it in either language. */
export function nearPlaceText(p: NearPlace, lang: 'zh' | 'en'): string {
  const kind = KIND_NAMES[p.kind][lang];
  const says = [KIND_NAMES[p.kind].zh, KIND_NAMES[p.kind].en].some((word) => p.name.toLowerCase().includes(word));
  const named = says ? p.name : lang === 'zh' ? `${p.name}${kind}` : `${p.name} ${kind}`;
  return lang === 'zh' ? `近 ${named} ${distanceText(p.distanceM)}` : `${distanceText(p.distanceM)} from ${named}`;
}

/** The one line a card or panel shows for a location ('' when nothing is known). */
export function locationText(l: PlaceLocation, lang: 'zh' | 'en'): string {
  if (l.address) return l.address;
  const near = l.place ? nearPlaceText(l.place, lang) : '';
  if (!near) return l.district;
  if (!l.district) return near;
  return lang === 'zh' ? `${l.district} ${near}` : `${near}, ${l.district}`;
}

/**
 * Platform parameters of the online reverse geocoder. With `amapKey` (an AMap Web服务 key) the
 * gateway asks AMap's regeo; else with the basemap's Tianditu key (`map.tiandituKey`) it asks
 * Tianditu's geocoder; else it answers from its own data. `origin` replaces the service's origin
 * (a mirror or proxy, or a test's own server). The host must be on the outgoing allow-list.
 */
export const GEOCODE_PARAMS = {
  amapKey: 'map.amapKey',
  origin: 'map.geocodeOrigin',
} as const;
