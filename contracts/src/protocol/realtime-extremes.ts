/**
 * Realtime info 0x06 extreme values, 2016 only (table 16, 14 bytes): which subsystem/cell
 * holds the highest/lowest cell voltage and which probe the highest/lowest temperature.
 * 2025 removed the block; consumers compute extremes from the cell and probe lists.
 */
import type { ByteReader, ByteWriter } from './byte-io.ts';
import { byteReading, wordReading, type Reading } from './sentinels.ts';

export interface ExtremeValues {
  kind: 'extremes';
  maxVoltageSubsystem: Reading;
  maxVoltageCell: Reading;
  maxCellVoltageV: Reading;
  minVoltageSubsystem: Reading;
  minVoltageCell: Reading;
  minCellVoltageV: Reading;
  maxTempSubsystem: Reading;
  maxTempProbe: Reading;
  maxTempC: Reading;
  minTempSubsystem: Reading;
  minTempProbe: Reading;
  minTempC: Reading;
}

export function decodeExtremes(r: ByteReader): ExtremeValues {
  r.need(14, 'extreme values');
  return {
    kind: 'extremes',
    maxVoltageSubsystem: byteReading(r.u8(), 0),
    maxVoltageCell: byteReading(r.u8(), 0),
    maxCellVoltageV: wordReading(r.u16(), 1000, 0),
    minVoltageSubsystem: byteReading(r.u8(), 0),
    minVoltageCell: byteReading(r.u8(), 0),
    minCellVoltageV: wordReading(r.u16(), 1000, 0),
    maxTempSubsystem: byteReading(r.u8(), 0),
    maxTempProbe: byteReading(r.u8(), 0),
    maxTempC: byteReading(r.u8(), 40),
    minTempSubsystem: byteReading(r.u8(), 0),
    minTempProbe: byteReading(r.u8(), 0),
    minTempC: byteReading(r.u8(), 40),
  };
}

export function encodeExtremes(w: ByteWriter, e: ExtremeValues): void {
  w.byteReading(e.maxVoltageSubsystem, 0, 'extremes.maxVoltageSubsystem');
  w.byteReading(e.maxVoltageCell, 0, 'extremes.maxVoltageCell');
  w.wordReading(e.maxCellVoltageV, 1000, 0, 'extremes.maxCellVoltageV');
  w.byteReading(e.minVoltageSubsystem, 0, 'extremes.minVoltageSubsystem');
  w.byteReading(e.minVoltageCell, 0, 'extremes.minVoltageCell');
  w.wordReading(e.minCellVoltageV, 1000, 0, 'extremes.minCellVoltageV');
  w.byteReading(e.maxTempSubsystem, 0, 'extremes.maxTempSubsystem');
  w.byteReading(e.maxTempProbe, 0, 'extremes.maxTempProbe');
  w.byteReading(e.maxTempC, 40, 'extremes.maxTempC');
  w.byteReading(e.minTempSubsystem, 0, 'extremes.minTempSubsystem');
  w.byteReading(e.minTempProbe, 0, 'extremes.minTempProbe');
  w.byteReading(e.minTempC, 40, 'extremes.minTempC');
}
