/**
 * The link from this platform to a superior platform (GB/T 32960.3 §6.3 / table 21): platform
 * login 0x05 and logout 0x06, the vehicles' realtime (0x02) and reissue (0x03) frames re-framed
 * for the superior platform's edition, heartbeats, and the superior platform's answers.
 */
import type { FrameBody } from './commands.ts';
import {
  BODY_OFFSET, Command, ENCRYPTION_OFFSET, Encryption, isEncrypted, LENGTH_OFFSET, MAX_BODY_LENGTH, MIN_FRAME_LENGTH, ResponseFlag, type Edition,
} from './constants.ts';
import { bcc, decodeFrame, editionOfStart, encodeFrame, frameBody } from './frame.ts';
import type { RealtimeBody, RealtimeItem } from './realtime.ts';
import { INVALID } from './sentinels.ts';
import { timeAt, type GbTime } from './time.ts';

/** Encryption rules a platform login may name, per edition (table 4: 0x04 SM2 and 0x05 SM4 are 2025 only). */
export const PLATFORM_ENCRYPTION: Record<Edition, readonly number[]> = {
  '2016': [Encryption.none, Encryption.rsa, Encryption.aes, Encryption.abnormal, Encryption.invalid],
  '2025': [Encryption.none, Encryption.rsa, Encryption.aes, Encryption.sm2, Encryption.sm4, Encryption.abnormal, Encryption.invalid],
};

/** Who this platform is at the superior platform. */
export interface PlatformIdentity {
  edition: Edition;
  /** The frame's 17-byte unique id field (the platform's code there); NUL-padded. */
  platformCode: string;
  /** STRING(12). */
  username: string;
  /** STRING(20). */
  password: string;
  /** Encryption rule byte of the login (PLATFORM_ENCRYPTION). */
  encryptionRule: number;
}

/** Login serial numbers run 1..65531, +1 per login, and restart each day (table 21). */
export const MAX_LOGIN_SEQ = 65531;

function checkIdentity(p: PlatformIdentity): void {
  if (!PLATFORM_ENCRYPTION[p.edition]?.includes(p.encryptionRule)) {
    throw new RangeError(`encryptionRule 0x${p.encryptionRule.toString(16)} is not defined in the ${p.edition} edition`);
  }
}

function checkSeq(seq: number): void {
  if (!Number.isInteger(seq) || seq < 1 || seq > MAX_LOGIN_SEQ) throw new RangeError(`seq: 1..${MAX_LOGIN_SEQ}, got ${seq}`);
}

/** Platform login 0x05: time(6), seq WORD, username STRING(12), password STRING(20), encryption rule BYTE. */
export function buildPlatformLogin(p: PlatformIdentity, seq: number, time: GbTime): Uint8Array {
  checkIdentity(p);
  checkSeq(seq);
  const body: FrameBody = { kind: 'platformLogin', time, seq, username: p.username, password: p.password, encryptionRule: p.encryptionRule };
  return encodeFrame({ edition: p.edition, command: Command.platformLogin, responseFlag: ResponseFlag.command, vin: p.platformCode, encryption: Encryption.none, body });
}

/** Platform logout 0x06: time(6) and the serial number of the login it ends. */
export function buildPlatformLogout(p: PlatformIdentity, seq: number, time: GbTime): Uint8Array {
  checkSeq(seq);
  return encodeFrame({ edition: p.edition, command: Command.platformLogout, responseFlag: ResponseFlag.command, vin: p.platformCode, encryption: Encryption.none, body: { kind: 'logout', time, seq } });
}

/** Heartbeat 0x07 (empty data unit) that keeps an idle link open. */
export function buildPlatformHeartbeat(p: Pick<PlatformIdentity, 'edition' | 'platformCode'>): Uint8Array {
  return encodeFrame({ edition: p.edition, command: Command.heartbeat, responseFlag: ResponseFlag.command, vin: p.platformCode, encryption: Encryption.none, body: { kind: 'empty' } });
}

/** The collection time of a realtime or reissue frame (its first six data bytes), or undefined. */
export function realtimeTimeOf(frame: Uint8Array): GbTime | undefined {
  const command = frame[2];
  if (frame.length < MIN_FRAME_LENGTH + 6 || (command !== Command.realtime && command !== Command.reissue)) return undefined;
  if (isEncrypted(frame[ENCRYPTION_OFFSET])) return undefined;
  return timeAt(frame, BODY_OFFSET);
}

/** Blocks of one edition that the other edition has no place for (2016 extremes and fuel cell; 2025 stacks and supercapacitors). */
const ONLY_IN: Record<Edition, ReadonlySet<RealtimeItem['kind']>> = {
  '2016': new Set(['extremes', 'fuelCell']),
  '2025': new Set(['fuelCellSystem', 'fuelCellStacks', 'supercapacitor', 'supercapacitorExtremes']),
};

