// Envelope errors, response builders, time, alarm flags, parameters and encode-side validation.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALARM_FLAGS, activeAlarms, bcc, buildErrorAck, buildHeartbeatAck, buildLoginAck, buildTimeSyncAck, Command, controlAlarmLevel,
  controlUpgradeFields, decodeFrame, encodeFrame, formatGbTime, gbTimeFromEpochMs, gbTimeToEpochMs, isValidGbTime,
  messageTimeOfBytes, reservedAlarmBits, ResponseFlag,
  type AlarmData, type Frame, type ParamsBody, type RealtimeBody, type VehicleData,
} from '../../src/protocol/index.ts';
import { hex, S3, toHex, V1, V4 } from './vectors.ts';

const okFrame = (bytes: Uint8Array): Frame => {
  const r = decodeFrame(bytes);
  if (!r.ok) throw new Error(r.reason);
  return r.frame;
};

describe('decodeFrame errors', () => {
  it('names the problem and keeps the header when it was readable', () => {
    expect(decodeFrame(hex('2323'))).toMatchObject({ ok: false, error: 'tooShort' });
    const wrongStart = hex(V4);
    wrongStart[1] = 0x24;
    expect(decodeFrame(wrongStart)).toMatchObject({ ok: false, error: 'badStart' });
    expect(decodeFrame(hex(V4).subarray(0, 57))).toMatchObject({ ok: false, error: 'lengthMismatch', header: { vin: 'OV20260001' } });
    const badBcc = hex(V4);
    badBcc[57] ^= 0xff;
    expect(decodeFrame(badBcc)).toMatchObject({ ok: false, error: 'badChecksum', header: { command: 2, edition: '2016' } });
  });

  it('reports a malformed data unit as badBody with the header, so the platform can answer', () => {
    // V4 with the cell count of its pack raised from 4 to 5: the list runs past the data unit.
    const bytes = hex(V4);
    const at = toHex(bytes).indexOf('0001040ccc') / 2 + 2;
    bytes[at] = 5;
    bytes[bytes.length - 1] = bcc(bytes, 2, bytes.length - 1);
    const r = decodeFrame(bytes);
    expect(r).toMatchObject({ ok: false, error: 'badBody', header: { vin: 'OV20260001', command: Command.realtime } });
    expect(messageTimeOfBytes(bytes)).toEqual({ year: 2026, month: 9, day: 17, hour: 12, minute: 30, second: 0 });
  });

  it('never throws, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.constantFrom(0x23, 0x24), (b, start) => {
        const framed = Uint8Array.from([start, start, ...b]);
        expect(typeof decodeFrame(b).ok).toBe('boolean');
        expect(typeof decodeFrame(framed).ok).toBe('boolean');
      }),
      { numRuns: 3000 },
    );
    expect(decodeFrame(null as unknown as Uint8Array)).toMatchObject({ ok: false, error: 'notBytes' });
  });

  it('keeps encrypted data units as ciphertext', () => {
    const f = okFrame(hex(V4));
    const enc = encodeFrame({ ...f, encryption: 0x03, body: { kind: 'encrypted', data: hex('00112233') } });
    expect(okFrame(enc).body).toEqual({ kind: 'encrypted', data: hex('00112233') });
  });
});

