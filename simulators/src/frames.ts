/**
 * GB/T 32960 frames a simulated BEV terminal sends, built with the contracts codec:
 * login/logout/heartbeat/time sync, and realtime (0x02) or reissue (0x03) frames with every
 * info type a battery-electric vehicle carries: whole vehicle, drive motor, position,
 * extremes (2016 only), alarm, RESS cell voltages and RESS probe temperatures.
 */
import {
  Command, Encryption, ResponseFlag, SignatureAlgorithm, decodeGear, encodeFrame,
  gbTimeFromEpochMs, type AlarmData, type DriveMotors, type Edition, type FrameBody, type RealtimeItem,
  type Signature, type VehicleData, type VehiclePosition,
} from '@wdiov/contracts/protocol/index';
import { hashSeed } from '@wdiov/contracts/simulation/index';
import { cellVoltagesOf, extremesOf, probePack, probeTemperaturesOf, ressVoltageSlices, type PackSpec } from './battery.ts';
import type { VehicleEvents } from './events.ts';
import {
  clockOffsetMs, conditionCells, conditionInsulation, conditionMotorTemps, fuelCellSystemItem, type SafetyConditions,
} from './safety-conditions.ts';
import type { Snapshot } from './snapshot.ts';

/** What stays fixed for one terminal. */
export interface Terminal {
  vin: string;
  iccid: string;
  edition: Edition;
  pack: PackSpec;
  /** Resolves a snapshot's fault mask into fault codes and flag levels. */
  events: VehicleEvents;
  /** 2025 only: the vehicle signature block (see placeholderSignature). */
  signature?: Signature;
  /** Conditions injected for the safety models (safety-conditions.ts). */
  conditions?: SafetyConditions;
}

const TEMPERATURE_DIFFERENCE_BIT = 0;

function frame(t: Terminal, command: number, body: FrameBody): Uint8Array {
  return encodeFrame({ edition: t.edition, command, responseFlag: ResponseFlag.command, vin: t.vin, encryption: Encryption.none, body });
}

/** A GB/T 34014-shaped 24-char pack code; the demo derives it from the VIN. */
export function packCode(vin: string): string {
  return `PK${vin}00001`;
}

/**
 * 2025 frames must end with the vehicle's signature. The simulator holds no vehicle key,
 * so it sends a well-formed SM2 block with deterministic filler: a platform that verifies
 * signatures will (rightly) reject these frames.
 */
export function placeholderSignature(vin: string): Signature {
  const filler = (salt: number) => {
    const out = new Uint8Array(32);
    for (let i = 0; i < 32; i += 4) new DataView(out.buffer).setUint32(i, hashSeed(salt, i, vin.charCodeAt(i % 17)));
    return out;
  };
  return { algorithm: SignatureAlgorithm.sm2, r: filler(1), s: filler(2) };
}

export function loginFrame(t: Terminal, timeMs: number, seq: number): Uint8Array {
  const time = gbTimeFromEpochMs(timeMs + clockOffsetMs(t.conditions));
  const code = packCode(t.vin);
  const body: FrameBody = t.edition === '2016'
    ? { kind: 'login', time, seq, iccid: t.iccid, ressCount: 1, ressCodeLength: code.length, ressCodes: [code] }
    : { kind: 'login', time, seq, iccid: t.iccid, packCodesByBms: [[code]] };
  return frame(t, Command.vehicleLogin, body);
}

export function logoutFrame(t: Terminal, timeMs: number, seq: number): Uint8Array {
  return frame(t, Command.vehicleLogout, { kind: 'logout', time: gbTimeFromEpochMs(timeMs + clockOffsetMs(t.conditions)), seq });
}

export function heartbeatFrame(t: Terminal): Uint8Array {
  return frame(t, Command.heartbeat, { kind: 'empty' });
}

export function timeSyncFrame(t: Terminal): Uint8Array {
  return frame(t, Command.timeSync, { kind: 'empty' });
}

/** The same frame sent as a reissue (0x03): only the command byte and the BCC change. */
export function asReissue(bytes: Uint8Array): Uint8Array {
  const out = bytes.slice();
  out[out.length - 1] ^= out[2] ^ Command.reissue;
  out[2] = Command.reissue;
  return out;
}

// Scratch cell list: encoding is synchronous, so one list serves every vehicle.
const cellScratch: number[] = [];

