/**
 * Rechargeable energy storage (RESS) lists:
 * - cell voltages: 2016 0x08 (tables B.5/B.6), 2025 0x07 "min parallel unit voltages" (tables 11/12);
 * - probe temperatures: 2016 0x09 (tables B.7/B.8), 2025 0x08 (tables 13/14).
 *
 * 2016 packs with more than 200 cells are split over frames: each frame says the total
 * cell count, the 1-based index of its first cell and how many cells it carries, so a
 * consumer merges `cellVoltagesV` at `startCell`. 2025 always sends the whole list.
 */
import { checkCount, required, type ByteReader, type ByteWriter } from './byte-io.ts';
import type { Edition } from './constants.ts';
import { byteReading, wordReading, type Reading } from './sentinels.ts';

export interface CellVoltagePack {
  packNo: Reading;
  voltageV: Reading;
  /** Signed: raw offset 1000 A (2016) or 3000 A (2025). */
  currentA: Reading;
  /** 2016 only: cells in the whole pack (2025: the list is whole, so cellVoltagesV.length). */
  totalCells?: Reading;
  /** 2016 only: 1-based index of cellVoltagesV[0] within the pack (2025: always 1). */
  startCell?: number;
  /** This frame's cells, in volts (0.001 V steps). Its length is the frame's cell count. */
  cellVoltagesV: Reading[];
  /**
   * When the lists were not read (DecodeOptions.readings false): the list's bytes in the frame, a
   * WORD per cell, for readers that walk it in place (cellCountOf, cellVoltageAt) without a copy.
   */
  cellsRaw?: Uint8Array;
}

export interface CellVoltages {
  kind: 'cellVoltages';
  packs: CellVoltagePack[];
}

export interface ProbeTemperaturePack {
  packNo: Reading;
  temperaturesC: Reading[];
  /** As CellVoltagePack.cellsRaw: the list's bytes, a BYTE per probe, when the lists were not read. */
  temperaturesRaw?: Uint8Array;
}

/** The cells a pack's list holds in this frame, whether or not the list was read. */
export const cellCountOf = (p: CellVoltagePack): number => (p.cellsRaw ? p.cellsRaw.length >> 1 : p.cellVoltagesV.length);

/** Cell i of a pack's list in this frame, read or in place. */
export function cellVoltageAt(p: CellVoltagePack, i: number): Reading {
  const raw = p.cellsRaw;
  return raw ? wordReading((raw[2 * i]! << 8) | raw[2 * i + 1]!, 1000, 0) : p.cellVoltagesV[i]!;
}

export const temperatureCountOf = (p: ProbeTemperaturePack): number => (p.temperaturesRaw ? p.temperaturesRaw.length : p.temperaturesC.length);

/** Probe i of a pack's list in this frame, read or in place. */
export function temperatureAt(p: ProbeTemperaturePack, i: number): Reading {
  const raw = p.temperaturesRaw;
  return raw ? byteReading(raw[i]!, 40) : p.temperaturesC[i]!;
}

/** The bytes of a list that was skipped, or undefined when it was read. */
const skippedBytes = (r: ByteReader, list: Reading[], length: number): Uint8Array | undefined =>
  list === SKIPPED_READINGS ? r.bytes.subarray(r.pos - length, r.pos) : undefined;

export interface ProbeTemperatures {
  kind: 'probeTemperatures';
  packs: ProbeTemperaturePack[];
}

/** N BYTE temperatures (offset 40 °C); the caller has read the count. */
/** What a per-cell or per-probe list holds when the caller asked not to read them (never written to). */
export const SKIPPED_READINGS: Reading[] = Object.freeze([]) as unknown as Reading[];

export function readTemps(r: ByteReader, n: number, what: string, skip = false): Reading[] {
  r.need(n, what);
  if (skip) {
    r.pos += n;
    return SKIPPED_READINGS;
  }
  const b = r.bytes;
  const p = r.pos;
  const out: Reading[] = [];
  for (let i = 0; i < n; i++) out.push(byteReading(b[p + i], 40));
  r.pos = p + n;
  return out;
}

export function writeTemps(w: ByteWriter, temps: Reading[], field: string): void {
  for (let i = 0; i < temps.length; i++) w.byteReading(temps[i], 40, field);
}

/** N WORD cell voltages (0.001 V); the caller has read the count. */
export function readCellVoltages(r: ByteReader, n: number, what: string, skip = false): Reading[] {
  r.need(n * 2, what);
  if (skip) {
    r.pos += 2 * n;
    return SKIPPED_READINGS;
  }
  const view = r.view;
  const p = r.pos;
  const out: Reading[] = [];
  for (let i = 0; i < n; i++) out.push(wordReading(view.getUint16(p + 2 * i), 1000, 0));
  r.pos = p + 2 * n;
  return out;
}

