/**
 * Alarm data: 2016 type 0x07 (tables 17/18), 2025 type 0x06 (tables 23/24).
 * Highest level, 32 general flag bits (names in alarm-flags.ts), then four lists of
 * OEM-defined DWORD fault codes; 2025 appends (flag bit, level) pairs.
 * The list counts are read literally: the standard reserves 0xFE/0xFF for them, but a
 * count decides how many codes follow, so it cannot be a sentinel without breaking the layout.
 */
import { checkCount, required, type ByteReader, type ByteWriter } from './byte-io.ts';
import type { Edition } from './constants.ts';
import { byteReading, type Reading } from './sentinels.ts';

export interface AlarmFlagLevel {
  /** Index of a general alarm flag bit (0..31). */
  bit: number;
  /** OEM-defined level of that alarm (0..4 in practice). */
  level: number;
}

export interface AlarmData {
  kind: 'alarm';
  /** 0 none, 1 minor, 2 limit driving, 3 stop now, 4 thermal event (2025). */
  maxLevel: Reading;
  /** General alarm flags: bit n set = alarm n active (see ALARM_FLAGS). Reserved bits are kept. */
  flags: number;
  ressFaultCodes: number[];
  motorFaultCodes: number[];
  engineFaultCodes: number[];
  otherFaultCodes: number[];
  /** 2025 only: level of each active general alarm. */
  flagLevels?: AlarmFlagLevel[];
}

function readCodes(r: ByteReader, what: string): number[] {
  r.need(1, what);
  const n = r.u8();
  r.need(n * 4, what);
  const codes: number[] = [];
  for (let i = 0; i < n; i++) codes.push(r.u32());
  return codes;
}

function writeCodes(w: ByteWriter, codes: number[], field: string): void {
  checkCount(codes.length, 0xff, field);
  w.u8(codes.length, field);
  for (const c of codes) w.u32(c, field);
}

export function decodeAlarm(r: ByteReader, edition: Edition): AlarmData {
  r.need(5, 'alarm data');
  const alarm: AlarmData = {
    kind: 'alarm',
    maxLevel: byteReading(r.u8(), 0),
    flags: r.u32(),
    ressFaultCodes: readCodes(r, 'RESS fault codes'),
    motorFaultCodes: readCodes(r, 'motor fault codes'),
    engineFaultCodes: readCodes(r, 'engine fault codes'),
    otherFaultCodes: readCodes(r, 'other fault codes'),
  };
  if (edition === '2025') {
    r.need(1, 'alarm level count');
    const n = r.u8();
    r.need(n * 2, 'alarm levels');
    const flagLevels: AlarmFlagLevel[] = [];
    for (let i = 0; i < n; i++) flagLevels.push({ bit: r.u8(), level: r.u8() });
    alarm.flagLevels = flagLevels;
  }
  return alarm;
}

export function encodeAlarm(w: ByteWriter, a: AlarmData, edition: Edition): void {
  w.byteReading(a.maxLevel, 0, 'alarm.maxLevel');
  w.u32(a.flags, 'alarm.flags');
  writeCodes(w, a.ressFaultCodes, 'alarm.ressFaultCodes');
  writeCodes(w, a.motorFaultCodes, 'alarm.motorFaultCodes');
  writeCodes(w, a.engineFaultCodes, 'alarm.engineFaultCodes');
  writeCodes(w, a.otherFaultCodes, 'alarm.otherFaultCodes');
  if (edition === '2025') {
    const levels = required(a.flagLevels, 'alarm.flagLevels');
    checkCount(levels.length, 0xff, 'alarm.flagLevels');
    w.u8(levels.length, 'alarm level count');
    for (const l of levels) {
      w.u8(l.bit, 'alarm.flagLevels.bit');
      w.u8(l.level, 'alarm.flagLevels.level');
    }
  }
}