/**
 * Realtime (or reissue) frames for one snapshot. Usually one frame; a 2016 pack with more
 * than 200 cells adds frames carrying only the rest of the cell list, same time.
 */
export function realtimeFrames(t: Terminal, s: Snapshot, command: number = Command.realtime): Uint8Array[] {
  const is2016 = t.edition === '2016';
  const time = gbTimeFromEpochMs(s.timeMs + clockOffsetMs(t.conditions));
  const packV = conditionCells(t.conditions, s, cellScratch, cellVoltagesOf(t.pack, s, cellScratch));
  const temps = probeTemperaturesOf(t.pack, s, ((s.alarmFlags >>> TEMPERATURE_DIFFERENCE_BIT) & 1) === 1);
  const slices = ressVoltageSlices(cellScratch, packV, s.currentA, is2016);

  const fuelCell = is2016 ? undefined : fuelCellSystemItem(t.conditions, s, temps[0] ?? 25);
  const items: RealtimeItem[] = [
    vehicleItem(s, packV, is2016, conditionInsulation(t.conditions, s, packV)), motorItem(t, s, packV, is2016),
    ...(fuelCell ? [fuelCell] : []), positionItem(s, is2016),
  ];
  if (is2016) items.push(extremesOf(cellScratch, temps));
  items.push(alarmItem(t, s, is2016));
  items.push({ kind: 'cellVoltages', packs: [slices[0]] });
  items.push({ kind: 'probeTemperatures', packs: [probePack(temps)] });

  const out = [frame(t, command, { kind: 'realtime', time, items, signature: t.signature })];
  for (let i = 1; i < slices.length; i++) {
    out.push(frame(t, command, { kind: 'realtime', time, items: [{ kind: 'cellVoltages', packs: [slices[i]] }] }));
  }
  return out;
}

function vehicleItem(s: Snapshot, packV: number, is2016: boolean, insulationKohm: number): VehicleData {
  const v: VehicleData = {
    kind: 'vehicle',
    vehicleState: s.vehicleState,
    chargeState: s.chargeState,
    runMode: 1, // pure electric
    speedKmh: s.speedKmh,
    mileageKm: s.mileageKm,
    totalVoltageV: packV,
    totalCurrentA: s.currentA,
    socPercent: s.socPct,
    dcdcState: s.dcdcState,
    gear: decodeGear(s.gear),
    insulationKohm,
  };
  if (is2016) {
    v.acceleratorPercent = s.acceleratorPct;
    v.brakePercent = s.brakePct;
  }
  return v;
}

function motorItem(t: Terminal, s: Snapshot, packV: number, is2016: boolean): DriveMotors {
  const { motorC, controllerC } = conditionMotorTemps(t.conditions, s);
  return {
    kind: 'motors',
    motors: [{
      seq: 1,
      state: s.motorState,
      controllerTempC: Math.round(controllerC),
      speedRpm: s.motorRpm,
      torqueNm: s.motorTorqueNm,
      temperatureC: Math.round(motorC),
      ...(is2016 ? { controllerVoltageV: packV, controllerCurrentA: s.currentA } : {}),
    }],
  };
}

function positionItem(s: Snapshot, is2016: boolean): VehiclePosition {
  const p: VehiclePosition = {
    kind: 'position', fixValid: true, south: s.lat < 0, west: s.lng < 0, statusReserved: 0,
    longitudeDeg: Math.abs(s.lng), latitudeDeg: Math.abs(s.lat),
  };
  if (!is2016) p.coordinateSystem = 1; // WGS84
  return p;
}

function alarmItem(t: Terminal, s: Snapshot, is2016: boolean): AlarmData {
  const e = t.events;
  const a: AlarmData = {
    kind: 'alarm',
    maxLevel: s.alarmLevel,
    flags: s.alarmFlags,
    ressFaultCodes: e.faultCodes(s.faultMask, 'ress'),
    motorFaultCodes: e.faultCodes(s.faultMask, 'motor'),
    engineFaultCodes: [],
    otherFaultCodes: e.faultCodes(s.faultMask, 'other'),
  };
  if (!is2016) {
    a.flagLevels = [];
    for (let bit = 0; bit < 32; bit++) if ((s.alarmFlags >>> bit) & 1) a.flagLevels.push({ bit, level: e.levels[bit] || 1 });
  }
  return a;
}
