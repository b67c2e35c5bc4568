import type { HttpClient } from '../api/http';
import { labelKeyOf } from '@wdiov/contracts/entity/submit-schema';
import { cellsFromFrame } from './battery-cells';
import { parseFrameHex } from './frame-fields';
import { fetchMessageHex, fetchMessages } from './message-api';
import { asRecord, readData } from './wire-parse';

/** vehicle/info: the master record (with ref and dict labels) plus its live view. */
export async function fetchVehicleInfo(http: HttpClient, by: { vin?: string; id?: string }): Promise<Record<string, unknown>> {
  return asRecord(readData(await http.get('/wdiov-base/vehicle/info', { vin: by.vin || undefined, id: by.id || undefined })));
}

/** A field as shown: a reference or dictionary shows its label (`orgId` → `orgName`). */
export function displayValue(row: Record<string, unknown>, field: string): string {
  const label = row[labelKeyOf(field)];
  const v = label !== undefined && label !== null && label !== '' ? label : row[field];
  return v === undefined || v === null ? '' : String(v);
}

/**
 * Cell voltages from the newest realtime frame when the live answer has none: the snapshot
 * keeps only the extremes, the frame has every cell.
 */
export async function latestCells(http: HttpClient, vin: string): Promise<number[]> {
  const page = await fetchMessages(http, { vin, slot: null, command: '2' }, 1, 1);
  const newest = page.records[0];
  if (!newest) return [];
  const parsed = parseFrameHex(await fetchMessageHex(http, newest.id));
  return parsed.ok ? cellsFromFrame(parsed.frame) : [];
}
