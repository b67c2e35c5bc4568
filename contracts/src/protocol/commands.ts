/**
 * Data units of every command (ch. 7 and annex B of both editions), decoded by command id
 * and direction. Realtime/reissue live in realtime.ts, parameter lists in params.ts.
 *
 * Responses: the 2025 text and the 2016 main text say an answer keeps only the message
 * time (data unit = 6 bytes → an 'ack' body); 2016 annex B.3.3.2 instead echoes the whole
 * body with a new time, which decodes as the command's own body. Both are accepted.
 */
import { checkCount, DecodeFault, type ByteReader, type ByteWriter } from './byte-io.ts';
import { Command, isEncrypted, ResponseFlag, type Edition } from './constants.ts';
import { readParams, writeParams, type ParamItem } from './params.ts';
import { decodeRealtime, encodeRealtime, readSignature, writeSignature, type RealtimeBody, type Signature } from './realtime.ts';
import { readTime, TIME_LENGTH, writeTime, type GbTime } from './time.ts';

export interface EmptyBody { kind: 'empty' }
/** A response whose data unit is only the message time. */
export interface AckBody { kind: 'ack'; time: GbTime }

export interface LoginBody {
  kind: 'login';
  time: GbTime;
  /** Login serial number, 1..65531, +1 per login, restarts daily. */
  seq: number;
  iccid: string;
  /** 2016: number of RESS subsystems n. */
  ressCount?: number;
  /** 2016: length m of each RESS code (0 = codes not sent). */
  ressCodeLength?: number;
  /** 2016: n codes of m chars when m > 0, else empty. */
  ressCodes?: string[];
  /** 2025: per battery management system, its 24-char pack codes (GB/T 34014). */
  packCodesByBms?: string[][];
}

/** Vehicle logout 0x04 and platform logout 0x06. */
export interface LogoutBody { kind: 'logout'; time: GbTime; seq: number }

export interface PlatformLoginBody {
  kind: 'platformLogin';
  time: GbTime;
  seq: number;
  username: string;
  password: string;
  /** Encryption code (see Encryption). */
  encryptionRule: number;
}

/** 2025 0x09 activation (table B.3). */
export interface ActivationBody {
  kind: 'activation';
  time: GbTime;
  /** 16 chars, space padded by the terminal (kept as sent). */
  chipId: string;
  publicKey: Uint8Array;
  vin: string;
  signature: Signature;
}

/** 2025 0x0A activation response (table B.4). */
export interface ActivationResultBody {
  kind: 'activationResult';
  /** 1 activated, 2 failed. */
  status: number;
  /** 0 ok, 1 chip already activated, 2 VIN duplicate. */
  info: number;
}

/** 2025 0x0B data-unit key exchange (table 31). */
export interface KeyExchangeBody {
  kind: 'keyExchange';
  /** Encryption code of the key (2 RSA, 3 AES, 4 SM2, 5 SM4). */
  keyType: number;
  key: Uint8Array;
  validFrom: GbTime;
  validUntil: GbTime;
}

/** 0x80 query from the platform: which parameter ids to report. */
export interface QueryParamsBody { kind: 'queryParams'; time: GbTime; ids: number[] }
/** 0x80 answer from the terminal, or 0x81 set command: parameter values. */
export interface ParamsBody { kind: 'params'; time: GbTime; params: ParamItem[] }

/** 0x82 terminal control: one command id and its argument bytes (helpers in control.ts). */
export interface ControlBody { kind: 'control'; time: GbTime; commandId: number; args: Uint8Array }

/** Data unit of an encrypted frame (RSA/AES/SM2/SM4), kept as ciphertext. */
export interface EncryptedBody { kind: 'encrypted'; data: Uint8Array }
/** Data unit of a reserved or platform-exchange custom command. */
export interface RawBody { kind: 'raw'; data: Uint8Array }

export type FrameBody =
  | EmptyBody | AckBody | LoginBody | RealtimeBody | LogoutBody | PlatformLoginBody | ActivationBody
  | ActivationResultBody | KeyExchangeBody | QueryParamsBody | ParamsBody | ControlBody | EncryptedBody | RawBody;

const PACK_CODE_LENGTH = 24;

