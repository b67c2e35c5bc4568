/**
 * Deterministic demo data shared by the gateway (which seeds the demo fleet and fences)
 * and the simulator (which drives it): seeded random numbers, demo identities, cities.
 * Pure and browser-safe.
 */
export { hashSeed, mulberry32, SeededRandom } from './random.ts';
export {
  DEMO_FLEET, MAX_DEMO_FLEET, VIN_ALPHABET, demoFleet, demoIccid, demoImei, demoPlate, demoVehicle, demoVin,
  isValidVin, luhnCheckDigit, vinCheckDigit, type DemoVehicle,
} from './demo-fleet.ts';
export {
  CITIES, CITY_KEYS, DEFAULT_CITY, distanceM, isCityKey,
  type City, type CityKey, type FenceSite, type GeoPoint, type NamedPoint,
} from './cities.ts';
