import { and, gte, lt, sql, type SQL } from 'drizzle-orm';
import { statsFamily, type StatsFamily } from '@wdiov/contracts';
import type { Cell } from '@wdiov/contracts/wire/xlsx';
import type { Db } from '../db/client.ts';
import type { Principal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';
import { alarmInWords } from '../routes/base/alarm-words.ts';
import { dayRange } from '../stats/stats-range.ts';
import { StatsQueries, type Fleet } from '../stats/stats-queries.ts';
import { periodInstants } from './report-schedule.ts';

/**
 * The sheet of a scheduled report: the `report_type` dictionary's reports over a period, for the
 * vehicles of the row's organisation (and the organisations under it), or of its whole tenant
 * when it names none. The lists are the ones the console's screens show and export, with the
 * same Chinese headers as the list exports.
 */

/** `report_type`: 1 daily alarm report, 2 daily fault report, 3–6 the statistics families. */
const FAMILY_OF: Record<number, string> = { 3: 'mileageStatistics', 4: 'energyConsumptionStatistics', 5: 'vehicleOnlineDaily', 6: 'vehicleOfflineStatistics' };
const EVENT_TITLES: Record<number, { zh: string; en: string }> = { 1: { zh: '报警日报', en: 'Daily alarm report' }, 2: { zh: '故障日报', en: 'Daily fault report' } };
export const REPORT_TYPES = [1, 2, 3, 4, 5, 6];
/** Rows of one report at most (a larger fleet's report is cut, the e-mail says so). */
export const REPORT_MAX_ROWS = 50_000;

const ALARM_HEADER = ['车架号', '车牌号', '告警类型', '告警名称', '告警等级', '来源', '开始时间', '结束时间', '持续时长(秒)', '车速(km/h)', '已处理', '处理人', '处理时间', '处理意见'];
const FAULT_HEADER = ['车架号', '车牌号', '故障类别', '故障码', '故障名称', '故障等级', '开始时间', '结束时间', '持续时长(秒)', '已处理', '处理人', '处理时间'];

export interface ReportRequest {
  tenantId: string;
  reportType: number;
  orgId?: string | null;
  period: { from: string; to: string };
}

export interface BuiltReport {
  title: { zh: string; en: string };
  header: string[];
  rows: Cell[][];
}

export interface BuilderDeps {
  db: Db;
  repos: Repositories;
  utcOffsetMin: number;
}

const cell = (v: unknown): Cell => (typeof v === 'number' ? v : v === null || v === undefined ? '' : String(v));
const yesNo = (v: unknown) => (Number(v) === 1 || v === true ? '是' : '否');

export const reportTitle = (reportType: number): { zh: string; en: string } | undefined =>
  EVENT_TITLES[reportType] ?? statsFamily(FAMILY_OF[reportType] ?? '')?.title;

/** The row's vehicles: its tenant's, not removed, in the organisation's subtree when it names one. */
async function fleetOf(repos: Repositories, principal: Principal, orgId: string | null | undefined): Promise<Fleet> {
  const vehicle = repos.get('vehicle');
  const narrow: (SQL | undefined)[] = [await vehicle.scope(principal)];
  if (orgId && /^\d+$/.test(orgId)) {
    narrow.push(sql`${vehicle.columns.orgId!} IN (SELECT o.id FROM wdiov_org o WHERE o.tenant_id = ${principal.tenantId} AND o.is_deleted = 0
      AND (o.id = ${orgId}::bigint OR (',' || o.ancestors || ',') LIKE ${`%,${orgId},%`}))`);
  }
  return { tenantId: principal.tenantId, where: and(...narrow) };
}

export async function buildReport(deps: BuilderDeps, principal: Principal, request: ReportRequest, now: number): Promise<BuiltReport> {
  const title = reportTitle(request.reportType);
  if (!title) throw new Error(`report type ${request.reportType} is not one the scheduler builds`);
  const fleet = await fleetOf(deps.repos, principal, request.orgId);
  const family = statsFamily(FAMILY_OF[request.reportType] ?? '');
  if (family) return { title, ...(await familySheet(deps, fleet, family, request.period, now)) };
  return { title, ...(await eventSheet(deps, principal, fleet, request.reportType === 1 ? 'alarm' : 'fault', request.period)) };
}

/** A statistics family's per-vehicle list over the period, in the family's own order. */
async function familySheet(deps: BuilderDeps, fleet: Fleet, family: StatsFamily, period: { from: string; to: string }, now: number) {
  const range = dayRange({ startDate: period.from, endDate: period.to }, deps.utcOffsetMin, 1, now);
  const { records } = await new StatsQueries(deps.db).perVehicle(fleet, range, { current: 1, size: REPORT_MAX_ROWS, sort: [{ key: family.sortBy, asc: false }] });
  return { header: family.columns.map((c) => c.zh), rows: records.map((r) => family.columns.map((c) => cell(r[c.field]))) };
}

/** The alarms or faults that started in the period, newest first (rows as lists answer them: times in the console's zone). */
async function eventSheet(deps: BuilderDeps, principal: Principal, fleet: Fleet, kind: 'alarm' | 'fault', period: { from: string; to: string }) {
  const repo = deps.repos.get(kind === 'alarm' ? 'vehicleAlarmData' : 'vehicleFaultData');
  const { start, end } = periodInstants(period, deps.utcOffsetMin);
  const c = repo.columns;
  const within = [gte(c.startTime!, start), lt(c.startTime!, end), sql`${c.vin!} IN (SELECT vin FROM wdiov_vehicle WHERE ${fleet.where ?? sql`true`})`];
  const rows = await repo.all(principal, { filters: [], ascs: [], descs: [] }, within, REPORT_MAX_ROWS);
  if (kind === 'alarm') {
    return {
      header: ALARM_HEADER,
      rows: rows.map((row) => alarmInWords(row, 'zh')).map((r) => [
        r.vin, r.plateNumber, r.alarmType, r.alarmName, r.alarmLevel, r.source, r.startTime, r.endTime, r.duration, r.speed,
        yesNo(r.isHandle), r.handleUser, r.handleTime, r.handleRemark,
      ].map(cell)),
    };
  }
  return {
    header: FAULT_HEADER,
    rows: rows.map((r) => [
      r.vin, r.plateNumber, r.category, r.faultCode, r.faultName, r.faultLevel, r.startTime, r.endTime, r.duration,
      yesNo(r.isHandle), r.handleUser, r.handleTime,
    ].map(cell)),
  };
}