export interface BodyContext {
  edition: Edition;
  command: number;
  responseFlag: number;
  encryption: number;
}

export function decodeBody(r: ByteReader, h: BodyContext): FrameBody {
  const len = r.remaining;
  if (len === 0) return { kind: 'empty' };
  if (isEncrypted(h.encryption)) return { kind: 'encrypted', data: r.take(len, 'encrypted data') };
  const isResponse = h.responseFlag !== ResponseFlag.command;
  if (isResponse && len === TIME_LENGTH) return { kind: 'ack', time: readTime(r) };
  const e = h.edition;
  let body: FrameBody;
  switch (h.command) {
    case Command.vehicleLogin: body = decodeLogin(r, e); break;
    case Command.realtime: case Command.reissue: body = decodeRealtime(r, e); break;
    case Command.vehicleLogout: case Command.platformLogout: body = { kind: 'logout', time: readTime(r), seq: word(r) }; break;
    case Command.platformLogin: body = decodePlatformLogin(r); break;
    case Command.activation: if (e === '2016') return raw(r); body = decodeActivation(r); break;
    case Command.activationResponse: if (e === '2016') return raw(r); body = decodeActivationResult(r); break;
    case Command.keyExchange: if (e === '2016') return raw(r); body = decodeKeyExchange(r); break;
    case Command.queryParams: body = isResponse ? decodeParams(r, e) : decodeQuery(r); break;
    case Command.setParams: body = decodeParams(r, e); break;
    case Command.terminalControl: body = { kind: 'control', time: readTime(r), commandId: byte(r), args: r.take(r.remaining, '') }; break;
    default: return raw(r);
  }
  if (r.pos !== r.end) throw new DecodeFault(`${r.remaining} bytes left after the ${body.kind} data unit`);
  return body;
}

function raw(r: ByteReader): RawBody {
  return { kind: 'raw', data: r.take(r.remaining, 'raw data') };
}

function byte(r: ByteReader): number {
  r.need(1, 'byte field');
  return r.u8();
}

function word(r: ByteReader): number {
  r.need(2, 'word field');
  return r.u16();
}

function decodeLogin(r: ByteReader, edition: Edition): LoginBody {
  const time = readTime(r);
  const seq = word(r);
  const iccid = r.fixedString(20, 'ICCID');
  if (edition === '2016') {
    r.need(2, 'RESS code header');
    const ressCount = r.u8();
    const ressCodeLength = r.u8();
    const ressCodes: string[] = [];
    if (ressCodeLength > 0) for (let i = 0; i < ressCount; i++) ressCodes.push(r.fixedString(ressCodeLength, 'RESS code'));
    return { kind: 'login', time, seq, iccid, ressCount, ressCodeLength, ressCodes };
  }
  const bmsCount = byte(r);
  r.need(bmsCount, 'packs per BMS');
  const packCounts: number[] = [];
  for (let i = 0; i < bmsCount; i++) packCounts.push(r.u8());
  const packCodesByBms: string[][] = [];
  for (const n of packCounts) {
    const codes: string[] = [];
    for (let i = 0; i < n; i++) codes.push(r.fixedString(PACK_CODE_LENGTH, 'pack code'));
    packCodesByBms.push(codes);
  }
  return { kind: 'login', time, seq, iccid, packCodesByBms };
}

function decodePlatformLogin(r: ByteReader): PlatformLoginBody {
  const time = readTime(r);
  const seq = word(r);
  const username = r.fixedString(12, 'username');
  const password = r.fixedString(20, 'password');
  return { kind: 'platformLogin', time, seq, username, password, encryptionRule: byte(r) };
}

function decodeActivation(r: ByteReader): ActivationBody {
  const time = readTime(r);
  const chipId = r.fixedString(16, 'chip id');
  const publicKey = r.take(word(r), 'public key');
  const vin = r.fixedString(17, 'VIN');
  return { kind: 'activation', time, chipId, publicKey, vin, signature: readSignature(r) };
}

function decodeActivationResult(r: ByteReader): ActivationResultBody {
  r.need(2, 'activation result');
  return { kind: 'activationResult', status: r.u8(), info: r.u8() };
}

