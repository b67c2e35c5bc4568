import type { HttpClient } from '../api/http';
import type { FenceShape } from '../map/layers/map-ui';
import { geometryFromWire } from './fence-draw';
import { asRecord, pickText, readData, readPage, type Row } from './wire-parse';

const BASE = '/wdiov-base/electronicFence';
const BINDINGS = '/wdiov-base/electronicFenceVehicle';

export interface FenceForm {
  id?: string;
  fenceName: string;
  fenceType: number;
  geometry: unknown;
  alarmOn: number;
  speedLimitKmh?: number | null;
  remark?: string;
}

export function shapeOf(row: Record<string, unknown>): FenceShape | null {
  const geometry = geometryFromWire(row.fenceType, row.geometry);
  return geometry ? { id: pickText(row, 'id'), name: pickText(row, 'fenceName'), geometry } : null;
}

export async function fetchFence(http: HttpClient, id: string): Promise<Record<string, unknown>> {
  return asRecord(readData(await http.get(`${BASE}/detail`, { id })));
}

/** Other fences, drawn faintly for context while editing one. */
export async function fetchFenceShapes(http: HttpClient): Promise<FenceShape[]> {
  const page = readPage(await http.get(`${BASE}/page`, { current: 1, size: 500 }));
  return page.records.map(shapeOf).filter((f): f is FenceShape => f !== null);
}

/**
 * Saves through the generic submit. An add answers no id, so the new fence is found again by
 * name (newest first) to bind vehicles to it.
 */
export async function saveFence(http: HttpClient, form: FenceForm): Promise<string> {
  const body = { ...form, fenceName: form.fenceName.trim(), remark: form.remark?.trim() || undefined };
  await http.post(`${BASE}/submit`, body);
  if (form.id) return form.id;
  const page = readPage(await http.get(`${BASE}/page`, { fenceName_equal: body.fenceName, descs: 'create_time', current: 1, size: 1 }));
  return page.records[0]?.id ?? '';
}

export interface Binding {
  /** The binding row's id ('' while only staged). */
  id: string;
  vehicleId: string;
  label: string;
}

export async function fetchBindings(http: HttpClient, fenceId: string): Promise<Binding[]> {
  const page = readPage(await http.get(`${BINDINGS}/page`, { fenceId_equal: fenceId, current: 1, size: 500 }));
  return page.records.map((r) => ({ id: r.id, vehicleId: pickText(r, 'vehicleId'), label: pickText(r, 'vehicleName', 'vin', 'vehicleId') }));
}

/** Applies the staged list: submit each new binding, remove the dropped ones, in one pass each. */
export async function saveBindings(http: HttpClient, fenceId: string, before: Binding[], after: Binding[]): Promise<void> {
  const keep = new Set(after.map((b) => b.vehicleId));
  const had = new Set(before.map((b) => b.vehicleId));
  const dropped = before.filter((b) => !keep.has(b.vehicleId) && b.id).map((b) => b.id);
  for (const b of after.filter((b) => !had.has(b.vehicleId))) await http.post(`${BINDINGS}/submit`, { fenceId, vehicleId: b.vehicleId });
  if (dropped.length) await http.post(`${BINDINGS}/remove`, undefined, { params: { ids: dropped.join(',') } });
}

/** Vehicles by plate or VIN for the binder's search. */
export async function searchVehicles(http: HttpClient, keyword: string): Promise<Row[]> {
  const k = keyword.trim();
  const byVin = readPage(await http.get('/wdiov-base/vehicle/page', { vin: k || undefined, current: 1, size: 20 }));
  if (byVin.records.length || !k) return byVin.records;
  return readPage(await http.get('/wdiov-base/vehicle/page', { plateNumber: k, current: 1, size: 20 })).records;
}