/** A realtime body of one edition as the other edition carries it: blocks it lacks dropped, fields it needs filled as "invalid". */
function convertBody(body: RealtimeBody, to: Edition): RealtimeBody {
  const from: Edition = to === '2016' ? '2025' : '2016';
  const items: RealtimeItem[] = [];
  for (const item of body.items) {
    if (ONLY_IN[from].has(item.kind) || item.kind === 'unknown') continue;
    switch (item.kind) {
      case 'vehicle': items.push(to === '2016' ? { ...item, acceleratorPercent: item.acceleratorPercent ?? INVALID, brakePercent: item.brakePercent ?? INVALID } : item); break;
      case 'position': items.push(to === '2025' ? { ...item, coordinateSystem: item.coordinateSystem ?? 1 } : item); break;
      case 'alarm': items.push(to === '2025' ? { ...item, flagLevels: item.flagLevels ?? [] } : item); break;
      case 'motors': items.push(to === '2016' ? { ...item, motors: item.motors.map((m) => ({ ...m, controllerVoltageV: m.controllerVoltageV ?? INVALID, controllerCurrentA: m.controllerCurrentA ?? INVALID })) } : item); break;
      case 'cellVoltages': items.push(to === '2016' ? { ...item, packs: item.packs.map((p) => ({ ...p, totalCells: p.totalCells ?? p.cellVoltagesV.length, startCell: p.startCell ?? 1 })) } : item); break;
      case 'engine': items.push(to === '2016' ? { ...item, state: item.state ?? INVALID, fuelConsumptionLPer100km: item.fuelConsumptionLPer100km ?? INVALID } : item); break;
      default: items.push(item);
    }
  }
  return { kind: 'realtime', time: body.time, items };
}

/**
 * A vehicle's realtime or reissue frame as sent to a superior platform: the given command
 * (0x02 realtime, 0x03 reissue) in the platform's edition, BCC recomputed. Same edition: the
 * bytes are copied and only the command byte changes. Across editions the data unit is decoded
 * and encoded again (blocks the target edition lacks are dropped; the 2025 signature is not
 * carried into 2016, and a 2016 frame has none to carry). Throws on a frame it cannot read.
 */
export function reframeForPlatform(frame: Uint8Array, edition: Edition, command: typeof Command.realtime | typeof Command.reissue): Uint8Array {
  const from = frame.length >= MIN_FRAME_LENGTH ? editionOfStart(frame[0], frame[1]) : undefined;
  if (!from) throw new RangeError('not a GB/T 32960 frame');
  if (frame[2] !== Command.realtime && frame[2] !== Command.reissue) throw new RangeError(`command 0x${frame[2].toString(16)} is not realtime or reissue`);
  if (from === edition) {
    const out = frame.slice();
    out[2] = command;
    out[out.length - 1] = bcc(out, 2, out.length - 1);
    return out;
  }
  const decoded = decodeFrame(frame);
  if (!decoded.ok) throw new RangeError(`frame does not decode: ${decoded.reason}`);
  const { frame: f } = decoded;
  if (f.body.kind !== 'realtime') throw new RangeError('an encrypted data unit cannot change edition');
  return encodeFrame({ ...f, edition, command, body: convertBody(f.body, edition) });
}

/** Turns a data unit into another (encryption on the forwarder's side, decryption on the platform's). */
export type DataUnitTransform = (unit: Uint8Array) => Uint8Array;

/**
 * The frame with its data unit passed through `transform` and the encryption byte set to
 * `encryption` (table 2: 0x01 none, 0x02 RSA, 0x03 AES128): header kept, length and BCC
 * recomputed (encrypt, then checksum). Encrypting uses the flag of the cipher; decrypting, 0x01.
 */
export function withDataUnit(frame: Uint8Array, encryption: number, transform: DataUnitTransform): Uint8Array {
  if (frame.length < MIN_FRAME_LENGTH) throw new RangeError('not a GB/T 32960 frame');
  const unit = transform(frameBody(frame));
  if (unit.length > MAX_BODY_LENGTH) throw new RangeError(`data unit of ${unit.length} bytes exceeds ${MAX_BODY_LENGTH}`);
  const out = new Uint8Array(BODY_OFFSET + unit.length + 1);
  out.set(frame.subarray(0, BODY_OFFSET));
  out[ENCRYPTION_OFFSET] = encryption;
  out[LENGTH_OFFSET] = unit.length >> 8;
  out[LENGTH_OFFSET + 1] = unit.length & 0xff;
  out.set(unit, BODY_OFFSET);
  out[out.length - 1] = bcc(out, 2, out.length - 1);
  return out;
}

/** What the superior platform answered. */
export interface PlatformResponse {
  edition: Edition;
  command: number;
  /** The unique id field (the VIN of an answered vehicle frame, the platform code otherwise). */
  vin: string;
  flag: number;
  ok: boolean;
  /** The answer's message time (absent for heartbeat answers). */
  time?: GbTime;
}

/** Reads an answer of the superior platform; null when the bytes are no valid frame or not an answer. */
export function parsePlatformResponse(bytes: Uint8Array): PlatformResponse | null {
  const decoded = decodeFrame(bytes);
  if (!decoded.ok || decoded.frame.responseFlag === ResponseFlag.command) return null;
  const f = decoded.frame;
  const time = 'time' in f.body ? f.body.time : undefined;
  return { edition: f.edition, command: f.command, vin: f.vin, flag: f.responseFlag, ok: f.responseFlag === ResponseFlag.success, ...(time ? { time } : {}) };
}

const FLAG_TEXT: Record<number, string> = {
  [ResponseFlag.success]: '成功',
  [ResponseFlag.error]: '错误',
  [ResponseFlag.vinDuplicate]: '唯一识别码重复',
  [ResponseFlag.vinNotFound]: '唯一识别码不存在',
  [ResponseFlag.signatureInvalid]: '验签失败',
  [ResponseFlag.dataStructureError]: '数据结构错误',
  [ResponseFlag.decryptionError]: '解密失败',
};

/** The response flag as the console shows it (table 4). */
export function responseFlagText(flag: number): string {
  return FLAG_TEXT[flag] ?? `未知应答 0x${flag.toString(16).padStart(2, '0')}`;
}
