/**
 * Fuel-cell information:
 * - 2016 0x03 fuel cell (table 12): voltage, current, consumption, probe list, H2 maxima.
 * - 2025 0x03 fuel-cell engine and on-board H2 system (table 17): H2 maxima, DC/DC, H2 left.
 * - 2025 0x30 fuel-cell stacks (tables 18/19).
 */
import { checkCount, type ByteReader, type ByteWriter } from './byte-io.ts';
import { readTemps, writeTemps } from './realtime-ress.ts';
import { byteReading, wordReading, type Reading } from './sentinels.ts';

export interface FuelCellData {
  kind: 'fuelCell';
  voltageV: Reading;
  currentA: Reading;
  consumptionKgPer100km: Reading;
  probeTempsC: Reading[];
  h2MaxTempC: Reading;
  h2MaxTempProbe: Reading;
  /** mg/kg */
  h2MaxConcentrationMgPerKg: Reading;
  h2MaxConcentrationSensor: Reading;
  h2MaxPressureMpa: Reading;
  h2MaxPressureSensor: Reading;
  /** 1 working, 2 off. */
  dcdcState: Reading;
}

export interface FuelCellSystemData {
  kind: 'fuelCellSystem';
  /** WORD with 1 °C steps, offset 40 (2025). */
  h2MaxTempC: Reading;
  h2MaxTempProbe: Reading;
  /** Volume fraction in %, 0.0001 % steps. */
  h2MaxConcentrationPct: Reading;
  h2MaxConcentrationSensor: Reading;
  h2MaxPressureMpa: Reading;
  h2MaxPressureSensor: Reading;
  dcdcState: Reading;
  h2RemainingPercent: Reading;
  dcdcControllerTempC: Reading;
}

export interface FuelCellStack {
  seq: Reading;
  voltageV: Reading;
  currentA: Reading;
  /** Offset 100 kPa, 0.1 kPa steps. */
  h2InletPressureKpa: Reading;
  airInletPressureKpa: Reading;
  airInletTempC: Reading;
  coolantOutletTempsC: Reading[];
}

export interface FuelCellStacks {
  kind: 'fuelCellStacks';
  stacks: FuelCellStack[];
}

export function decodeFuelCell(r: ByteReader): FuelCellData {
  r.need(8, 'fuel cell');
  const voltageV = wordReading(r.u16(), 10, 0);
  const currentA = wordReading(r.u16(), 10, 0);
  const consumptionKgPer100km = wordReading(r.u16(), 100, 0);
  const probeTempsC = readTemps(r, r.u16(), 'fuel cell probes');
  r.need(10, 'fuel cell hydrogen');
  return {
    kind: 'fuelCell',
    voltageV,
    currentA,
    consumptionKgPer100km,
    probeTempsC,
    h2MaxTempC: wordReading(r.u16(), 10, 400),
    h2MaxTempProbe: byteReading(r.u8(), 0),
    h2MaxConcentrationMgPerKg: wordReading(r.u16(), 1, 0),
    h2MaxConcentrationSensor: byteReading(r.u8(), 0),
    h2MaxPressureMpa: wordReading(r.u16(), 10, 0),
    h2MaxPressureSensor: byteReading(r.u8(), 0),
    dcdcState: byteReading(r.u8(), 0),
  };
}

export function encodeFuelCell(w: ByteWriter, f: FuelCellData): void {
  w.wordReading(f.voltageV, 10, 0, 'fuelCell.voltageV');
  w.wordReading(f.currentA, 10, 0, 'fuelCell.currentA');
  w.wordReading(f.consumptionKgPer100km, 100, 0, 'fuelCell.consumptionKgPer100km');
  checkCount(f.probeTempsC.length, 0xffff, 'fuelCell.probeTempsC');
  w.u16(f.probeTempsC.length, 'fuelCell probe count');
  writeTemps(w, f.probeTempsC, 'fuelCell.probeTempsC');
  w.wordReading(f.h2MaxTempC, 10, 400, 'fuelCell.h2MaxTempC');
  w.byteReading(f.h2MaxTempProbe, 0, 'fuelCell.h2MaxTempProbe');
  w.wordReading(f.h2MaxConcentrationMgPerKg, 1, 0, 'fuelCell.h2MaxConcentrationMgPerKg');
  w.byteReading(f.h2MaxConcentrationSensor, 0, 'fuelCell.h2MaxConcentrationSensor');
  w.wordReading(f.h2MaxPressureMpa, 10, 0, 'fuelCell.h2MaxPressureMpa');
  w.byteReading(f.h2MaxPressureSensor, 0, 'fuelCell.h2MaxPressureSensor');
  w.byteReading(f.dcdcState, 0, 'fuelCell.dcdcState');
}

