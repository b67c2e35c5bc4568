// Public frames of both editions from rtm_con (reference source S3), checked against the
// values that independent parser reports, and re-encoded byte for byte.
import { describe, expect, it } from 'vitest';
import {
  activeAlarms, decodeFrame, encodeFrame,
  type ActivationBody, type AlarmData, type Frame, type LoginBody, type RealtimeBody, type RealtimeItem,
} from '../../src/protocol/index.ts';
import { ALL_PUBLIC_FRAMES, hex, S3, toHex } from './vectors.ts';

const TIME = { year: 2025, month: 10, day: 27, hour: 20, minute: 2, second: 2 };
const VIN = 'HAUV4BGN6S5002219';

function decodeOk(h: string): Frame {
  const r = decodeFrame(hex(h));
  if (!r.ok) throw new Error(`${r.error}: ${r.reason}`);
  return r.frame;
}

function onlyItem(h: string): RealtimeItem {
  const body = decodeOk(h).body as RealtimeBody;
  expect(body.kind).toBe('realtime');
  expect(body.time).toEqual(TIME);
  expect(body.items).toHaveLength(1);
  return body.items[0];
}

const OTHER_CODES = [0x00010003, 0x00080002, 0x00080003, 0x000c0004, 0x000d0001, 0x00060920, 0x000a000b];

describe('logins', () => {
  it('2016 login with three 24-char RESS codes', () => {
    const f = decodeOk(S3.login2016Several);
    expect(f).toMatchObject({ edition: '2016', command: 1, responseFlag: 0xfe, vin: VIN, encryption: 1 });
    const b = f.body as LoginBody;
    expect(b).toMatchObject({ kind: 'login', time: TIME, seq: 12, iccid: '89860924790023166606', ressCount: 3, ressCodeLength: 24 });
    expect(b.ressCodes).toEqual(['0RJPEA00HAU0AAF131001955', '0RJPEA00HAU0AAF131001956', '0RJPEA00HAU0AAF131001957']);
  });

  it('2025 login: pack codes grouped per BMS', () => {
    const one = decodeOk(S3.login2025One);
    expect(one.edition).toBe('2025');
    expect((one.body as LoginBody).packCodesByBms).toEqual([['0RJPEA00HAU0AAF131001955']]);
    const several = decodeOk(S3.login2025Several).body as LoginBody;
    expect(several).toMatchObject({ time: TIME, seq: 12, iccid: '89860924790023166606' });
    expect(several.packCodesByBms).toEqual([
      ['0RJPEA00HAU0AAF131001955'],
      ['0RJPEA00HAU0AAF131001956', '0RJPEA00HAU0AAF131001957'],
    ]);
  });
});

