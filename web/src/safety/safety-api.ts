import { z } from 'zod';
import { dataQualityPageRoute } from '@wdiov/contracts/api/data-quality.route';
import { safetyProfileRoute } from '@wdiov/contracts/api/safety-profile.route';
import { safetyModelLevelRoute } from '@wdiov/contracts/api/safety-model-level.route';
import type { RouteData, RouteInput } from '@wdiov/contracts/api/define-route';
import { callRoute } from '../api/call-route';
import type { HttpClient } from '../api/http';
import { envelope } from '../api/wire';

/** The gateway's bounds on a handling record (safetyWarning/handle). */
export const HANDLE_TEXT_MAX = 500;
export const HANDLE_USER_MAX = 64;

const text = z.union([z.string(), z.number(), z.null()]).transform((v) => (v === null ? '' : String(v)));

export const safetyWarning = z.object({
  id: text, vin: text, plateNumber: text, item: z.string(), itemName: text, level: z.coerce.number().int(),
  raisedTime: text, deadline: text, status: z.coerce.number().int(), detail: text,
  handleUser: text, handleTime: text, handleAction: text, handleResult: text,
});
export type SafetyWarning = z.infer<typeof safetyWarning>;

const warningPage = z.object({ records: z.array(safetyWarning), total: z.coerce.number(), current: z.coerce.number(), size: z.coerce.number(), pages: z.coerce.number() });
export type WarningPage = z.infer<typeof warningPage>;

export interface WarningFilters { vin: string; level: string; item: string; status: string }
export const NO_FILTERS: WarningFilters = { vin: '', level: '', item: '', status: '0' };

/**
 * A page of warnings for the workbench: earliest deadline first over all pages, so the overdue
 * ones come first; the BladeX list grammar of the entity's page sorts them.
 */
export async function fetchWarnings(http: HttpClient, filters: WarningFilters, current: number, size: number): Promise<WarningPage> {
  const params = { current, size, ascs: 'deadline', descs: 'level', vin: filters.vin.trim() || undefined, level: filters.level || undefined,
    item: filters.item || undefined, status: filters.status || undefined };
  return envelope(warningPage).parse(await http.get('/wdiov-base/safetyWarning/page', params)).data;
}

export interface HandleInput { id: string; handleAction: string; handleResult: string; handleUser?: string }

export async function handleWarning(http: HttpClient, input: HandleInput): Promise<SafetyWarning> {
  return envelope(safetyWarning).parse(await http.post('/wdiov-base/safetyWarning/handle', input)).data;
}

export type SafetyProfile = RouteData<typeof safetyProfileRoute>;
export const fetchProfile = (http: HttpClient, vin: string): Promise<SafetyProfile> => callRoute(http, safetyProfileRoute, { query: { vin } });

export type DataQualityPage = RouteData<typeof dataQualityPageRoute>;
export type DataQualityQuery = RouteInput<typeof dataQualityPageRoute>['query'];
export const fetchDataQuality = (http: HttpClient, query: DataQualityQuery): Promise<DataQualityPage> => callRoute(http, dataQualityPageRoute, { query });

export type ModelLevelReport = RouteData<typeof safetyModelLevelRoute>;
export type ModelLevelQuery = RouteInput<typeof safetyModelLevelRoute>['query'];
export const fetchModelLevel = (http: HttpClient, query: ModelLevelQuery): Promise<ModelLevelReport> => callRoute(http, safetyModelLevelRoute, { query });
