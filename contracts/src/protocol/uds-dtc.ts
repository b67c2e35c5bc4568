/**
 * ISO 14229 (UDS) DTCs: 3 bytes High/Middle/Low + optional status byte.
 * Display (SAE J2012 / ISO 15031-6): High bits 7–6 → letter P/C/B/U, bits 5–4 → first
 * digit 0–3, bits 3–0 and the Middle byte → three hex digits; Low = failure type byte (FTB).
 * 0xC07304 → "U0073-04"; 0x900016 → "B1000-16".
 */

export type DtcSystem = 'powertrain' | 'chassis' | 'body' | 'network';

export interface UdsDtcStatus {
  raw: number;
  testFailed: boolean;
  testFailedThisOperationCycle: boolean;
  pendingDtc: boolean;
  confirmedDtc: boolean;
  testNotCompletedSinceLastClear: boolean;
  testFailedSinceLastClear: boolean;
  testNotCompletedThisOperationCycle: boolean;
  warningIndicatorRequested: boolean;
}

export interface UdsDtc {
  /** The 24-bit DTC number. */
  dtc: number;
  /** J2012 code from High and Middle bytes, e.g. "P0A1B". */
  code: string;
  /** Failure type byte (Low byte). */
  failureType: number;
  /** code + "-" + FTB in hex, e.g. "U0073-04". */
  text: string;
  system: DtcSystem;
  /** Present when the record carried a status byte. */
  status?: UdsDtcStatus;
}

export type UdsDtcResult = { ok: true; dtc: UdsDtc } | { ok: false; reason: string };

export interface UdsDtcReport {
  /** Service 0x59 sub-function (0x02 reportDTCByStatusMask, 0x0A reportSupportedDTC…). */
  subFunction: number;
  statusAvailabilityMask: number;
  dtcs: UdsDtc[];
}

export type UdsDtcReportResult = { ok: true; report: UdsDtcReport } | { ok: false; reason: string };

/** DTCFormatIdentifier values (ISO 14229-1). */
export const DtcFormat = { sae_j2012_da_00: 0x00, iso_14229_1: 0x01, sae_j1939_73: 0x02, iso_11992_4: 0x03, sae_j2012_da_04: 0x04 } as const;
/** ClearDiagnosticInformation group meaning "all DTCs". */
export const ALL_DTC_GROUP = 0xffffff;

const LETTERS = ['P', 'C', 'B', 'U'];
const SYSTEMS: readonly DtcSystem[] = ['powertrain', 'chassis', 'body', 'network'];

function hex(n: number, width: number): string {
  return n.toString(16).toUpperCase().padStart(width, '0');
}

/** J2012 code of a DTC's High and Middle bytes, e.g. (0x0A, 0x1B) → "P0A1B". */
export function j2012Code(high: number, middle: number): string {
  return LETTERS[(high >> 6) & 3] + ((high >> 4) & 3) + hex(high & 0x0f, 1) + hex(middle & 0xff, 2);
}

export function decodeUdsStatus(raw: number): UdsDtcStatus {
  return {
    raw,
    testFailed: (raw & 0x01) !== 0,
    testFailedThisOperationCycle: (raw & 0x02) !== 0,
    pendingDtc: (raw & 0x04) !== 0,
    confirmedDtc: (raw & 0x08) !== 0,
    testNotCompletedSinceLastClear: (raw & 0x10) !== 0,
    testFailedSinceLastClear: (raw & 0x20) !== 0,
    testNotCompletedThisOperationCycle: (raw & 0x40) !== 0,
    warningIndicatorRequested: (raw & 0x80) !== 0,
  };
}

function dtcAt(bytes: Uint8Array, p: number, withStatus: boolean): UdsDtc {
  const high = bytes[p];
  const code = j2012Code(high, bytes[p + 1]);
  const failureType = bytes[p + 2];
  const dtc: UdsDtc = {
    dtc: (high << 16) | (bytes[p + 1] << 8) | failureType,
    code,
    failureType,
    text: `${code}-${hex(failureType, 2)}`,
    system: SYSTEMS[(high >> 6) & 3],
  };
  if (withStatus) dtc.status = decodeUdsStatus(bytes[p + 3]);
  return dtc;
}

/** One DTC record: 3 bytes (DTC) or 4 bytes (DTC + status). Never throws. */
export function decodeUdsDtc(bytes: Uint8Array): UdsDtcResult {
  if (!(bytes instanceof Uint8Array)) return { ok: false, reason: 'input is not a Uint8Array' };
  if (bytes.length !== 3 && bytes.length !== 4) return { ok: false, reason: `${bytes.length} bytes, a DTC record has 3 or 4` };
  return { ok: true, dtc: dtcAt(bytes, 0, bytes.length === 4) };
}

/** A 24-bit DTC number as its record. */
export function udsDtcFromNumber(dtc: number): UdsDtc {
  return dtcAt(Uint8Array.of((dtc >> 16) & 0xff, (dtc >> 8) & 0xff, dtc & 0xff), 0, false);
}

/**
 * A positive ReadDTCInformation response (0x59, sub-function, status availability mask,
 * then 4-byte DTC+status records), e.g. the answer to 0x19 0x02. Never throws.
 */
export function decodeUdsDtcReport(bytes: Uint8Array): UdsDtcReportResult {
  if (!(bytes instanceof Uint8Array)) return { ok: false, reason: 'input is not a Uint8Array' };
  if (bytes.length < 3 || bytes[0] !== 0x59) return { ok: false, reason: 'not a positive ReadDTCInformation (0x59) response' };
  if ((bytes.length - 3) % 4 !== 0) return { ok: false, reason: `${bytes.length - 3} record bytes, not a multiple of 4` };
  const dtcs: UdsDtc[] = [];
  for (let p = 3; p < bytes.length; p += 4) dtcs.push(dtcAt(bytes, p, true));
  return { ok: true, report: { subFunction: bytes[1], statusAvailabilityMask: bytes[2], dtcs } };
}