describe('realtime info types, sentinels', () => {
  it('2016 whole vehicle, all invalid; gear P with drive and brake force', () => {
    const v = onlyItem(S3.vehicle2016);
    expect(v).toMatchObject({
      kind: 'vehicle', vehicleState: 'invalid', chargeState: 'invalid', runMode: 'invalid', speedKmh: 'invalid',
      mileageKm: 'invalid', totalVoltageV: 'invalid', totalCurrentA: 'invalid', socPercent: 'invalid', dcdcState: 'invalid',
      insulationKohm: 'invalid', acceleratorPercent: 'invalid', brakePercent: 'invalid',
      gear: { position: 15, braking: true, driving: true, positionInvalid: false },
    });
  });

  it('2025 whole vehicle: gear invalid bit, no pedals, RSA signature', () => {
    const body = decodeOk(S3.vehicle2025).body as RealtimeBody;
    const v = body.items[0];
    expect(v).toMatchObject({ kind: 'vehicle', speedKmh: 'invalid', totalCurrentA: 'invalid', insulationKohm: 'invalid' });
    expect(v).toMatchObject({ gear: { position: 15, braking: true, driving: true, positionInvalid: true } });
    expect(v).not.toHaveProperty('acceleratorPercent');
    expect(body.signature?.algorithm).toBe(2);
    expect(body.signature?.r).toHaveLength(256);
    expect(body.signature?.s).toHaveLength(0);
  });

  it('2016 motors: invalid vs abnormal, offsets 20000 rpm / 2000 N·m / 1000 A', () => {
    const m = onlyItem(S3.motors2016);
    expect(m).toEqual({
      kind: 'motors',
      motors: [
        {
          seq: 'invalid', state: 'invalid', controllerTempC: 'invalid', speedRpm: 'invalid', torqueNm: 'invalid',
          temperatureC: 'invalid', controllerVoltageV: 'invalid', controllerCurrentA: 'invalid',
        },
        {
          seq: 'abnormal', state: 'abnormal', controllerTempC: 'abnormal', speedRpm: 45278, torqueNm: 4527.8,
          temperatureC: 'abnormal', controllerVoltageV: 6527.8, controllerCurrentA: 5527.8,
        },
      ],
    });
  });

  it('2025 motors: speed offset 32000, DWORD torque offset 20000 N·m', () => {
    const body = decodeOk(S3.motors2025).body as RealtimeBody;
    expect(body.items[0]).toEqual({
      kind: 'motors',
      motors: [
        { seq: 'invalid', state: 'invalid', controllerTempC: 'invalid', speedRpm: 'invalid', torqueNm: 'invalid', temperatureC: 'invalid' },
        { seq: 'abnormal', state: 'abnormal', controllerTempC: 'abnormal', speedRpm: 33278, torqueNm: 427792428.6, temperatureC: 'abnormal' },
      ],
    });
  });

  it('engine: 2016 has state and consumption, 2025 only crankshaft speed', () => {
    expect(onlyItem(S3.engine2016)).toEqual({ kind: 'engine', state: 'invalid', crankshaftRpm: 'invalid', fuelConsumptionLPer100km: 'invalid' });
    expect((decodeOk(S3.engine2025).body as RealtimeBody).items).toEqual([{ kind: 'engine', crankshaftRpm: 'invalid' }]);
  });

  it('position: status 0x07 = invalid fix, south, west; 2025 adds the coordinate system', () => {
    expect(onlyItem(S3.position2016)).toEqual({
      kind: 'position', fixValid: false, south: true, west: true, statusReserved: 0, longitudeDeg: 'invalid', latitudeDeg: 'invalid',
    });
    expect((decodeOk(S3.position2025).body as RealtimeBody).items[0]).toMatchObject({
      kind: 'position', fixValid: false, south: true, west: true, coordinateSystem: 'invalid', longitudeDeg: 'invalid',
    });
  });

  it('2016 extremes all invalid', () => {
    const e = onlyItem(S3.extremes2016);
    expect(Object.entries(e).filter(([k]) => k !== 'kind').every(([, v]) => v === 'invalid')).toBe(true);
  });

  it('2016 alarm: level 3, flags bits 0 and 1, seven other-fault codes', () => {
    const a = onlyItem(S3.alarm2016) as AlarmData;
    expect(a).toEqual({
      kind: 'alarm', maxLevel: 3, flags: 3, ressFaultCodes: [], motorFaultCodes: [], engineFaultCodes: [], otherFaultCodes: OTHER_CODES,
    });
    expect(activeAlarms(a, '2016').map((x) => [x.bit, x.en])).toEqual([[0, 'temperature difference'], [1, 'battery high temperature']]);
  });

  it('2025 alarm: adds (bit, level) pairs', () => {
    const a = (decodeOk(S3.alarm2025).body as RealtimeBody).items[0] as AlarmData;
    expect(a.otherFaultCodes).toEqual(OTHER_CODES);
    expect(a.flagLevels).toEqual([{ bit: 0, level: 3 }, { bit: 1, level: 3 }]);
    expect(activeAlarms(a, '2025').map((x) => x.level)).toEqual([3, 3]);
  });

  it('blocks may repeat in one frame', () => {
    const b16 = decodeOk(S3.duplicatedAlarms2016).body as RealtimeBody;
    expect(b16.items.map((i) => i.kind)).toEqual(['alarm', 'alarm']);
    const b25 = decodeOk(S3.duplicatedAlarms2025).body as RealtimeBody;
    expect((b25.items[0] as AlarmData).flagLevels).toEqual([{ bit: 0, level: 2 }, { bit: 1, level: 3 }]);
    expect(b25.items).toHaveLength(2);
  });

  it('cell voltages: 2016 keeps total/start fields, 2025 has whole lists', () => {
    const c16 = onlyItem(S3.cellVoltages2016);
    expect(c16).toEqual({
      kind: 'cellVoltages',
      packs: [
        { packNo: 'invalid', voltageV: 'invalid', currentA: 'invalid', totalCells: 'invalid', startCell: 65535, cellVoltagesV: Array(4).fill('invalid') },
        { packNo: 'invalid', voltageV: 'invalid', currentA: 'invalid', totalCells: 'invalid', startCell: 65535, cellVoltagesV: Array(3).fill('invalid') },
      ],
    });
    const c25 = (decodeOk(S3.cellVoltages2025).body as RealtimeBody).items[0];
    expect(c25).toEqual({
      kind: 'cellVoltages',
      packs: [
        { packNo: 'invalid', voltageV: 'invalid', currentA: 'invalid', cellVoltagesV: Array(4).fill('invalid') },
        { packNo: 'invalid', voltageV: 'invalid', currentA: 'invalid', cellVoltagesV: Array(3).fill('invalid') },
      ],
    });
  });

  it('probe temperatures: empty pack and pack 5 with five invalid probes', () => {
    const expected = { kind: 'probeTemperatures', packs: [{ packNo: 'invalid', temperaturesC: [] }, { packNo: 5, temperaturesC: Array(5).fill('invalid') }] };
    expect(onlyItem(S3.temperatures2016)).toEqual(expected);
    expect((decodeOk(S3.temperatures2025).body as RealtimeBody).items[0]).toEqual(expected);
  });

  it('user-defined 0x80 block kept as bytes', () => {
    const c = onlyItem(S3.custom2016);
    expect(c.kind).toBe('custom');
    if (c.kind === 'custom') {
      expect(c.type).toBe(0x80);
      expect(Array.from(c.data)).toEqual(Array(16).fill(0xfe));
    }
  });
});