describe('responses', () => {
  it('login ack: same command and VIN, success flag, message time kept, nothing else, valid BCC', () => {
    const login = okFrame(hex(S3.login2016Several));
    const ack = buildLoginAck(login);
    expect(toHex(ack)).toBe(S3.ack2016); // the public ack of this very login
    const dup = okFrame(buildLoginAck(login, ResponseFlag.vinDuplicate));
    expect(dup).toMatchObject({ command: 1, responseFlag: 3, vin: 'HAUV4BGN6S5002219' });
  });

  it('heartbeat ack: empty data unit, 25 bytes', () => {
    const ack = buildHeartbeatAck({ edition: '2025', command: Command.heartbeat, vin: 'LSJE24066JG229589' });
    expect(ack.length).toBe(25);
    expect(okFrame(ack)).toEqual({ edition: '2025', command: 7, responseFlag: 1, vin: 'LSJE24066JG229589', encryption: 1, body: { kind: 'empty' } });
  });

  it('time-sync ack carries the given platform time', () => {
    const now = gbTimeFromEpochMs(Date.UTC(2026, 0, 2, 3, 4, 5)); // 11:04:05 in Beijing
    const f = okFrame(buildTimeSyncAck({ edition: '2016', command: Command.timeSync, vin: 'X' }, now));
    expect(f).toMatchObject({ command: 8, responseFlag: 1, body: { kind: 'ack', time: { year: 2026, month: 1, day: 2, hour: 11, minute: 4, second: 5 } } });
  });

  it('error ack with a response flag, e.g. for a bad realtime frame', () => {
    const rt = okFrame(hex(V1));
    const time = (rt.body as RealtimeBody).time;
    const f = okFrame(buildErrorAck(rt, ResponseFlag.dataStructureError, time));
    expect(f).toMatchObject({ edition: '2016', command: 2, responseFlag: 6, vin: 'LSJE24066JG229589', body: { kind: 'ack', time } });
  });
});

describe('time', () => {
  it('is Beijing time (GMT+8)', () => {
    const t = { year: 2020, month: 9, day: 8, hour: 18, minute: 17, second: 12 };
    expect(gbTimeToEpochMs(t)).toBe(Date.UTC(2020, 8, 8, 10, 17, 12));
    expect(gbTimeFromEpochMs(Date.UTC(2020, 8, 8, 10, 17, 12))).toEqual(t);
    expect(formatGbTime(t)).toBe('2020-09-08 18:17:12');
  });

  it('keeps impossible times as sent but flags them', () => {
    const t = { year: 2255, month: 13, day: 32, hour: 25, minute: 61, second: 255 };
    expect(isValidGbTime(t)).toBe(false);
    expect(Number.isNaN(gbTimeToEpochMs(t))).toBe(true);
    expect(isValidGbTime({ year: 2024, month: 2, day: 29, hour: 0, minute: 0, second: 0 })).toBe(true);
    expect(isValidGbTime({ year: 2025, month: 2, day: 29, hour: 0, minute: 0, second: 0 })).toBe(false);
  });
});

describe('alarm flags', () => {
  it('has 19 bits in 2016 and 28 in 2025, names in Chinese and English', () => {
    expect(ALARM_FLAGS.filter((f) => f.since === '2016')).toHaveLength(19);
    expect(ALARM_FLAGS).toHaveLength(28);
    expect(ALARM_FLAGS[11]).toMatchObject({ zh: '绝缘报警', en: 'insulation', zh2025: '绝缘电阻失效报警' });
  });

  it('reports set bits with names per edition; thermal event is always level 4; reserved bits are listed', () => {
    const alarm: AlarmData = {
      kind: 'alarm', maxLevel: 4, flags: (1 << 5) | (1 << 23) | (1 << 30), ressFaultCodes: [], motorFaultCodes: [],
      engineFaultCodes: [], otherFaultCodes: [], flagLevels: [{ bit: 5, level: 2 }],
    };
    expect(activeAlarms(alarm, '2025')).toEqual([
      { bit: 5, key: 'cellOverVoltage', zh: '最小并联单元过压报警', en: 'min parallel unit over-voltage', level: 2 },
      { bit: 23, key: 'ressThermalEvent', zh: '可充电储能装置热事件报警', en: 'RESS thermal event', level: 4 },
    ]);
    expect(activeAlarms(alarm, '2016').map((a) => a.zh)).toEqual(['单体电池过压报警']);
    expect(reservedAlarmBits(alarm.flags, '2016')).toEqual([23, 30]);
    expect(reservedAlarmBits(alarm.flags, '2025')).toEqual([30]);
  });
});

