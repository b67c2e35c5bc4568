/**
 * fast-check generators: decoded frames of both editions (engineering values built from
 * raw integers with the standard's scale/offset), and raw frame bytes laid out from the
 * standard's tables, independent of the codec.
 */
import fc from 'fast-check';
import type { Edition, Frame, FrameBody, GbTime, ParamItem, RealtimeItem, Reading, Signature } from '../../src/protocol/index.ts';

// ---------- readings ----------

const sentinel = fc.constantFrom<Reading>('abnormal', 'invalid');

/** Non-sentinel raw 0..max−2 mapped to (raw − offset) / divisor, or a sentinel. */
function reading(max: number, divisor: number, offsetRaw: number): fc.Arbitrary<Reading> {
  return fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: max - 2 }).map((raw): Reading => (raw - offsetRaw) / divisor), weight: 4 },
    { arbitrary: sentinel, weight: 1 },
  );
}
const byteR = (offset = 0) => reading(0xff, 1, offset);
const wordR = (divisor = 1, offsetRaw = 0) => reading(0xffff, divisor, offsetRaw);
const dwordR = (divisor = 1, offsetRaw = 0) => reading(0xffffffff, divisor, offsetRaw);
const u8 = fc.integer({ min: 0, max: 0xff });
const u16 = fc.integer({ min: 0, max: 0xffff });
const u32 = fc.integer({ min: 0, max: 0xffffffff });
const bytes = (maxLength: number, minLength = 0) => fc.uint8Array({ minLength, maxLength });

/** latin1 text of up to n chars; fixed-width strings lose trailing NULs, so none is generated. */
function latin1(maxLength: number, exactLength?: number, allowTrailingNul = false): fc.Arbitrary<string> {
  const len = exactLength === undefined ? { maxLength } : { minLength: exactLength, maxLength: exactLength };
  return fc.array(u8, len).map((codes) => {
    if (!allowTrailingNul && codes.length > 0 && codes[codes.length - 1] === 0) codes[codes.length - 1] = 0x41;
    return String.fromCharCode(...codes);
  });
}

export const timeArb: fc.Arbitrary<GbTime> = fc.record({
  year: fc.integer({ min: 2000, max: 2255 }), month: u8, day: u8, hour: u8, minute: u8, second: u8,
});

const signatureArb: fc.Arbitrary<Signature> = fc.record({ algorithm: u8, r: bytes(8), s: bytes(8) });

// ---------- realtime items ----------

const gearArb = fc.record({ position: fc.integer({ min: 0, max: 15 }), braking: fc.boolean(), driving: fc.boolean(), reservedBit6: fc.boolean(), positionInvalid: fc.boolean() });
const temps = (max: number) => fc.array(byteR(40), { maxLength: max });
const cells = (max: number) => fc.array(wordR(1000), { maxLength: max });
const codes = fc.array(u32, { maxLength: 3 });