describe('other commands', () => {
  it('logout and platform logout carry time and serial 2050', () => {
    expect(decodeOk(S3.logout2016).body).toEqual({ kind: 'logout', time: TIME, seq: 2050 });
    expect(decodeOk(S3.logout2025).body).toEqual({ kind: 'logout', time: TIME, seq: 2050 });
    expect(decodeOk(S3.platformLogout2016)).toMatchObject({ command: 6, body: { kind: 'logout', seq: 2050 } });
  });

  it('platform login', () => {
    expect(decodeOk(S3.platformLogin2016).body).toEqual({
      kind: 'platformLogin', time: TIME, seq: 2050, username: 'HAUV4BGN6S50', password: 'HAUV4BGN6S5002219HAU', encryptionRule: 1,
    });
  });

  it('login ack: success flag, data unit = time only', () => {
    for (const h of [S3.ack2016, S3.ack2025]) {
      expect(decodeOk(h)).toMatchObject({ command: 1, responseFlag: 1, vin: VIN, body: { kind: 'ack', time: TIME } });
    }
  });

  it('2025 activation and its answer', () => {
    const f = decodeOk(S3.activation2025);
    const b = f.body as ActivationBody;
    expect(f.vin).toBe('HGLH3ACF1PA714408');
    expect(b.time).toEqual({ year: 2025, month: 6, day: 23, hour: 15, minute: 6, second: 22 });
    expect(b.chipId).toBe('1234567812345678');
    expect(b.publicKey).toHaveLength(0x0103);
    expect(b.vin).toBe('HGLH3ACF1PA714408');
    expect(b.signature.algorithm).toBe(2);
    expect(b.signature.r).toHaveLength(256);
    expect(decodeOk(S3.activationAck2025).body).toEqual({ kind: 'activationResult', status: 2, info: 1 });
  });
});

describe('every public frame', () => {
  it.each(ALL_PUBLIC_FRAMES.map((h) => [h.slice(0, 8) + '…' + h.slice(-6), h]))('%s re-encodes byte for byte', (_, h) => {
    expect(toHex(encodeFrame(decodeOk(h)))).toBe(h);
  });
});
