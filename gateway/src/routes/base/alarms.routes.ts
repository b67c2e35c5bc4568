import { count, desc, asc, max, min, sum } from 'drizzle-orm';
import { z } from 'zod';
import { alarmTypeName, formatDateTime, Msg, toPage } from '@wdiov/contracts';
import { allOf, buildFilters } from '../../crud/filters.ts';
import type { Principal } from '../../crud/principal.ts';
import { createRouter } from '../../lib/create-app.ts';
import { data, success } from '../../lib/envelope.ts';
import { notFound } from '../../lib/api-error.ts';
import { requestLanguage, say, type Words } from '../../lib/request-language.ts';
import { alarmInWords } from './alarm-words.ts';
import { vehicleText } from '../../lib/texts/vehicle-text.ts';
import { parseWith } from '../../lib/read-input.ts';
import type { Ctx } from '../../lib/types.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { compactTime, csvDownload } from './csv.ts';
import { eventQuery, startOfDay } from './events.ts';
import { idsInput, pageParams, params } from './inputs.ts';
import { countBy, perDay } from './stats.ts';

const EXPORT_MAX = 50_000;
const REPORT_MAX_MS = 366 * 86_400_000;

const REMARK: Words = { zh: '处理意见', en: 'The handling remark' };
/** A handled alarm says how it was handled: the remark is required (and shown in the alarm list). */
const HandleBody = z.object({
  handleRemark: z.string({ error: (issue) => say(issue.input === undefined ? 'required' : 'notText', REMARK) }).trim()
    .min(1, { error: () => say('required', REMARK) }).max(500, { error: () => say('tooLong', REMARK, 500) }),
});
const GroupPaging = z.object(pageParams);

const ALARM_CSV_HEADER = ['车架号', '车牌号', '告警类型', '告警名称', '告警等级', '来源', '开始时间', '结束时间', '持续时长(秒)', '车速(km/h)', '经度', '纬度', '已处理', '处理人', '处理时间', '处理意见'];

/**
 * vehicleAlarmData beside its generic routes: the page with the spec's time range, grouped
 * page, handling, counts, daily reports and the CSV export.
 */