function itemArbs(e: Edition): fc.Arbitrary<RealtimeItem>[] {
  const is2016 = e === '2016';
  const vehicle = fc.record({
    kind: fc.constant('vehicle' as const), vehicleState: byteR(), chargeState: byteR(), runMode: byteR(), speedKmh: wordR(10),
    mileageKm: dwordR(10), totalVoltageV: wordR(10), totalCurrentA: wordR(10, is2016 ? 10000 : 30000), socPercent: byteR(),
    dcdcState: byteR(), gear: gearArb, insulationKohm: wordR(),
    ...(is2016 ? { acceleratorPercent: byteR(), brakePercent: byteR() } : {}),
  });
  const motor = is2016
    ? fc.record({ seq: byteR(), state: byteR(), controllerTempC: byteR(40), speedRpm: wordR(1, 20000), torqueNm: wordR(10, 20000), temperatureC: byteR(40), controllerVoltageV: wordR(10), controllerCurrentA: wordR(10, 10000) })
    : fc.record({ seq: byteR(), state: byteR(), controllerTempC: byteR(40), speedRpm: wordR(1, 32000), torqueNm: dwordR(10, 200000), temperatureC: byteR(40) });
  const motors = fc.record({ kind: fc.constant('motors' as const), motors: fc.array(motor, { maxLength: 3 }) });
  const engine = is2016
    ? fc.record({ kind: fc.constant('engine' as const), state: byteR(), crankshaftRpm: wordR(), fuelConsumptionLPer100km: wordR(100) })
    : fc.record({ kind: fc.constant('engine' as const), crankshaftRpm: wordR() });
  const position = fc.record({
    kind: fc.constant('position' as const), fixValid: fc.boolean(), south: fc.boolean(), west: fc.boolean(),
    statusReserved: fc.integer({ min: 0, max: 31 }), ...(is2016 ? {} : { coordinateSystem: byteR() }),
    longitudeDeg: dwordR(1e6), latitudeDeg: dwordR(1e6),
  });
  const alarm = fc.record({
    kind: fc.constant('alarm' as const), maxLevel: byteR(), flags: u32, ressFaultCodes: codes, motorFaultCodes: codes,
    engineFaultCodes: codes, otherFaultCodes: codes,
    ...(is2016 ? {} : { flagLevels: fc.array(fc.record({ bit: u8, level: u8 }), { maxLength: 3 }) }),
  });
  const pack = is2016
    ? fc.record({ packNo: byteR(), voltageV: wordR(10), currentA: wordR(10, 10000), totalCells: wordR(), startCell: u16, cellVoltagesV: cells(10) })
    : fc.record({ packNo: byteR(), voltageV: wordR(10), currentA: wordR(10, 30000), cellVoltagesV: cells(10) });
  const cellVoltages = fc.record({ kind: fc.constant('cellVoltages' as const), packs: fc.array(pack, { maxLength: 2 }) });
  const probeTemperatures = fc.record({
    kind: fc.constant('probeTemperatures' as const),
    packs: fc.array(fc.record({ packNo: byteR(), temperaturesC: temps(6) }), { maxLength: 2 }),
  });
  const custom = fc.record({ kind: fc.constant('custom' as const), type: fc.integer({ min: 0x80, max: 0xfe }), data: bytes(8) });
  const common: fc.Arbitrary<RealtimeItem>[] = [vehicle, motors, engine, position, alarm, cellVoltages, probeTemperatures, custom];
  if (is2016) {
    const fuelCell = fc.record({
      kind: fc.constant('fuelCell' as const), voltageV: wordR(10), currentA: wordR(10), consumptionKgPer100km: wordR(100),
      probeTempsC: temps(4), h2MaxTempC: wordR(10, 400), h2MaxTempProbe: byteR(), h2MaxConcentrationMgPerKg: wordR(),
      h2MaxConcentrationSensor: byteR(), h2MaxPressureMpa: wordR(10), h2MaxPressureSensor: byteR(), dcdcState: byteR(),
    });
    const extremes = fc.record({
      kind: fc.constant('extremes' as const), maxVoltageSubsystem: byteR(), maxVoltageCell: byteR(), maxCellVoltageV: wordR(1000),
      minVoltageSubsystem: byteR(), minVoltageCell: byteR(), minCellVoltageV: wordR(1000), maxTempSubsystem: byteR(),
      maxTempProbe: byteR(), maxTempC: byteR(40), minTempSubsystem: byteR(), minTempProbe: byteR(), minTempC: byteR(40),
    });
    return [...common, fuelCell, extremes];
  }
  const fuelCellSystem = fc.record({
    kind: fc.constant('fuelCellSystem' as const), h2MaxTempC: wordR(1, 40), h2MaxTempProbe: byteR(), h2MaxConcentrationPct: wordR(10000),
    h2MaxConcentrationSensor: byteR(), h2MaxPressureMpa: wordR(10), h2MaxPressureSensor: byteR(), dcdcState: byteR(),
    h2RemainingPercent: byteR(), dcdcControllerTempC: byteR(40),
  });
  const fuelCellStacks = fc.record({
    kind: fc.constant('fuelCellStacks' as const),
    stacks: fc.array(fc.record({
      seq: byteR(), voltageV: wordR(10), currentA: wordR(10), h2InletPressureKpa: wordR(10, 1000), airInletPressureKpa: wordR(10, 1000),
      airInletTempC: byteR(40), coolantOutletTempsC: temps(4),
    }), { maxLength: 2 }),
  });
  const supercapacitor = fc.record({
    kind: fc.constant('supercapacitor' as const), systemNo: byteR(), voltageV: wordR(10), currentA: wordR(10, 30000),
    cellVoltagesV: cells(6), probeTempsC: temps(4),
  });
  const supercapacitorExtremes = fc.record({
    kind: fc.constant('supercapacitorExtremes' as const), maxVoltageSystemNo: byteR(), maxVoltageCell: wordR(), maxCellVoltageV: wordR(1000),
    minVoltageSystemNo: byteR(), minVoltageCell: wordR(), minCellVoltageV: wordR(1000), maxTempSystemNo: byteR(), maxTempProbe: wordR(),
    maxTempC: byteR(40), minTempSystemNo: byteR(), minTempProbe: wordR(), minTempC: byteR(40),
  });
  return [...common, fuelCellSystem, fuelCellStacks, supercapacitor, supercapacitorExtremes];
}

