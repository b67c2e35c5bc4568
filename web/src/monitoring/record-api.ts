import type { HttpClient } from '../api/http';
import { dropEmpty } from '../util/validators';
import { formatSlot, type TimeSlot } from './time-slot';
import { readPage, type PageOf, type Row } from './wire-parse';

/** One record list of the monitoring area: where it reads, filters by time, and handles. */
export interface RecordSource {
  /** The entity listed: its writes refresh the list. */
  entity: string;
  /** GET …/page with current, size and BladeX filters. */
  pageUrl: string;
  /** The datetime field the time slot applies to (the gateway knows it per list). */
  timeField: string;
  /** The field 'view now' passes besides vin (alarmType for alarms). */
  typeField?: string;
  /** POST {ids, handleRemark}; absent when records cannot be handled. */
  handleUrl?: string;
  /** Whether handling keeps a remark (then required): alarms do, faults keep none. */
  handleRemark?: boolean;
  /** Server-side export (GET, blob) through the shell's export helper; else a CSV of the rows. */
  exportUrl?: string;
}

export interface RecordFilter {
  vin: string;
  type: string;
  slot: TimeSlot | null;
  /** '' all, '0' open, '1' handled. */
  handled: '' | '0' | '1';
}

export const EMPTY_FILTER: RecordFilter = { vin: '', type: '', slot: null, handled: '' };

/** BladeX query of a filter: vin as LIKE (a full VIN still matches only itself), type exact. */
export function filterParams(source: RecordSource, filter: RecordFilter): Record<string, string> {
  return dropEmpty({
    vin: filter.vin.trim(),
    ...(source.typeField ? { [`${source.typeField}_equal`]: filter.type.trim() } : {}),
    isHandle_equal: filter.handled,
    // The gateway reads the spec's timeSlot (ms,ms) on each list's own time field.
    timeSlot: filter.slot ? formatSlot(filter.slot) : '',
  }) as Record<string, string>;
}

export async function fetchRecords(
  http: HttpClient,
  source: RecordSource,
  filter: RecordFilter,
  current: number,
  size: number,
): Promise<PageOf> {
  return readPage(await http.get(source.pageUrl, { ...filterParams(source, filter), current, size }));
}

/** Every row of a filter, page by page (export, unified handling); capped so a typo cannot hang the tab. */
export async function fetchAllRecords(http: HttpClient, source: RecordSource, filter: RecordFilter, cap = 10_000): Promise<Row[]> {
  const size = 500;
  const rows: Row[] = [];
  for (let current = 1; rows.length < cap; current++) {
    const page = await fetchRecords(http, source, filter, current, size);
    rows.push(...page.records);
    if (page.records.length < size || rows.length >= page.total) break;
  }
  return rows.slice(0, cap);
}

export async function handleRecords(http: HttpClient, source: RecordSource, ids: string[], handleRemark: string): Promise<void> {
  if (!source.handleUrl || ids.length === 0) return;
  await http.post(source.handleUrl, { ids: ids.join(','), handleRemark });
}

/**
 * Unified handling, first step: the ids of every open record of the current filter. The operator is
 * told how many and asked; exactly these are then handled (per-id handle call, no extra route), so
 * a record opened in between is not handled unasked.
 */
export async function openRecordIds(http: HttpClient, source: RecordSource, filter: RecordFilter): Promise<string[]> {
  const open = await fetchAllRecords(http, source, { ...filter, handled: '0' });
  return open.map((r) => r.id).filter(Boolean);
}

export const ALARM_SOURCE: RecordSource = {
  entity: 'vehicleAlarmData',
  pageUrl: '/wdiov-base/vehicleAlarmData/page',
  timeField: 'startTime',
  typeField: 'alarmType',
  handleUrl: '/wdiov-base/vehicleAlarmData/handle',
  handleRemark: true,
  exportUrl: '/wdiov-base/vehicleAlarmData/export',
};

export const FAULT_SOURCE: RecordSource = {
  entity: 'vehicleFaultData',
  pageUrl: '/wdiov-base/vehicleFaultData/page',
  timeField: 'startTime',
  typeField: 'faultCode',
  // The seeded menu gives the fault screen's handle button this route.
  handleUrl: '/wdiov-base/vehicleCanFaultData/handle',
};

export const FENCE_ACCESS_SOURCE: RecordSource = {
  entity: 'fenceAccessRecord',
  pageUrl: '/wdiov-base/fenceAccessRecord/page',
  timeField: 'accessTime',
};
