import { InstructStatus, InstructType } from '@wdiov/contracts/diagnosis/instruction';
import { serverZone } from '../shared/server-zone';
import { asRecord, pickText, type Row } from '../monitoring/wire-parse';

/**
 * Lenient readers of an instructRecord row. JSON columns may arrive as objects or as text,
 * and the vehicle's label under the ref's label key, so every field is read with fallbacks.
 */

export const RETRYABLE_STATUSES: readonly number[] = [InstructStatus.failed, InstructStatus.timedOut, InstructStatus.offline];

/** A JSON column as an object: parsed when it came as text, {} when absent or not an object. */
export function jsonObject(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    try {
      return asRecord(JSON.parse(value));
    } catch {
      return {};
    }
  }
  return asRecord(value);
}

export const contentOf = (row: Row) => jsonObject(row.content);
export const answerOf = (row: Row) => jsonObject(row.responseData);
export const typeOf = (row: Row) => Number(row.instructType ?? 0);
export const statusOf = (row: Row) => Number(row.instructStatus ?? 0);

/** The vehicle as a person recognises it: the plate when the row has one, else the VIN label. */
export function vehicleText(row: Row): string {
  return pickText(row, 'plateNumber', 'vehicleIdLabel', 'vehicleName', 'vin', 'vehicleId');
}

export function isRetryable(row: Row): boolean {
  return RETRYABLE_STATUSES.includes(statusOf(row)) && typeOf(row) >= InstructType.query && typeOf(row) <= InstructType.diagnose;
}

const WIRE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** 'yyyy-MM-dd HH:mm:ss' whatever the wire sent (the spec's text, an ISO string, epoch ms). */
export function timeText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && WIRE_TIME.test(value)) return value;
  const date = new Date(typeof value === 'number' ? value : String(value));
  return Number.isNaN(date.getTime()) ? String(value) : serverZone.text(date);
}

/** New rows first, replacing older copies of the same record (a retry answers a new row; a reload may overlap). */
export function mergeNewest(fresh: Row[], rows: Row[]): Row[] {
  const ids = new Set(fresh.map((r) => r.id));
  return [...fresh, ...rows.filter((r) => !ids.has(r.id))];
}