/** Info types an edition leaves undefined (no length field): 0x00, platform-exchange, reserved. */
function unknownTypes(e: Edition): fc.Arbitrary<number> {
  return e === '2016'
    ? fc.oneof(fc.constant(0), fc.integer({ min: 0x0a, max: 0x7f }), fc.constant(0xff))
    : fc.oneof(fc.constant(0), fc.integer({ min: 0x09, max: 0x2f }), fc.integer({ min: 0x33, max: 0x7f }));
}

export function realtimeBodyArb(e: Edition): fc.Arbitrary<FrameBody> {
  const unknown = fc.record({ kind: fc.constant('unknown' as const), type: unknownTypes(e), data: bytes(8) });
  return fc
    .record({
      time: timeArb,
      items: fc.array(fc.oneof(...itemArbs(e)), { maxLength: 5 }),
      tail: fc.option(unknown, { nil: undefined }),
      signature: e === '2025' ? fc.option(signatureArb, { nil: undefined }) : fc.constant(undefined),
    })
    .map(({ time, items, tail, signature }) => {
      const body: FrameBody = { kind: 'realtime', time, items: tail ? [...items, tail] : items };
      if (signature && !tail) body.signature = signature;
      return body;
    });
}

// ---------- other data units ----------

function paramsArb(e: Edition): fc.Arbitrary<ParamItem[]> {
  const wordIds = e === '2016' ? [0x01, 0x02, 0x03, 0x06, 0x0a, 0x0b, 0x0f] : [0x01, 0x06, 0x0a, 0x0b, 0x0f];
  const byteIds = e === '2016' ? [0x09, 0x0c, 0x10] : [0x02, 0x03, 0x09, 0x0c, 0x10];
  const group: fc.Arbitrary<ParamItem[]> = fc.oneof(
    fc.record({ id: fc.constantFrom(...wordIds), value: wordR() }).map((p) => [p]),
    fc.record({ id: fc.constantFrom(...byteIds), value: byteR() }).map((p) => [p]),
    fc.record({ id: fc.constantFrom(0x07, 0x08), value: latin1(5) }).map((p) => [p]),
    fc.tuple(fc.constantFrom(0x04, 0x0d), fc.integer({ min: 0, max: 12 }))
      .chain(([id, n]) => latin1(n, n, true).map((s): ParamItem[] => [{ id, value: n }, { id: id + 1, value: s }])),
  );
  return fc.array(group, { maxLength: 5 }).map((groups) => groups.flat());
}

function login(e: Edition): fc.Arbitrary<FrameBody> {
  const base = { kind: fc.constant('login' as const), time: timeArb, seq: u16, iccid: latin1(20) };
  if (e === '2025') return fc.record({ ...base, packCodesByBms: fc.array(fc.array(latin1(24), { maxLength: 3 }), { maxLength: 3 }) });
  return fc.tuple(fc.record(base), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 6 })).chain(([b, n, m]) =>
    fc.array(latin1(m), { minLength: m > 0 ? n : 0, maxLength: m > 0 ? n : 0 }).map((ressCodes) => ({ ...b, ressCount: n, ressCodeLength: m, ressCodes })),
  );
}

