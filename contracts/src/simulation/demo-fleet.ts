/**
 * The demo fleet: deterministic identities (VIN, plate, SIM ICCID, modem IMEI) for the
 * vehicles the simulator drives. The gateway seeds DEMO_FLEET on first start and the
 * simulator's defaults log in exactly those vehicles, so `npm start` + `npm run simulate`
 * shows a living fleet without any setup. Pure and browser-safe.
 *
 * Identities are unique within one seed: every numbered part is an affine permutation of
 * the index (a·i + b mod M with a coprime to M), so no two indices collide below M.
 */
import { hashSeed } from './random.ts';

export interface DemoVehicle {
  index: number;
  vin: string;
  plate: string;
  /** SIM card id, 20 digits (ITU-T E.118, Luhn check digit last). */
  iccid: string;
  /** Modem IMEI, 15 digits (Luhn check digit last). */
  imei: string;
}

/** The fleet the gateway seeds and the simulator drives by default. */
export const DEMO_FLEET = { seed: 1, count: 200 } as const;

/** Largest fleet with unique identities (limited by the plate's 34 × 10⁴ combinations). */
export const MAX_DEMO_FLEET = 340_000;

/** VIN alphabet: digits and capitals without I, O, Q (ISO 3779). */
export const VIN_ALPHABET = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';
// Letters allowed on Chinese plates: no I or O (they read as 1 and 0).
const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const PLATE_FIRST = '0123456789' + PLATE_LETTERS;

const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_VALUES: Record<string, number> = {};
'0123456789'.split('').forEach((c, i) => (VIN_VALUES[c] = i));
'ABCDEFGH'.split('').forEach((c, i) => (VIN_VALUES[c] = i + 1));
'JKLMN'.split('').forEach((c, i) => (VIN_VALUES[c] = i + 1));
VIN_VALUES.P = 7;
VIN_VALUES.R = 9;
'STUVWXYZ'.split('').forEach((c, i) => (VIN_VALUES[c] = i + 2));

/** The ISO 3779 / FMVSS 565 check digit ('0'–'9' or 'X') of a 17-char VIN; position 9 is ignored. */
export function vinCheckDigit(vin: string): string {
  if (vin.length !== 17) throw new RangeError(`VIN must have 17 characters, got ${vin.length}`);
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = VIN_VALUES[vin[i]];
    if (value === undefined) throw new RangeError(`VIN character '${vin[i]}' is not allowed`);
    sum += value * VIN_WEIGHTS[i];
  }
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

/** True for 17 characters of the VIN alphabet whose position 9 is the right check digit. */
export function isValidVin(vin: string): boolean {
  if (!/^[0-9A-HJ-NPR-Z]{17}$/.test(vin)) return false;
  return vin[8] === vinCheckDigit(vin);
}

/** Luhn check digit of a digit string (ICCID, IMEI). */
export function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** i ↦ (a·i + b) mod m, a bijection on [0, m) with seed-dependent a and b. */
function permute(seed: number, salt: number, index: number, m: number): number {
  let a = (hashSeed(seed, salt, 1) % (m - 1)) + 1;
  while (gcd(a, m) !== 1) a++;
  const b = hashSeed(seed, salt, 2) % m;
  // a < m <= 10^9 and index < 340,000: the product stays below 2^53, so the arithmetic is exact.
  return (((a % m) * (index % m)) % m + b) % m;
}

function checkIndex(index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_DEMO_FLEET) {
    throw new RangeError(`demo vehicle index must be an integer in 0..${MAX_DEMO_FLEET - 1}, got ${index}`);
  }
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const charOf = (alphabet: string, h: number) => alphabet[h % alphabet.length];

// VIN positions 4–8 (VDS) per demo model: a city car, a delivery van, a bus.
const MODEL_CODES = ['EA1C2', 'EV3D4', 'EB5K6'];
// Model-year codes 2021–2025 (M N P R S).
const MODEL_YEARS = 'MNPRS';

/**
 * A valid 17-char VIN: WMI 'LWD' (an 'L…' China-style maker code chosen for the demo),
 * a model code, the check digit, model year, plant and a 6-digit serial unique per index.
 */
export function demoVin(seed: number, index: number): string {
  checkIndex(index);
  const model = MODEL_CODES[hashSeed(seed, index, 11) % MODEL_CODES.length];
  const year = charOf(MODEL_YEARS, hashSeed(seed, index, 12));
  const plant = charOf(VIN_ALPHABET.slice(10), hashSeed(seed, 13));
  const serial = pad(permute(seed, 14, index, 1_000_000), 6);
  const draft = `LWD${model}0${year}${plant}${serial}`;
  return draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9);
}

/**
 * A new-energy small-car plate: province + city letter + '·' + 'D' (pure electric) +
 * a letter or digit + 4 digits, e.g. 粤B·D12345. `prefix` picks the issuing city.
 */
export function demoPlate(seed: number, index: number, prefix = '粤B'): string {
  checkIndex(index);
  const n = permute(seed, 21, index, MAX_DEMO_FLEET);
  return `${prefix}·D${PLATE_FIRST[Math.floor(n / 10_000)]}${pad(n % 10_000, 4)}`;
}

/** 20-digit ICCID: 89 (telecom) 86 (China) 00 (issuer), 13 digits, Luhn check digit. */
export function demoIccid(seed: number, index: number): string {
  checkIndex(index);
  const body = `898600${pad(hashSeed(seed, 31) % 10_000, 4)}${pad(permute(seed, 32, index, 1_000_000_000), 9)}`;
  return body + luhnCheckDigit(body);
}

/** 15-digit IMEI: an '86…' type allocation code, 6-digit serial, Luhn check digit. */
export function demoImei(seed: number, index: number): string {
  checkIndex(index);
  const body = `86${pad(hashSeed(seed, 41) % 1_000_000, 6)}${pad(permute(seed, 42, index, 1_000_000), 6)}`;
  return body + luhnCheckDigit(body);
}

export function demoVehicle(seed: number, index: number, platePrefix?: string): DemoVehicle {
  return {
    index,
    vin: demoVin(seed, index),
    plate: demoPlate(seed, index, platePrefix),
    iccid: demoIccid(seed, index),
    imei: demoImei(seed, index),
  };
}

/** Vehicles 0..count−1 of a seed. */
export function demoFleet(seed: number, count: number, platePrefix?: string): DemoVehicle[] {
  if (!Number.isInteger(count) || count < 0 || count > MAX_DEMO_FLEET) {
    throw new RangeError(`demo fleet size must be an integer in 0..${MAX_DEMO_FLEET}, got ${count}`);
  }
  const out: DemoVehicle[] = [];
  for (let i = 0; i < count; i++) out.push(demoVehicle(seed, i, platePrefix));
  return out;
}