function decodeKeyExchange(r: ByteReader): KeyExchangeBody {
  const keyType = byte(r);
  const key = r.take(word(r), 'key');
  return { kind: 'keyExchange', keyType, key, validFrom: readTime(r), validUntil: readTime(r) };
}

function decodeQuery(r: ByteReader): QueryParamsBody {
  const time = readTime(r);
  const n = byte(r);
  const ids = Array.from(r.take(n, 'parameter ids'));
  return { kind: 'queryParams', time, ids };
}

function decodeParams(r: ByteReader, edition: Edition): ParamsBody {
  const time = readTime(r);
  return { kind: 'params', time, params: readParams(r, byte(r), edition) };
}

export function encodeBody(w: ByteWriter, body: FrameBody, edition: Edition): void {
  switch (body.kind) {
    case 'empty': return;
    case 'ack': return writeTime(w, body.time);
    case 'login': return encodeLogin(w, body, edition);
    case 'realtime': return encodeRealtime(w, body, edition);
    case 'logout':
      writeTime(w, body.time);
      return w.u16(body.seq, 'logout.seq');
    case 'platformLogin':
      writeTime(w, body.time);
      w.u16(body.seq, 'platformLogin.seq');
      w.fixedString(body.username, 12, 'platformLogin.username');
      w.fixedString(body.password, 20, 'platformLogin.password');
      return w.u8(body.encryptionRule, 'platformLogin.encryptionRule');
    case 'activation':
      writeTime(w, body.time);
      w.fixedString(body.chipId, 16, 'activation.chipId');
      checkCount(body.publicKey.length, 0xffff, 'activation.publicKey');
      w.u16(body.publicKey.length, 'public key length');
      w.raw(body.publicKey);
      w.fixedString(body.vin, 17, 'activation.vin');
      return writeSignature(w, body.signature);
    case 'activationResult':
      w.u8(body.status, 'activationResult.status');
      return w.u8(body.info, 'activationResult.info');
    case 'keyExchange':
      w.u8(body.keyType, 'keyExchange.keyType');
      checkCount(body.key.length, 0xffff, 'keyExchange.key');
      w.u16(body.key.length, 'key length');
      w.raw(body.key);
      writeTime(w, body.validFrom);
      return writeTime(w, body.validUntil);
    case 'queryParams':
      writeTime(w, body.time);
      checkCount(body.ids.length, 0xff, 'queryParams.ids');
      w.u8(body.ids.length, 'parameter count');
      for (const id of body.ids) w.u8(id, 'queryParams.ids');
      return;
    case 'params':
      writeTime(w, body.time);
      return writeParams(w, body.params, edition);
    case 'control':
      writeTime(w, body.time);
      w.u8(body.commandId, 'control.commandId');
      return w.raw(body.args);
    case 'encrypted': case 'raw': return w.raw(body.data);
    default: throw new RangeError(`unknown body kind '${(body as { kind: unknown }).kind}'`);
  }
}

function encodeLogin(w: ByteWriter, b: LoginBody, edition: Edition): void {
  writeTime(w, b.time);
  w.u16(b.seq, 'login.seq');
  w.fixedString(b.iccid, 20, 'login.iccid');
  if (edition === '2016') {
    const n = b.ressCount ?? 0;
    const m = b.ressCodeLength ?? 0;
    const codes = b.ressCodes ?? [];
    w.u8(n, 'login.ressCount');
    w.u8(m, 'login.ressCodeLength');
    if (codes.length !== (m > 0 ? n : 0)) throw new RangeError('login.ressCodes: n codes when the code length is > 0, else none');
    for (const c of codes) w.fixedString(c, m, 'login.ressCodes');
    return;
  }
  const byBms = b.packCodesByBms ?? [];
  checkCount(byBms.length, 0xff, 'login.packCodesByBms');
  w.u8(byBms.length, 'BMS count');
  for (const codes of byBms) {
    checkCount(codes.length, 0xff, 'login.packCodesByBms[]');
    w.u8(codes.length, 'packs per BMS');
  }
  for (const codes of byBms) for (const c of codes) w.fixedString(c, PACK_CODE_LENGTH, 'login.packCodesByBms');
}