export function alarmRoutes({ repos, env, dictionaries }: BespokeDeps) {
  const router = createRouter();
  const offset = env.UTC_OFFSET_MIN;
  const repo = () => repos.get('vehicleAlarmData');

  /** The scope, filters and time range of a request, as one condition. */
  const conditionOf = async (principal: Principal, input: Record<string, unknown>, reserved: string[] = []) => {
    const { query, extra, range } = eventQuery(repo(), input, offset, 'startTime', {}, reserved);
    const where = allOf([await repo().scope(principal), ...buildFilters(repo().entity, repo().columns, query.filters), ...extra]);
    return { query, where, range };
  };

  router.get('/vehicleAlarmData/page', async (c) => {
    const { query, extra } = eventQuery(repo(), c.req.query(), offset, 'startTime');
    const page = await repo().page(c.get('principal'), query, extra);
    const language = requestLanguage();
    return data(c, { ...page, records: page.records.map((r) => alarmInWords(r, language)) });
  });

  /** One row per vehicle and alarm type: how often, first and last start, highest level, still unhandled. */
  router.get('/vehicleAlarmData/groupPage', async (c) => {
    const input = c.req.query();
    const paging = parseWith(GroupPaging, input);
    const { where } = await conditionOf(c.get('principal'), input, ['current', 'size']);
    const col = repo().columns;
    const groups = repo().db.select({
      vin: col.vin!, alarmType: col.alarmType!, alarmName: max(col.alarmName!), plateNumber: max(col.plateNumber!),
      alarmLevel: max(col.alarmLevel!), count: count(), firstTime: min(col.startTime!), lastTime: max(col.startTime!),
      handled: sum(col.isHandle!),
    }).from(repo().table).where(where).groupBy(col.vin!, col.alarmType!);
    const [{ total }] = (await repo().db.select({ total: count() }).from(groups.as('g'))) as [{ total: number }];
    const rows = Number(total) === 0 ? [] : await groups.orderBy(desc(max(col.startTime!)), asc(col.vin!), asc(col.alarmType!))
      .limit(paging.size).offset((paging.current - 1) * paging.size);
    const language = requestLanguage();
    const records = rows.map((r) => ({
      vin: r.vin, alarmType: r.alarmType, alarmName: alarmTypeName(String(r.alarmType), language) ?? r.alarmName ?? '', plateNumber: r.plateNumber ?? '', alarmLevel: r.alarmLevel,
      count: Number(r.count), unhandled: Number(r.count) - Number(r.handled ?? 0),
      firstTime: r.firstTime ? formatDateTime(r.firstTime as Date, offset) : '', lastTime: r.lastTime ? formatDateTime(r.lastTime as Date, offset) : '',
    }));
    return data(c, toPage(records, Number(total), paging.current, paging.size));
  });

  /** Marks alarms handled: `{ids | id, handleRemark}` (the remark required); every id must be an alarm of the caller. */
  router.post('/vehicleAlarmData/handle', async (c) => {
    const principal = c.get('principal');
    const input = await params(c);
    const ids = parseWith(idsInput, input);
    const { handleRemark } = parseWith(HandleBody, input);
    for (const id of ids) if (!(await repo().findRow(principal, id))) throw notFound(vehicleText('alarmMissing', { id }));
    const values = { isHandle: 1, handleUser: principal.account, handleTime: new Date(), handleRemark };
    for (const id of ids) await repo().update(principal, id, values);
    return success(c, Msg.success);
  });

  const alarmCount = async (c: Ctx) => {
    const principal = c.get('principal');
    const { where } = await conditionOf(principal, await params(c));
    const levels = await dictionaries.items('alarm_level', principal.tenantId);
    const types = await dictionaries.items('alarm_type', principal.tenantId);
    const byLevel = await countBy(repo(), where, repo().columns.alarmLevel!);
    const byType = await countBy(repo(), where, repo().columns.alarmType!);
    return data(c, {
      total: byLevel.reduce((n, r) => n + r.count, 0),
      byLevel: byLevel.map((r) => ({ level: r.key === '' ? null : Number(r.key), levelName: levels.find((l) => l.key === r.key)?.value ?? '', count: r.count })),
      byType: byType.map((r) => ({ alarmType: r.key, alarmName: alarmTypeName(r.key, requestLanguage()) ?? types.find((t) => t.key === r.key)?.value ?? r.key, count: r.count })),
    });
  };
  router.post('/vehicleAlarmData/alarmCount', alarmCount);
  router.get('/vehicleAlarmData/alarmCount', alarmCount);

  /** Alarms per day; the range defaults to the last 30 days and may span a year at most. */
  const dailyReport = async (c: Ctx) => {
    const principal = c.get('principal');
    const input = await params(c);
    const { range } = eventQuery(repo(), input, offset, 'startTime', { maxMs: REPORT_MAX_MS });
    const end = range.end ?? new Date();
    const start = range.start ?? startOfDay(end.getTime(), offset, 29);
    const { where } = await conditionOf(principal, { ...input, startTime: String(start.getTime()), endTime: String(end.getTime()), timeSlot: undefined });
    const days = await perDay(repo(), where, start, end, offset);
    return data(c, { total: days.reduce((n, d) => n + d.count, 0), days });
  };
  router.get('/vehicleAlarmData/dailyAlarmReport', dailyReport);
  router.post('/vehicleAlarmData/dailyAlarmReport', dailyReport);

  /** Alarms per day over the last 7 days (today included). */
  const last7 = async (c: Ctx) => {
    const input = await params(c);
    const end = new Date();
    const start = startOfDay(end.getTime(), offset, 6);
    const { where } = await conditionOf(c.get('principal'), { ...input, startTime: String(start.getTime()), endTime: String(end.getTime()), timeSlot: undefined });
    return data(c, await perDay(repo(), where, start, end, offset));
  };
  router.get('/vehicleAlarmData/last7DayAlarm', last7);
  router.post('/vehicleAlarmData/last7DayAlarm', last7);

  /** The alarms a page query selects (at most 50,000), as a CSV download. */
  router.get('/vehicleAlarmData/export', async (c) => {
    const { query, extra } = eventQuery(repo(), c.req.query(), offset, 'startTime', {}, ['current', 'size']);
    const rows = await repo().all(c.get('principal'), query, extra, EXPORT_MAX);
    const body = rows.map((row) => alarmInWords(row, 'zh')).map((r) => [
      r.vin, r.plateNumber, r.alarmType, r.alarmName, r.alarmLevel, r.source, r.startTime, r.endTime, r.duration, r.speed, r.lng, r.lat,
      Number(r.isHandle) === 1 ? '是' : '否', r.handleUser, r.handleTime, r.handleRemark,
    ]);
    return csvDownload(c, `车辆告警_${compactTime(formatDateTime(Date.now(), offset))}.csv`, ALARM_CSV_HEADER, body);
  });

  return router;
}
