import type { StatsDay, StatsFamily, StatsVehicle } from '@wdiov/contracts';
import type { HttpClient, QueryParams } from '../api/http';

/** Filters of a statistics screen: partial VIN or plate, a day range (default: the last 30 days). */
export interface FamilyFilters { vin: string; plateNumber: string; startDate: string; endDate: string }
export interface FamilySort { field: string; asc: boolean }

export const EMPTY_FILTERS: FamilyFilters = { vin: '', plateNumber: '', startDate: '', endDate: '' };

/** The query of a family's calls: the filters given, else the last 30 days. */
export function familyQuery(f: FamilyFilters, sort?: FamilySort | null): QueryParams {
  const q: QueryParams = { vin: f.vin.trim(), plateNumber: f.plateNumber.trim() };
  if (f.startDate || f.endDate) Object.assign(q, { startDate: f.startDate, endDate: f.endDate });
  else q.days = 30;
  if (sort) q[sort.asc ? 'ascs' : 'descs'] = sort.field;
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== undefined)) as QueryParams;
}

const BASE = '/wdiov-base';
const data = <T>(body: unknown) => (body as { data: T }).data;

export async function loadFamilyPage(http: HttpClient, family: StatsFamily, f: FamilyFilters, current: number, size: number, sort: FamilySort | null) {
  const body = await http.get(`${BASE}/${family.path}/${family.list}`, { ...familyQuery(f, sort), current, size }, { quiet: true });
  return data<{ records: StatsVehicle[]; total: number }>(body);
}

/** The family's figures per day over the fleet (mileage's dashboard answers them under `days`). */
export async function loadFamilyDays(http: HttpClient, family: StatsFamily, f: FamilyFilters): Promise<StatsDay[]> {
  if (!family.daily) return [];
  const body = data<StatsDay[] | { days: StatsDay[] }>(await http.get(`${BASE}/${family.path}/${family.daily}`, familyQuery({ ...f, vin: '', plateNumber: '' }), { quiet: true }));
  return Array.isArray(body) ? body : body.days;
}

/** The family's list under the same filters as a download (the gateway records the export). */
export const exportFamily = (http: HttpClient, family: StatsFamily, f: FamilyFilters, sort: FamilySort | null, format: 'csv' | 'xlsx') =>
  http.exportBlob(`${BASE}/${family.path}/export`, { ...familyQuery(f, sort), format });