const NOT_ENCRYPTED = fc.constantFrom(0x01, 0x01, 0x00, 0x06, 0xfe, 0xff);
const RESPONSE = fc.integer({ min: 1, max: 7 });
const REQUEST = fc.constant(0xfe);

interface Case { command: fc.Arbitrary<number>; flag: fc.Arbitrary<number>; encryption: fc.Arbitrary<number>; body: fc.Arbitrary<FrameBody> }

function cases(e: Edition): Case[] {
  const any8 = u8;
  const list: Case[] = [
    { command: fc.constantFrom(0x02, 0x03), flag: REQUEST, encryption: NOT_ENCRYPTED, body: realtimeBodyArb(e) },
    { command: fc.constant(0x01), flag: fc.constantFrom(0xfe, 0x01), encryption: NOT_ENCRYPTED, body: login(e) },
    { command: fc.constantFrom(0x04, 0x06), flag: REQUEST, encryption: NOT_ENCRYPTED, body: fc.record({ kind: fc.constant('logout' as const), time: timeArb, seq: u16 }) },
    {
      command: fc.constant(0x05), flag: REQUEST, encryption: NOT_ENCRYPTED,
      body: fc.record({ kind: fc.constant('platformLogin' as const), time: timeArb, seq: u16, username: latin1(12), password: latin1(20), encryptionRule: u8 }),
    },
    { command: fc.constant(0x80), flag: REQUEST, encryption: NOT_ENCRYPTED, body: fc.record({ kind: fc.constant('queryParams' as const), time: timeArb, ids: fc.array(u8, { maxLength: 8 }) }) },
    { command: fc.constant(0x80), flag: RESPONSE, encryption: NOT_ENCRYPTED, body: fc.record({ kind: fc.constant('params' as const), time: timeArb, params: paramsArb(e) }) },
    { command: fc.constant(0x81), flag: any8, encryption: NOT_ENCRYPTED, body: fc.record({ kind: fc.constant('params' as const), time: timeArb, params: paramsArb(e) }) },
    { command: fc.constant(0x82), flag: REQUEST, encryption: NOT_ENCRYPTED, body: fc.record({ kind: fc.constant('control' as const), time: timeArb, commandId: u8, args: bytes(10) }) },
    { command: fc.constantFrom(0x01, 0x02, 0x03, 0x04, 0x07, 0x08, 0x80, 0x81, 0x82), flag: RESPONSE, encryption: fc.constant(1), body: fc.record({ kind: fc.constant('ack' as const), time: timeArb }) },
    { command: any8, flag: any8, encryption: any8, body: fc.constant({ kind: 'empty' as const }) },
    { command: any8, flag: any8, encryption: fc.integer({ min: 2, max: 5 }), body: fc.record({ kind: fc.constant('encrypted' as const), data: bytes(20, 1) }) },
    {
      command: fc.oneof(fc.integer({ min: 0x0c, max: 0x7f }), fc.integer({ min: 0x83, max: 0xfd }), fc.constantFrom(0x07, 0x08)),
      flag: REQUEST, encryption: NOT_ENCRYPTED, body: fc.record({ kind: fc.constant('raw' as const), data: bytes(20, 1) }),
    },
  ];
  if (e === '2025') {
    list.push(
      {
        command: fc.constant(0x09), flag: REQUEST, encryption: NOT_ENCRYPTED,
        body: fc.record({ kind: fc.constant('activation' as const), time: timeArb, chipId: latin1(16), publicKey: bytes(20), vin: latin1(17), signature: signatureArb }),
      },
      { command: fc.constant(0x0a), flag: any8, encryption: NOT_ENCRYPTED, body: fc.record({ kind: fc.constant('activationResult' as const), status: u8, info: u8 }) },
      {
        command: fc.constant(0x0b), flag: any8, encryption: NOT_ENCRYPTED,
        body: fc.record({ kind: fc.constant('keyExchange' as const), keyType: u8, key: bytes(20), validFrom: timeArb, validUntil: timeArb }),
      },
    );
  } else {
    list.push({ command: fc.constantFrom(0x09, 0x0a, 0x0b), flag: REQUEST, encryption: NOT_ENCRYPTED, body: fc.record({ kind: fc.constant('raw' as const), data: bytes(20, 1) }) });
  }
  return list;
}

