// Reference §4 test vectors, decoded field by field against the values the reference lists.
import { describe, expect, it } from 'vitest';
import {
  bcc, decodeFrame, encodeFrame, gearLabel, gbTimeToEpochMs, signedCoordinates,
  type CellVoltages, type Frame, type ProbeTemperatures, type RealtimeBody, type RealtimeItem,
} from '../../src/protocol/index.ts';
import { hex, toHex, V1, V4 } from './vectors.ts';

function decodeOk(h: string): Frame {
  const r = decodeFrame(hex(h));
  if (!r.ok) throw new Error(`${r.error}: ${r.reason}`);
  return r.frame;
}

function item<K extends RealtimeItem['kind']>(body: RealtimeBody, kind: K): Extract<RealtimeItem, { kind: K }> {
  const found = body.items.find((i) => i.kind === kind);
  if (!found) throw new Error(`no ${kind} item`);
  return found as Extract<RealtimeItem, { kind: K }>;
}

describe('V1: 312-byte 2016 realtime frame (baichangda/Parser)', () => {
  const bytes = hex(V1);
  const frame = decodeOk(V1);
  const body = frame.body as RealtimeBody;

  it('envelope: length 312, data unit 287, BCC 0x2A over command..data', () => {
    expect(bytes.length).toBe(312);
    expect((bytes[22] << 8) | bytes[23]).toBe(287);
    expect(bytes[311]).toBe(0x2a);
    expect(bcc(bytes, 2, 311)).toBe(0x2a);
    expect(frame).toMatchObject({ edition: '2016', command: 0x02, responseFlag: 0xfe, vin: 'LSJE24066JG229589', encryption: 1 });
  });

  it('time 2020-09-08 18:17:12 Beijing time', () => {
    expect(body.kind).toBe('realtime');
    expect(body.time).toEqual({ year: 2020, month: 9, day: 8, hour: 18, minute: 17, second: 12 });
    expect(new Date(gbTimeToEpochMs(body.time)).toISOString()).toBe('2020-09-08T10:17:12.000Z');
  });

  it('carries the info types 0x01, 0x05, 0x06, 0x07, 0x08, 0x09 in order', () => {
    expect(body.items.map((i) => i.kind)).toEqual(['vehicle', 'position', 'extremes', 'alarm', 'cellVoltages', 'probeTemperatures']);
    expect(body.signature).toBeUndefined();
  });

  it('0x01 whole vehicle', () => {
    const v = item(body, 'vehicle');
    expect(v.vehicleState).toBe(2); // off
    expect(v.chargeState).toBe(1); // parked charging
    expect(v.runMode).toBe(1);
    expect(v.speedKmh).toBe(0);
    expect(v.mileageKm).toBe(20478.0); // raw 204780
    expect(v.totalVoltageV).toBe(371.2);
    expect(v.totalCurrentA).toBe(-8.5); // raw 9915
    expect(v.socPercent).toBe(69);
    expect(v.dcdcState).toBe(2);
    expect(v.gear).toEqual({ position: 0, braking: true, driving: false, reservedBit6: false, positionInvalid: false }); // 0x10
    expect(gearLabel(v.gear.position)).toBe('N');
    expect(v.insulationKohm).toBe(5085);
    expect(v.acceleratorPercent).toBe(0);
    expect(v.brakePercent).toBe(0);
  });

  it('0x05 position: valid fix, E 121.118471, N 30.985356', () => {
    const p = item(body, 'position');
    expect(p.fixValid).toBe(true);
    expect(p.south).toBe(false);
    expect(p.west).toBe(false);
    expect(p.longitudeDeg).toBe(121.118471);
    expect(p.latitudeDeg).toBe(30.985356);
    expect(signedCoordinates(p)).toEqual({ lng: 121.118471, lat: 30.985356 });
  });

  it('0x06 extremes', () => {
    expect(item(body, 'extremes')).toEqual({
      kind: 'extremes',
      maxVoltageSubsystem: 1, maxVoltageCell: 62, maxCellVoltageV: 3.872,
      minVoltageSubsystem: 1, minVoltageCell: 12, minCellVoltageV: 3.863,
      maxTempSubsystem: 1, maxTempProbe: 5, maxTempC: 38,
      minTempSubsystem: 1, minTempProbe: 7, minTempC: 36,
    });
  });

  it('0x07 alarm: level 0, no flags, no codes', () => {
    expect(item(body, 'alarm')).toEqual({
      kind: 'alarm', maxLevel: 0, flags: 0, ressFaultCodes: [], motorFaultCodes: [], engineFaultCodes: [], otherFaultCodes: [],
    });
  });

  it('0x08 cell voltages: 371.3 V, -8.5 A, 96 cells from cell 1, extremes consistent with 0x06', () => {
    const c = item(body, 'cellVoltages') as CellVoltages;
    expect(c.packs).toHaveLength(1);
    const pack = c.packs[0];
    expect(pack.packNo).toBe(1);
    expect(pack.voltageV).toBe(371.3);
    expect(pack.currentA).toBe(-8.5);
    expect(pack.totalCells).toBe(96);
    expect(pack.startCell).toBe(1);
    expect(pack.cellVoltagesV).toHaveLength(96);
    const volts = pack.cellVoltagesV as number[];
    const max = Math.max(...volts);
    const min = Math.min(...volts);
    expect(max).toBe(3.872);
    expect(volts.indexOf(max) + 1).toBe(62);
    expect(min).toBe(3.863);
    expect(volts.indexOf(min) + 1).toBe(12);
    expect(Math.round((max - min) * 1000)).toBe(9);
  });

  it('0x09 probe temperatures: 16 probes, 36..38 °C', () => {
    const t = item(body, 'probeTemperatures') as ProbeTemperatures;
    expect(t.packs).toHaveLength(1);
    expect(t.packs[0].packNo).toBe(1);
    const temps = t.packs[0].temperaturesC as number[];
    expect(temps).toHaveLength(16);
    expect(Math.min(...temps)).toBe(36);
    expect(Math.max(...temps)).toBe(38);
  });

  it('re-encodes byte for byte', () => {
    expect(toHex(encodeFrame(frame))).toBe(V1);
  });
});

describe('V4: 58-byte 2016 frame with a NUL-padded id', () => {
  const frame = decodeOk(V4);
  const body = frame.body as RealtimeBody;

  it('envelope and time', () => {
    expect(hex(V4).length).toBe(58);
    expect(frame.vin).toBe('OV20260001');
    expect(hex(V4)[57]).toBe(0x65);
    expect(body.time).toEqual({ year: 2026, month: 9, day: 17, hour: 12, minute: 30, second: 0 });
  });

  it('pack 60.2 V, -5.1 A, 4 cells; probes 31 and 35 °C', () => {
    const c = item(body, 'cellVoltages') as CellVoltages;
    expect(c.packs[0]).toMatchObject({ voltageV: 60.2, currentA: -5.1, totalCells: 4, startCell: 1 });
    expect(c.packs[0].cellVoltagesV).toEqual([3.276, 3.28, 3.265, 3.271]);
    const t = item(body, 'probeTemperatures') as ProbeTemperatures;
    expect(t.packs[0].temperaturesC).toEqual([31, 35]);
  });

  it('re-encodes byte for byte, padding the id with NULs again', () => {
    expect(toHex(encodeFrame(frame))).toBe(V4);
  });
});
