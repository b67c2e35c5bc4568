/**
 * Terminal parameters for query (0x80) and set (0x81): 2016 table B.12, 2025 table B.8.
 * Values stay in the units the standard sends (ms, s, min…), as the standard's unit
 * differs per edition and per parameter; PARAMS documents each.
 * The domain names 0x05/0x0E take their length from the preceding length parameter
 * 0x04/0x0D in the same list. User-defined ids (0x80–0xFE) carry no length, so a list
 * holding one cannot be parsed and the data unit is reported as malformed.
 */
import { checkCount, DecodeFault, type ByteReader, type ByteWriter } from './byte-io.ts';
import type { Edition } from './constants.ts';
import { byteReading, wordReading, type Reading } from './sentinels.ts';

export interface ParamItem {
  id: number;
  /** Numeric parameters are Readings (raw units); 0x05/0x07/0x08/0x0E are strings. */
  value: Reading | string;
}

type ParamShape = 'byte' | 'word' | 'length' | 'domain' | 'version';

export interface ParamDefinition {
  id: number;
  en: string;
  zh: string;
  unit2016: string;
  unit2025: string;
}

export const PARAMS: readonly ParamDefinition[] = [
  { id: 0x01, en: 'local storage period', zh: '车载终端本地存储时间周期', unit2016: 'ms', unit2025: 'ms' },
  { id: 0x02, en: 'normal report period', zh: '正常时信息上报时间周期', unit2016: 's (WORD)', unit2025: 's (BYTE)' },
  { id: 0x03, en: 'alarm report period', zh: '出现报警时信息上报时间周期', unit2016: 'ms (WORD)', unit2025: 's (BYTE)' },
  { id: 0x04, en: 'platform domain length', zh: '远程服务与管理平台域名长度', unit2016: 'bytes', unit2025: 'bytes' },
  { id: 0x05, en: 'platform domain', zh: '远程服务与管理平台域名', unit2016: '', unit2025: '' },
  { id: 0x06, en: 'platform port', zh: '远程服务与管理平台端口', unit2016: '', unit2025: '' },
  { id: 0x07, en: 'hardware version', zh: '硬件版本', unit2016: '', unit2025: '' },
  { id: 0x08, en: 'firmware version', zh: '固件版本', unit2016: '', unit2025: '' },
  { id: 0x09, en: 'heartbeat period', zh: '车载终端心跳发送周期', unit2016: 's', unit2025: 's' },
  { id: 0x0a, en: 'terminal response timeout', zh: '终端应答超时时间', unit2016: 's', unit2025: 's' },
  { id: 0x0b, en: 'platform response timeout', zh: '平台应答超时时间', unit2016: 's', unit2025: 's' },
  { id: 0x0c, en: 'next login interval after 3 failures', zh: '连续三次登入失败后到下一次登入的间隔时间', unit2016: 'min', unit2025: 'min' },
  { id: 0x0d, en: 'public platform domain length', zh: '公共平台域名长度', unit2016: 'bytes', unit2025: 'bytes' },
  { id: 0x0e, en: 'public platform domain', zh: '公共平台域名', unit2016: '', unit2025: '' },
  { id: 0x0f, en: 'public platform port', zh: '公共平台端口', unit2016: '', unit2025: '' },
  { id: 0x10, en: 'sampling monitoring (1 yes, 2 no)', zh: '是否处于抽样监测中', unit2016: '', unit2025: '' },
];

export const ParamId = {
  localStoragePeriod: 0x01, reportPeriod: 0x02, alarmReportPeriod: 0x03, platformDomainLength: 0x04,
  platformDomain: 0x05, platformPort: 0x06, hardwareVersion: 0x07, firmwareVersion: 0x08,
  heartbeatPeriod: 0x09, terminalResponseTimeout: 0x0a, platformResponseTimeout: 0x0b, loginRetryInterval: 0x0c,
  publicDomainLength: 0x0d, publicDomain: 0x0e, publicPort: 0x0f, samplingMonitoring: 0x10,
} as const;

function shapeOf(id: number, edition: Edition): ParamShape | undefined {
  switch (id) {
    case 0x01: case 0x06: case 0x0a: case 0x0b: case 0x0f: return 'word';
    case 0x02: case 0x03: return edition === '2016' ? 'word' : 'byte';
    case 0x09: case 0x0c: case 0x10: return 'byte';
    case 0x04: case 0x0d: return 'length';
    case 0x05: case 0x0e: return 'domain';
    case 0x07: case 0x08: return 'version';
    default: return undefined;
  }
}

/** count × (id BYTE + value); the caller has read the count. */
export function readParams(r: ByteReader, count: number, edition: Edition): ParamItem[] {
  const out: ParamItem[] = [];
  let domainLength = -1;
  let publicDomainLength = -1;
  for (let i = 0; i < count; i++) {
    r.need(1, 'parameter id');
    const id = r.u8();
    const shape = shapeOf(id, edition);
    let value: Reading | string;
    if (shape === 'word') {
      r.need(2, 'parameter value');
      value = wordReading(r.u16(), 1, 0);
    } else if (shape === 'byte') {
      r.need(1, 'parameter value');
      value = byteReading(r.u8(), 0);
    } else if (shape === 'length') {
      r.need(1, 'parameter value');
      value = r.u8();
      if (id === 0x04) domainLength = value;
      else publicDomainLength = value;
    } else if (shape === 'domain') {
      const n = id === 0x05 ? domainLength : publicDomainLength;
      if (n < 0) throw new DecodeFault(`parameter 0x${id.toString(16)} without its length parameter before it`);
      value = r.exactString(n, 'domain parameter');
    } else if (shape === 'version') {
      value = r.fixedString(5, 'version parameter');
    } else {
      throw new DecodeFault(`parameter 0x${id.toString(16)} has no length defined by the standard`);
    }
    out.push({ id, value });
  }
  return out;
}

export function writeParams(w: ByteWriter, params: ParamItem[], edition: Edition): void {
  checkCount(params.length, 0xff, 'params');
  w.u8(params.length, 'parameter count');
  let domainLength = -1;
  let publicDomainLength = -1;
  for (const p of params) {
    const shape = shapeOf(p.id, edition);
    w.u8(p.id, 'parameter id');
    const field = `param 0x${p.id.toString(16)}`;
    if (shape === 'word') w.wordReading(numeric(p, field), 1, 0, field);
    else if (shape === 'byte') w.byteReading(numeric(p, field), 0, field);
    else if (shape === 'length') {
      const n = numeric(p, field);
      if (typeof n !== 'number') throw new RangeError(`${field}: a length, not a sentinel`);
      w.u8(n, field);
      if (p.id === 0x04) domainLength = n;
      else publicDomainLength = n;
    } else if (shape === 'domain') {
      const n = p.id === 0x05 ? domainLength : publicDomainLength;
      if (typeof p.value !== 'string' || p.value.length !== n) {
        throw new RangeError(`${field}: a string whose length equals the length parameter before it`);
      }
      w.exactString(p.value, field);
    } else if (shape === 'version') {
      if (typeof p.value !== 'string') throw new RangeError(`${field}: a string`);
      w.fixedString(p.value, 5, field);
    } else throw new RangeError(`${field}: no length defined by the standard, cannot encode`);
  }
}

function numeric(p: ParamItem, field: string): Reading {
  if (typeof p.value === 'string' && p.value !== 'abnormal' && p.value !== 'invalid') {
    throw new RangeError(`${field}: expected a number`);
  }
  return p.value as Reading;
}
