/**
 * SAE J1939-73 DM1 (PGN 65226 / 0xFECA, active DTCs; DM2 = previously active, same layout).
 * Payload: byte 0 lamp status, byte 1 lamp flash, then 4 bytes per DTC:
 *   b0 = SPN bits 0–7, b1 = SPN bits 8–15, b2 = SPN bits 16–18 (bits 5–7) + FMI (bits 0–4),
 *   b3 = CM (bit 7) + occurrence count (bits 0–6, 127 = not available).
 * A fault is unique only per (source address, SPN, FMI); the source address comes from
 * the CAN id, so callers pair it with the result.
 */

export const DM1_PGN = 0xfeca;
export const DM2_PGN = 0xfecb;

export type LampStatus = 'off' | 'on' | 'error' | 'notAvailable';
export type LampFlash = 'slow' | 'fast' | 'reserved' | 'notAvailable';

export interface Lamps<T> {
  /** Bits 0–1. */
  protect: T;
  /** Bits 2–3. */
  amberWarning: T;
  /** Bits 4–5. */
  redStop: T;
  /** Bits 6–7: malfunction indicator lamp. */
  mil: T;
}

export interface J1939Dtc {
  /** Suspect parameter number, 0..524287. */
  spn: number;
  /** Failure mode identifier, 0..31. */
  fmi: number;
  fmiText: string;
  /** Occurrence count, 0..126; 127 = not available. */
  occurrenceCount: number;
  /** SPN conversion method bit (0 = current method). */
  conversionMethod: number;
}

export interface Dm1 {
  lamps: Lamps<LampStatus>;
  flash: Lamps<LampFlash>;
  /** Active DTCs. The all-zero "no active DTC" entry and 0xFF padding are left out. */
  dtcs: J1939Dtc[];
}

export type Dm1Result = { ok: true; dm1: Dm1 } | { ok: false; reason: string };

const LAMP_STATUS: readonly LampStatus[] = ['off', 'on', 'error', 'notAvailable'];
const LAMP_FLASH: readonly LampFlash[] = ['slow', 'fast', 'reserved', 'notAvailable'];

/** FMI meanings (J1939-73). */
export const FMI_TEXT: readonly string[] = [
  'data valid but above normal operational range - most severe level',
  'data valid but below normal operational range - most severe level',
  'data erratic, intermittent or incorrect',
  'voltage above normal, or shorted to high source',
  'voltage below normal, or shorted to low source',
  'current below normal or open circuit',
  'current above normal or grounded circuit',
  'mechanical system not responding or out of adjustment',
  'abnormal frequency or pulse width or period',
  'abnormal update rate',
  'abnormal rate of change',
  'root cause not known',
  'bad intelligent device or component',
  'out of calibration',
  'special instructions',
  'data valid but above normal operating range - least severe level',
  'data valid but above normal operating range - moderately severe level',
  'data valid but below normal operating range - least severe level',
  'data valid but below normal operating range - moderately severe level',
  'received network data in error',
  'data drifted high',
  'data drifted low',
];

export function fmiText(fmi: number): string {
  if (fmi === 31) return 'condition exists / not available';
  return FMI_TEXT[fmi] ?? 'reserved';
}

function lamps<T>(byte: number, names: readonly T[]): Lamps<T> {
  return { protect: names[byte & 3], amberWarning: names[(byte >> 2) & 3], redStop: names[(byte >> 4) & 3], mil: names[(byte >> 6) & 3] };
}

/** One 4-byte DTC at `offset`. */
export function decodeJ1939Dtc(bytes: Uint8Array, offset: number): J1939Dtc {
  const b2 = bytes[offset + 2];
  const b3 = bytes[offset + 3];
  const spn = bytes[offset] | (bytes[offset + 1] << 8) | ((b2 >> 5) << 16);
  const fmi = b2 & 0x1f;
  return { spn, fmi, fmiText: fmiText(fmi), occurrenceCount: b3 & 0x7f, conversionMethod: b3 >> 7 };
}

/** Decodes a DM1 (or DM2) payload. Never throws; trailing bytes short of a DTC are ignored. */
export function decodeDm1(bytes: Uint8Array): Dm1Result {
  if (!(bytes instanceof Uint8Array)) return { ok: false, reason: 'input is not a Uint8Array' };
  if (bytes.length < 2) return { ok: false, reason: `${bytes.length} bytes, DM1 has at least 2 (lamp status and flash)` };
  const dtcs: J1939Dtc[] = [];
  for (let p = 2; p + 4 <= bytes.length; p += 4) {
    const allZero = (bytes[p] | bytes[p + 1] | bytes[p + 2] | bytes[p + 3]) === 0;
    const allOnes = (bytes[p] & bytes[p + 1] & bytes[p + 2] & bytes[p + 3]) === 0xff;
    if (allZero || allOnes) continue;
    dtcs.push(decodeJ1939Dtc(bytes, p));
  }
  return { ok: true, dm1: { lamps: lamps(bytes[0], LAMP_STATUS), flash: lamps(bytes[1], LAMP_FLASH), dtcs } };
}

/** Packs a DTC into its 4 bytes (for simulators and tests). */
export function encodeJ1939Dtc(spn: number, fmi: number, occurrenceCount: number, conversionMethod = 0): Uint8Array {
  if (!Number.isInteger(spn) || spn < 0 || spn > 0x7ffff) throw new RangeError('spn: 0..524287');
  if (!Number.isInteger(fmi) || fmi < 0 || fmi > 31) throw new RangeError('fmi: 0..31');
  if (!Number.isInteger(occurrenceCount) || occurrenceCount < 0 || occurrenceCount > 127) throw new RangeError('occurrenceCount: 0..127');
  return Uint8Array.of(spn & 0xff, (spn >> 8) & 0xff, ((spn >> 16) << 5) | fmi, (conversionMethod ? 0x80 : 0) | occurrenceCount);
}