export function writeCellVoltages(w: ByteWriter, cells: Reading[], field: string): void {
  for (let i = 0; i < cells.length; i++) w.wordReading(cells[i], 1000, 0, field);
}

export function decodeCellVoltages(r: ByteReader, edition: Edition): CellVoltages {
  r.need(1, 'pack count');
  const count = r.u8();
  const packs: CellVoltagePack[] = [];
  if (edition === '2016') {
    for (let i = 0; i < count; i++) {
      r.need(10, 'cell voltage pack');
      const packNo = byteReading(r.u8(), 0);
      const voltageV = wordReading(r.u16(), 10, 0);
      const currentA = wordReading(r.u16(), 10, 10000);
      const totalCells = wordReading(r.u16(), 1, 0);
      const startCell = r.u16();
      const n = r.u8();
      const cellVoltagesV = readCellVoltages(r, n, 'cell voltages', !r.readings);
      const cellsRaw = skippedBytes(r, cellVoltagesV, 2 * n);
      packs.push(cellsRaw ? { packNo, voltageV, currentA, totalCells, startCell, cellVoltagesV, cellsRaw } : { packNo, voltageV, currentA, totalCells, startCell, cellVoltagesV });
    }
  } else {
    for (let i = 0; i < count; i++) {
      r.need(7, 'cell voltage pack');
      const packNo = byteReading(r.u8(), 0);
      const voltageV = wordReading(r.u16(), 10, 0);
      const currentA = wordReading(r.u16(), 10, 30000);
      const n = r.u16();
      const cellVoltagesV = readCellVoltages(r, n, 'cell voltages', !r.readings);
      const cellsRaw = skippedBytes(r, cellVoltagesV, 2 * n);
      packs.push(cellsRaw ? { packNo, voltageV, currentA, cellVoltagesV, cellsRaw } : { packNo, voltageV, currentA, cellVoltagesV });
    }
  }
  return { kind: 'cellVoltages', packs };
}

export function encodeCellVoltages(w: ByteWriter, c: CellVoltages, edition: Edition): void {
  checkCount(c.packs.length, 0xff, 'cellVoltages.packs');
  w.u8(c.packs.length, 'pack count');
  const is2016 = edition === '2016';
  for (const pack of c.packs) {
    w.byteReading(pack.packNo, 0, 'pack.packNo');
    w.wordReading(pack.voltageV, 10, 0, 'pack.voltageV');
    w.wordReading(pack.currentA, 10, is2016 ? 10000 : 30000, 'pack.currentA');
    if (is2016) {
      w.wordReading(required(pack.totalCells, 'pack.totalCells'), 1, 0, 'pack.totalCells');
      w.u16(required(pack.startCell, 'pack.startCell'), 'pack.startCell');
      checkCount(pack.cellVoltagesV.length, 0xff, 'pack.cellVoltagesV');
      w.u8(pack.cellVoltagesV.length, 'frame cell count');
    } else {
      checkCount(pack.cellVoltagesV.length, 0xffff, 'pack.cellVoltagesV');
      w.u16(pack.cellVoltagesV.length, 'cell count');
    }
    writeCellVoltages(w, pack.cellVoltagesV, 'pack.cellVoltagesV');
  }
}

export function decodeProbeTemperatures(r: ByteReader): ProbeTemperatures {
  r.need(1, 'pack count');
  const count = r.u8();
  const packs: ProbeTemperaturePack[] = [];
  for (let i = 0; i < count; i++) {
    r.need(3, 'temperature pack');
    const packNo = byteReading(r.u8(), 0);
    const n = r.u16();
    const temperaturesC = readTemps(r, n, 'probe temperatures', !r.readings);
    const temperaturesRaw = skippedBytes(r, temperaturesC, n);
    packs.push(temperaturesRaw ? { packNo, temperaturesC, temperaturesRaw } : { packNo, temperaturesC });
  }
  return { kind: 'probeTemperatures', packs };
}

export function encodeProbeTemperatures(w: ByteWriter, t: ProbeTemperatures): void {
  checkCount(t.packs.length, 0xff, 'probeTemperatures.packs');
  w.u8(t.packs.length, 'pack count');
  for (const pack of t.packs) {
    w.byteReading(pack.packNo, 0, 'pack.packNo');
    checkCount(pack.temperaturesC.length, 0xffff, 'pack.temperaturesC');
    w.u16(pack.temperaturesC.length, 'probe count');
    writeTemps(w, pack.temperaturesC, 'pack.temperaturesC');
  }
}