export function frameArb(e: Edition): fc.Arbitrary<Frame> {
  return fc.oneof(
    ...cases(e).map((c) =>
      fc.record({ edition: fc.constant(e), command: c.command, responseFlag: c.flag, vin: latin1(17), encryption: c.encryption, body: c.body }),
    ),
  );
}

// ---------- raw bytes laid out from the tables (independent of the codec) ----------

const chunk = (n: number) => fc.uint8Array({ minLength: n, maxLength: n }).map((b) => Array.from(b));
const be16 = (n: number) => [n >> 8, n & 0xff];
/** count BYTE/WORD followed by count × per-entry bytes */
function counted(maxCount: number, countBytes: 1 | 2, entry: fc.Arbitrary<number[]>): fc.Arbitrary<number[]> {
  return fc.array(entry, { maxLength: maxCount }).map((es) => [...(countBytes === 1 ? [es.length] : be16(es.length)), ...es.flat()]);
}
const seq = (...parts: fc.Arbitrary<number[]>[]) => fc.tuple(...parts).map((ps) => ps.flat());
const typed = (type: number, body: fc.Arbitrary<number[]>) => body.map((b) => [type, ...b]);
const byteList = (size: number, max: number) => counted(max, 2, chunk(size));

function rawItems(e: Edition): fc.Arbitrary<number[]>[] {
  const faultLists = seq(chunk(5), counted(3, 1, chunk(4)), counted(3, 1, chunk(4)), counted(3, 1, chunk(4)), counted(3, 1, chunk(4)));
  const temperaturePacks = counted(2, 1, seq(chunk(1), byteList(1, 6)));
  const custom = fc.tuple(fc.integer({ min: 0x80, max: 0xfe }), fc.uint8Array({ maxLength: 8 })).map(([t, d]) => [t, ...be16(d.length), ...d]);
  if (e === '2016') {
    return [
      typed(0x01, chunk(20)), typed(0x02, counted(3, 1, chunk(12))), typed(0x03, seq(chunk(6), byteList(1, 4), chunk(10))),
      typed(0x04, chunk(5)), typed(0x05, chunk(9)), typed(0x06, chunk(14)), typed(0x07, faultLists),
      typed(0x08, counted(2, 1, seq(chunk(9), counted(8, 1, chunk(2))))), typed(0x09, temperaturePacks), custom,
    ];
  }
  return [
    typed(0x01, chunk(18)), typed(0x02, counted(3, 1, chunk(10))), typed(0x03, chunk(12)), typed(0x04, chunk(2)),
    typed(0x05, chunk(10)), typed(0x06, seq(faultLists, counted(3, 1, chunk(2)))),
    typed(0x07, counted(2, 1, seq(chunk(5), byteList(2, 8)))), typed(0x08, temperaturePacks),
    typed(0x30, counted(2, 1, seq(chunk(10), byteList(1, 4)))), typed(0x31, seq(chunk(5), byteList(2, 6), byteList(1, 4))),
    typed(0x32, chunk(18)), custom,
  ];
}

/** A realtime data unit as bytes: time, blocks, (2025) optional signature. */
export function rawRealtimeBody(e: Edition): fc.Arbitrary<number[]> {
  const sig = seq(fc.constant([0xff]), chunk(1), counted(8, 2, chunk(1)), counted(8, 2, chunk(1)));
  return seq(chunk(6), fc.array(fc.oneof(...rawItems(e)), { maxLength: 5 }).map((x) => x.flat()), e === '2025' ? fc.option(sig, { nil: [] }) : fc.constant([]));
}

/** A whole frame around a data unit; BCC computed here. */
export function rawFrame(e: Edition, command: number, flag: number, vin: number[], body: number[]): Uint8Array {
  const start = e === '2016' ? 0x23 : 0x24;
  const bytesOut = [start, start, command, flag, ...vin, 0x01, ...be16(body.length), ...body];
  const check = bytesOut.slice(2).reduce((x, b) => x ^ b, 0);
  return Uint8Array.from([...bytesOut, check]);
}

export const rawVin = chunk(17);
