// Demo fleet identities: valid, unique, deterministic; seeded random streams; city data.
import { describe, expect, it } from 'vitest';
import {
  CITIES, CITY_KEYS, DEMO_FLEET, SeededRandom, demoFleet, demoIccid, demoImei, demoPlate, demoVehicle, demoVin,
  distanceM, hashSeed, isValidVin, luhnCheckDigit, mulberry32, vinCheckDigit,
} from '../../src/simulation/index.ts';

const luhnValid = (digits: string) => luhnCheckDigit(digits.slice(0, -1)) === digits.slice(-1);

describe('VIN check digit (ISO 3779 / FMVSS 565)', () => {
  it('matches published VINs', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X'); // the textbook example
    expect(isValidVin('1M8GDM9AXKP042788')).toBe(true);
    expect(isValidVin('LSJE24066JG229589')).toBe(true); // reference frame V1
    expect(isValidVin('LSJE24076JG229589')).toBe(false);
    expect(isValidVin('11111111111111111')).toBe(true);
  });

  it('rejects I, O, Q and wrong lengths', () => {
    expect(isValidVin('1M8GDM9AXKP04278')).toBe(false);
    expect(isValidVin('IM8GDM9AXKP042788')).toBe(false);
    expect(() => vinCheckDigit('1M8GDM9AXKP0427Q8')).toThrow(RangeError);
  });
});

describe('demo identities', () => {
  const fleet = demoFleet(DEMO_FLEET.seed, 5000);

  it('DEMO_FLEET is the fleet the gateway seeds', () => {
    expect(DEMO_FLEET).toEqual({ seed: 1, count: 200 });
    const seeded = demoFleet(DEMO_FLEET.seed, DEMO_FLEET.count);
    expect(seeded).toHaveLength(200);
    expect(seeded.map((v) => v.index)).toEqual([...Array(200).keys()]);
    expect(seeded[17]).toEqual(demoVehicle(1, 17));
  });

  it('VINs are valid, 17 chars without I/O/Q, China-style WMI, unique', () => {
    for (const v of fleet) {
      expect(v.vin).toMatch(/^L[0-9A-HJ-NPR-Z]{16}$/);
      expect(isValidVin(v.vin)).toBe(true);
    }
    expect(new Set(fleet.map((v) => v.vin)).size).toBe(fleet.length);
  });

  it('plates are new-energy small-car plates, unique', () => {
    for (const v of fleet) expect(v.plate).toMatch(/^粤B·D[0-9A-HJ-NP-Z]\d{4}$/);
    expect(new Set(fleet.map((v) => v.plate)).size).toBe(fleet.length);
    expect(demoPlate(1, 3, '京A')).toMatch(/^京A·D/);
  });

  it('ICCIDs have 20 digits and IMEIs 15, both Luhn-valid and unique', () => {
    for (const v of fleet) {
      expect(v.iccid).toMatch(/^8986\d{16}$/);
      expect(v.imei).toMatch(/^86\d{13}$/);
      expect(luhnValid(v.iccid) && luhnValid(v.imei)).toBe(true);
    }
    expect(new Set(fleet.map((v) => v.iccid)).size).toBe(fleet.length);
    expect(new Set(fleet.map((v) => v.imei)).size).toBe(fleet.length);
    expect(luhnCheckDigit('49015420323751')).toBe('8'); // a published IMEI
  });

  it('is deterministic per seed and differs between seeds', () => {
    expect(demoFleet(1, 50)).toEqual(demoFleet(1, 50));
    expect(demoVin(2, 0)).not.toBe(demoVin(1, 0));
    expect(demoIccid(2, 0)).not.toBe(demoIccid(1, 0));
    expect(demoImei(2, 0)).not.toBe(demoImei(1, 0));
  });

  it('rejects bad indices and sizes', () => {
    expect(() => demoVin(1, -1)).toThrow(RangeError);
    expect(() => demoVin(1, 1.5)).toThrow(RangeError);
    expect(() => demoFleet(1, 10_000_000)).toThrow(RangeError);
  });
});

describe('seeded random', () => {
  it('repeats a stream for a seed and stays in [0, 1)', () => {
    const a = new SeededRandom(42);
    const b = mulberry32(42);
    let sum = 0;
    for (let i = 0; i < 10_000; i++) {
      const x = a.next();
      expect(x).toBe(b());
      expect(x >= 0 && x < 1).toBe(true);
      sum += x;
    }
    expect(sum / 10_000).toBeCloseTo(0.5, 1);
  });

  it('derives distinct streams from (seed, index, stream)', () => {
    const seeds = new Set<number>();
    for (let i = 0; i < 1000; i++) for (let s = 0; s < 4; s++) seeds.add(hashSeed(1, i, s));
    expect(seeds.size).toBe(4000);
  });

  it('draws exponential waits with the right mean, Infinity for rate 0', () => {
    const r = new SeededRandom(7);
    let sum = 0;
    for (let i = 0; i < 20_000; i++) sum += r.exponential(4);
    expect(sum / 20_000).toBeCloseTo(0.25, 1);
    expect(r.exponential(0)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('cities', () => {
  it.each(CITY_KEYS)('%s: waypoints near the centre, fence sites off the waypoints', (key) => {
    const city = CITIES[key];
    expect(city.waypoints.length).toBeGreaterThanOrEqual(10);
    for (const w of city.waypoints) expect(distanceM(city.centre, w)).toBeLessThan(40_000);
    for (const f of city.fences) {
      expect(distanceM(city.centre, f)).toBeLessThan(30_000);
      for (const w of city.waypoints) expect(distanceM(f, w)).toBeGreaterThan(f.radiusM);
    }
  });
});