export function decodeFuelCellSystem(r: ByteReader): FuelCellSystemData {
  r.need(12, 'fuel cell system');
  return {
    kind: 'fuelCellSystem',
    h2MaxTempC: wordReading(r.u16(), 1, 40),
    h2MaxTempProbe: byteReading(r.u8(), 0),
    h2MaxConcentrationPct: wordReading(r.u16(), 10000, 0),
    h2MaxConcentrationSensor: byteReading(r.u8(), 0),
    h2MaxPressureMpa: wordReading(r.u16(), 10, 0),
    h2MaxPressureSensor: byteReading(r.u8(), 0),
    dcdcState: byteReading(r.u8(), 0),
    h2RemainingPercent: byteReading(r.u8(), 0),
    dcdcControllerTempC: byteReading(r.u8(), 40),
  };
}

export function encodeFuelCellSystem(w: ByteWriter, f: FuelCellSystemData): void {
  w.wordReading(f.h2MaxTempC, 1, 40, 'fuelCellSystem.h2MaxTempC');
  w.byteReading(f.h2MaxTempProbe, 0, 'fuelCellSystem.h2MaxTempProbe');
  w.wordReading(f.h2MaxConcentrationPct, 10000, 0, 'fuelCellSystem.h2MaxConcentrationPct');
  w.byteReading(f.h2MaxConcentrationSensor, 0, 'fuelCellSystem.h2MaxConcentrationSensor');
  w.wordReading(f.h2MaxPressureMpa, 10, 0, 'fuelCellSystem.h2MaxPressureMpa');
  w.byteReading(f.h2MaxPressureSensor, 0, 'fuelCellSystem.h2MaxPressureSensor');
  w.byteReading(f.dcdcState, 0, 'fuelCellSystem.dcdcState');
  w.byteReading(f.h2RemainingPercent, 0, 'fuelCellSystem.h2RemainingPercent');
  w.byteReading(f.dcdcControllerTempC, 40, 'fuelCellSystem.dcdcControllerTempC');
}

export function decodeFuelCellStacks(r: ByteReader): FuelCellStacks {
  r.need(1, 'stack count');
  const count = r.u8();
  const stacks: FuelCellStack[] = [];
  for (let i = 0; i < count; i++) {
    r.need(12, 'fuel cell stack');
    const seq = byteReading(r.u8(), 0);
    const voltageV = wordReading(r.u16(), 10, 0);
    const currentA = wordReading(r.u16(), 10, 0);
    const h2InletPressureKpa = wordReading(r.u16(), 10, 1000);
    const airInletPressureKpa = wordReading(r.u16(), 10, 1000);
    const airInletTempC = byteReading(r.u8(), 40);
    const coolantOutletTempsC = readTemps(r, r.u16(), 'stack coolant probes');
    stacks.push({ seq, voltageV, currentA, h2InletPressureKpa, airInletPressureKpa, airInletTempC, coolantOutletTempsC });
  }
  return { kind: 'fuelCellStacks', stacks };
}

export function encodeFuelCellStacks(w: ByteWriter, s: FuelCellStacks): void {
  checkCount(s.stacks.length, 0xff, 'fuelCellStacks.stacks');
  w.u8(s.stacks.length, 'stack count');
  for (const st of s.stacks) {
    w.byteReading(st.seq, 0, 'stack.seq');
    w.wordReading(st.voltageV, 10, 0, 'stack.voltageV');
    w.wordReading(st.currentA, 10, 0, 'stack.currentA');
    w.wordReading(st.h2InletPressureKpa, 10, 1000, 'stack.h2InletPressureKpa');
    w.wordReading(st.airInletPressureKpa, 10, 1000, 'stack.airInletPressureKpa');
    w.byteReading(st.airInletTempC, 40, 'stack.airInletTempC');
    checkCount(st.coolantOutletTempsC.length, 0xffff, 'stack.coolantOutletTempsC');
    w.u16(st.coolantOutletTempsC.length, 'stack coolant probe count');
    writeTemps(w, st.coolantOutletTempsC, 'stack.coolantOutletTempsC');
  }
}
