/**
 * Realtime info 0x31 supercapacitor (2025 table 25) and 0x32 supercapacitor extremes
 * (2025 table 26, 18 bytes; cell and probe numbers are WORDs here).
 */
import { checkCount, type ByteReader, type ByteWriter } from './byte-io.ts';
import { readCellVoltages, readTemps, writeCellVoltages, writeTemps } from './realtime-ress.ts';
import { byteReading, wordReading, type Reading } from './sentinels.ts';

export interface SupercapacitorData {
  kind: 'supercapacitor';
  systemNo: Reading;
  voltageV: Reading;
  /** Signed: raw offset 3000 A. */
  currentA: Reading;
  cellVoltagesV: Reading[];
  probeTempsC: Reading[];
}

export interface SupercapacitorExtremes {
  kind: 'supercapacitorExtremes';
  maxVoltageSystemNo: Reading;
  maxVoltageCell: Reading;
  maxCellVoltageV: Reading;
  minVoltageSystemNo: Reading;
  minVoltageCell: Reading;
  minCellVoltageV: Reading;
  maxTempSystemNo: Reading;
  maxTempProbe: Reading;
  maxTempC: Reading;
  minTempSystemNo: Reading;
  minTempProbe: Reading;
  minTempC: Reading;
}

export function decodeSupercapacitor(r: ByteReader): SupercapacitorData {
  r.need(7, 'supercapacitor');
  const systemNo = byteReading(r.u8(), 0);
  const voltageV = wordReading(r.u16(), 10, 0);
  const currentA = wordReading(r.u16(), 10, 30000);
  const cellVoltagesV = readCellVoltages(r, r.u16(), 'supercapacitor cells');
  r.need(2, 'supercapacitor probe count');
  const probeTempsC = readTemps(r, r.u16(), 'supercapacitor probes');
  return { kind: 'supercapacitor', systemNo, voltageV, currentA, cellVoltagesV, probeTempsC };
}

export function encodeSupercapacitor(w: ByteWriter, s: SupercapacitorData): void {
  w.byteReading(s.systemNo, 0, 'supercapacitor.systemNo');
  w.wordReading(s.voltageV, 10, 0, 'supercapacitor.voltageV');
  w.wordReading(s.currentA, 10, 30000, 'supercapacitor.currentA');
  checkCount(s.cellVoltagesV.length, 0xffff, 'supercapacitor.cellVoltagesV');
  w.u16(s.cellVoltagesV.length, 'supercapacitor cell count');
  writeCellVoltages(w, s.cellVoltagesV, 'supercapacitor.cellVoltagesV');
  checkCount(s.probeTempsC.length, 0xffff, 'supercapacitor.probeTempsC');
  w.u16(s.probeTempsC.length, 'supercapacitor probe count');
  writeTemps(w, s.probeTempsC, 'supercapacitor.probeTempsC');
}

export function decodeSupercapacitorExtremes(r: ByteReader): SupercapacitorExtremes {
  r.need(18, 'supercapacitor extremes');
  return {
    kind: 'supercapacitorExtremes',
    maxVoltageSystemNo: byteReading(r.u8(), 0),
    maxVoltageCell: wordReading(r.u16(), 1, 0),
    maxCellVoltageV: wordReading(r.u16(), 1000, 0),
    minVoltageSystemNo: byteReading(r.u8(), 0),
    minVoltageCell: wordReading(r.u16(), 1, 0),
    minCellVoltageV: wordReading(r.u16(), 1000, 0),
    maxTempSystemNo: byteReading(r.u8(), 0),
    maxTempProbe: wordReading(r.u16(), 1, 0),
    maxTempC: byteReading(r.u8(), 40),
    minTempSystemNo: byteReading(r.u8(), 0),
    minTempProbe: wordReading(r.u16(), 1, 0),
    minTempC: byteReading(r.u8(), 40),
  };
}

export function encodeSupercapacitorExtremes(w: ByteWriter, e: SupercapacitorExtremes): void {
  w.byteReading(e.maxVoltageSystemNo, 0, 'supercapacitorExtremes.maxVoltageSystemNo');
  w.wordReading(e.maxVoltageCell, 1, 0, 'supercapacitorExtremes.maxVoltageCell');
  w.wordReading(e.maxCellVoltageV, 1000, 0, 'supercapacitorExtremes.maxCellVoltageV');
  w.byteReading(e.minVoltageSystemNo, 0, 'supercapacitorExtremes.minVoltageSystemNo');
  w.wordReading(e.minVoltageCell, 1, 0, 'supercapacitorExtremes.minVoltageCell');
  w.wordReading(e.minCellVoltageV, 1000, 0, 'supercapacitorExtremes.minCellVoltageV');
  w.byteReading(e.maxTempSystemNo, 0, 'supercapacitorExtremes.maxTempSystemNo');
  w.wordReading(e.maxTempProbe, 1, 0, 'supercapacitorExtremes.maxTempProbe');
  w.byteReading(e.maxTempC, 40, 'supercapacitorExtremes.maxTempC');
  w.byteReading(e.minTempSystemNo, 0, 'supercapacitorExtremes.minTempSystemNo');
  w.wordReading(e.minTempProbe, 1, 0, 'supercapacitorExtremes.minTempProbe');
  w.byteReading(e.minTempC, 40, 'supercapacitorExtremes.minTempC');
}
