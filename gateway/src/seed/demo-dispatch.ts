import { ADMIN_TENANT_ID, entityByName } from '@wdiov/contracts';
import type { City } from '@wdiov/contracts/simulation/cities';
import { systemPrincipal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';

const sys = systemPrincipal(ADMIN_TENANT_ID);

/** Demo drivers: name, licence class (license_type keys). Phones and ID numbers are derived, valid by the driver form's rules. */
const DRIVERS: [name: string, licence: string][] = [
  ['张伟', 'B2'], ['王芳', 'C1'], ['李强', 'A2'], ['刘洋', 'B2'], ['陈静', 'C1'], ['杨帆', 'A1'], ['赵磊', 'B2'], ['黄敏', 'C1'],
];

/** Legs between the city's waypoints (indexes), as the routes a dispatch follows. */
const LEGS: [from: number, to: number][] = [[0, 10], [7, 13], [3, 6], [1, 8]];

/** Great-circle distance in km, rounded to 0.1 (the route's scale). */
function distanceKm(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(h)) * 10) / 10;
}

/**
 * Drivers and routes of the demo fleet's org, so that a dispatch (which needs a driver, and
 * follows a route) can be made on a fresh installation without typing master data first.
 */
export async function seedDemoDispatch(repos: Repositories, orgId: string, city: City): Promise<{ drivers: number; routes: number }> {
  if (!entityByName('driver') || !entityByName('route')) return { drivers: 0, routes: 0 };
  await repos.get('driver').insertMany(sys, DRIVERS.map(([driverName, licenseType], i) => ({
    driverName,
    phone: `1380013${String(8000 + i).padStart(4, '0')}`,
    // Area, birth date (yyyyMMdd), sequence, check character: 18 characters.
    idCardNo: `440301${1980 + i}0${(i % 9) + 1}15${100 + i}${i % 10}`,
    licenseType,
    licenseNo: `4403${String(100000 + i * 7919).padStart(8, '0')}`,
    licenseExpireDate: '2030-12-31',
    orgId,
    driverStatus: 1,
  })));
  const legs = LEGS.filter(([from, to]) => city.waypoints[from] && city.waypoints[to]);
  await repos.get('route').insertMany(sys, legs.map(([from, to]) => {
    const start = city.waypoints[from]!;
    const end = city.waypoints[to]!;
    const km = distanceKm(start, end);
    return {
      routeName: `${start.name} - ${end.name}`,
      startAddress: start.name, startLng: start.lng, startLat: start.lat,
      endAddress: end.name, endLng: end.lng, endLat: end.lat,
      distanceKm: km,
      // Urban driving at about 30 km/h.
      estimatedMinutes: Math.max(10, Math.round(km * 2)),
      orgId,
    };
  }));
  return { drivers: DRIVERS.length, routes: legs.length };
}