describe('parameters and control', () => {
  const time = { year: 2026, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  it('set-params list with a domain whose length comes from parameter 0x04', () => {
    // time, count 4, 0x04 len 11, 0x05 "example.com", 0x06 port 32960 (0x80C0), 0x02 report period 10 s (BYTE in 2025)
    const body = [0x1a, 0x01, 0x01, 0, 0, 0, 4, 0x04, 11, 0x05, ...Array.from('example.com', (c) => c.charCodeAt(0)), 0x06, 0x80, 0xc0, 0x02, 10];
    const frame = encodeFrame({ edition: '2025', command: 0x81, responseFlag: 0xfe, vin: 'V', encryption: 1, body: { kind: 'raw', data: Uint8Array.from(body) } });
    const f = okFrame(frame);
    expect((f.body as ParamsBody).params).toEqual([
      { id: 0x04, value: 11 }, { id: 0x05, value: 'example.com' }, { id: 0x06, value: 32960 }, { id: 0x02, value: 10 },
    ]);
    expect(encodeFrame(f)).toEqual(frame);
  });

  it('user-defined parameter ids have no length: the data unit is reported as malformed', () => {
    const frame = encodeFrame({ edition: '2016', command: 0x81, responseFlag: 0xfe, vin: 'V', encryption: 1, body: { kind: 'raw', data: Uint8Array.from([0x1a, 1, 1, 0, 0, 0, 1, 0x80, 0x01]) } });
    expect(decodeFrame(frame)).toMatchObject({ ok: false, error: 'badBody' });
  });

  it('control helpers: alarm level and upgrade fields', () => {
    expect(controlAlarmLevel(Uint8Array.of(3))).toBe(3);
    expect(controlAlarmLevel(Uint8Array.of(0xff))).toBe('invalid');
    const text = 'ftp://x/fw.bin;cmnet;;;;21;ABCD;HW001;FW002;60';
    const fields = controlUpgradeFields(Uint8Array.from(text, (c) => c.charCodeAt(0)));
    expect(fields).toMatchObject({ url: 'ftp://x/fw.bin', apn: 'cmnet', port: '21', manufacturerId: 'ABCD', timeoutMin: '60' });
    const f = okFrame(encodeFrame({ edition: '2016', command: 0x82, responseFlag: 0xfe, vin: 'V', encryption: 1, body: { kind: 'control', time, commandId: 6, args: Uint8Array.of(2) } }));
    expect(f.body).toEqual({ kind: 'control', time, commandId: 6, args: Uint8Array.of(2) });
  });
});

describe('encode validation', () => {
  const v1 = () => okFrame(hex(V1));
  const vehicle = (f: Frame) => (f.body as RealtimeBody).items[0] as VehicleData;

  it('scales engineering values back with exact integer rounding', () => {
    const f = v1();
    vehicle(f).speedKmh = 88.8;
    vehicle(f).totalCurrentA = -123.4;
    const again = vehicle(okFrame(encodeFrame(f)));
    expect(again.speedKmh).toBe(88.8);
    expect(again.totalCurrentA).toBe(-123.4);
  });

  it('writes sentinels as 0xFE.. / 0xFF..', () => {
    const f = v1();
    vehicle(f).speedKmh = 'abnormal';
    vehicle(f).mileageKm = 'invalid';
    const bytes = encodeFrame(f);
    const at = 24 + 6 + 1 + 3; // data unit, time, type byte, three state bytes
    expect(toHex(bytes.subarray(at, at + 6))).toBe('fffeffffffff');
  });

  it('throws RangeError for values the field cannot hold, including sentinel codes', () => {
    const cases: [keyof VehicleData, unknown][] = [
      ['speedKmh', 6553.4], // raw 65534 = 0xFFFE would read back as 'abnormal'
      ['speedKmh', -1],
      ['socPercent', 300],
      ['totalCurrentA', Number.NaN],
      ['vehicleState', 'unknown'],
    ];
    for (const [field, value] of cases) {
      const f = v1();
      (vehicle(f) as unknown as Record<string, unknown>)[field] = value;
      expect(() => encodeFrame(f), `${field}=${String(value)}`).toThrow(RangeError);
    }
  });

  it('throws when a block or field does not exist in the target edition', () => {
    const f = v1();
    expect(() => encodeFrame({ ...f, edition: '2025' })).toThrow(/extremes|coordinateSystem/);
    const g = v1();
    delete vehicle(g).brakePercent;
    expect(() => encodeFrame(g)).toThrow(/brakePercent/);
  });
});
