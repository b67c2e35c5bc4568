import { eq, inArray, isNotNull } from 'drizzle-orm';
import { Msg } from '@wdiov/contracts';
import { fmiText } from '@wdiov/contracts/protocol/index';
import { faultCategoryName, faultDisplayName, fmiName } from '@wdiov/contracts/protocol/fault-names';
import { dictionaryText } from '@wdiov/contracts/entities/seeded-text';
import type { Principal } from '../../crud/principal.ts';
import type { Json } from '../../crud/serialize.ts';
import { allOf, buildFilters } from '../../crud/filters.ts';
import { createRouter } from '../../lib/create-app.ts';
import { data, success } from '../../lib/envelope.ts';
import { notFound } from '../../lib/api-error.ts';
import { parseWith } from '../../lib/read-input.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { catalogText } from '../../lib/texts/catalog-text.ts';
import type { Ctx } from '../../lib/types.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { eventQuery, startOfDay } from './events.ts';
import { ALL } from './fleet.ts';
import { idsInput, params } from './inputs.ts';
import { countBy, perDay } from './stats.ts';

const REPORT_MAX_MS = 366 * 86_400_000;
/** UDS DTCs as J2012 text, optionally with the failure-type byte (U0073-04). */
const UDS_CATEGORY = 'uds';

/**
 * Faults beside their generic routes: pages with the spec's time range, counts, the daily
 * report, CAN faults (rows with SPN/FMI, named from canMessageFaultCode) and UDS faults
 * (category uds, named from udsDiagnoseFaultCode); fence records' page with the time range.
 */
export function faultRoutes({ repos, env, dictionaries }: BespokeDeps) {
  const router = createRouter();
  const offset = env.UTC_OFFSET_MIN;
  const repo = () => repos.get('vehicleFaultData');

  const conditionOf = async (principal: Principal, input: Record<string, unknown>) => {
    const { query, extra, range } = eventQuery(repo(), input, offset, 'startTime');
    return { range, where: allOf([await repo().scope(principal), ...buildFilters(repo().entity, repo().columns, query.filters), ...extra]) };
  };

  /**
   * The tenant's own names of the faults' codes (canMessageFaultCode by SPN and FMI,
   * udsDiagnoseFaultCode by DTC, exact first, then without the failure type), by record.
   */
  const codeNames = async (principal: Principal, records: Json[]) => {
    const can = repos.get('canMessageFaultCode');
    const uds = repos.get('udsDiagnoseFaultCode');
    const spns = [...new Set(records.filter((r) => r.spn !== null && r.spn !== undefined).map((r) => Number(r.spn)))];
    const dtcs = [...new Set(records.filter((r) => r.category === UDS_CATEGORY).flatMap((r) => [String(r.faultCode), String(r.faultCode).split('-')[0]!]))];
    const byKey = new Map<string, Json>();
    for (const d of spns.length ? await can.all(principal, ALL, [inArray(can.columns.spn!, spns)]) : []) if (!byKey.has(`${d.spn}:${d.fmi}`)) byKey.set(`${d.spn}:${d.fmi}`, d);
    const byDtc = new Map<string, Json>();
    for (const d of dtcs.length ? await uds.all(principal, ALL, [inArray(uds.columns.dtc!, dtcs)]) : []) if (!byDtc.has(String(d.dtc))) byDtc.set(String(d.dtc), d);
    return records.map((r) => {
      if (r.category === UDS_CATEGORY) return byDtc.get(String(r.faultCode)) ?? byDtc.get(String(r.faultCode).split('-')[0]!);
      return r.spn === null || r.spn === undefined ? undefined : byKey.get(`${r.spn}:${r.fmi}`);
    });
  };

  /** Each fault with its category's and its own name in the request's language (faultDisplayName), its code beside. */
  router.get('/vehicleFaultData/page', async (c) => {
    const principal = c.get('principal');
    const { query, extra } = eventQuery(repo(), c.req.query(), offset, 'startTime');
    const page = await repo().page(principal, query, extra);
    const language = requestLanguage();
    const names = await codeNames(principal, page.records);
    page.records = page.records.map((r, i) => {
      const codeName = names[i]?.faultName ?? '';
      return { ...r, codeName, categoryName: faultCategoryName(String(r.category ?? ''), language), faultName: faultDisplayName({ ...r, codeName }, language) };
    });
    return data(c, page);
  });

  router.get('/fenceAccessRecord/page', async (c) => {
    const records = repos.get('fenceAccessRecord');
    const { query, extra } = eventQuery(records, c.req.query(), offset, 'accessTime');
    return data(c, await records.page(c.get('principal'), query, extra));
  });

  const faultCount = async (c: Ctx) => {
    const principal = c.get('principal');
    const { where } = await conditionOf(principal, await params(c));
    const levels = await dictionaries.items('alarm_level', principal.tenantId);
    const byLevel = await countBy(repo(), where, repo().columns.faultLevel!);
    const byCategory = await countBy(repo(), where, repo().columns.category!);
    return data(c, {
      total: byLevel.reduce((n, r) => n + r.count, 0),
      byLevel: byLevel.map((r) => ({
        level: r.key === '' ? null : Number(r.key),
        levelName: dictionaryText('alarm_level', r.key, levels.find((l) => l.key === r.key)?.value ?? '', requestLanguage()),
        count: r.count,
      })),
      byCategory: byCategory.map((r) => ({ category: r.key, count: r.count })),
    });
  };
  router.post('/vehicleFaultData/faultCount', faultCount);
  router.get('/vehicleFaultData/faultCount', faultCount);

  const dailyReport = async (c: Ctx) => {
    const input = await params(c);
    const { range } = eventQuery(repo(), input, offset, 'startTime', { maxMs: REPORT_MAX_MS });
    const end = range.end ?? new Date();
    const start = range.start ?? startOfDay(end.getTime(), offset, 29);
    const { where } = await conditionOf(c.get('principal'), { ...input, startTime: String(start.getTime()), endTime: String(end.getTime()), timeSlot: undefined });
    const days = await perDay(repo(), where, start, end, offset);
    return data(c, { total: days.reduce((n, d) => n + d.count, 0), days });
  };
  router.get('/vehicleFaultData/dailyFaultReport', dailyReport);
  router.post('/vehicleFaultData/dailyFaultReport', dailyReport);

  /** CAN faults, each with its dictionary entry (by SPN and FMI) and the J1939 FMI text. */
  router.get('/vehicleCanFaultData/page', async (c) => {
    const principal = c.get('principal');
    const { query, extra } = eventQuery(repo(), c.req.query(), offset, 'startTime');
    const page = await repo().page(principal, query, [...extra, isNotNull(repo().columns.spn!)]);
    const codes = repos.get('canMessageFaultCode');
    const spns = [...new Set(page.records.map((r) => Number(r.spn)))];
    const dictionary = spns.length ? await codes.all(principal, ALL, [inArray(codes.columns.spn!, spns)]) : [];
    const byKey = new Map<string, Json>();
    for (const d of dictionary) if (!byKey.has(`${d.spn}:${d.fmi}`)) byKey.set(`${d.spn}:${d.fmi}`, d);
    page.records = page.records.map((r) => {
      const d = byKey.get(`${r.spn}:${r.fmi}`);
      return {
        // fmiText: J1939-73's own English; fmiName: in the request's language.
        ...r, fmiText: r.fmi === null ? '' : fmiText(Number(r.fmi)), fmiName: r.fmi === null ? '' : fmiName(Number(r.fmi), requestLanguage()),
        canFaultName: faultDisplayName({ ...r, codeName: d?.faultName }, requestLanguage()),
        canFaultLevel: d?.faultLevel ?? null, bcd: d?.bcd ?? '', description: d?.description ?? '', solution: d?.solution ?? '',
      };
    });
    return data(c, page);
  });

  /** Marks CAN faults handled: `{ids | id}`; each must be a CAN fault (SPN present) of the caller. */
  router.post('/vehicleCanFaultData/handle', async (c) => {
    const principal = c.get('principal');
    const ids = parseWith(idsInput, await params(c));
    for (const id of ids) {
      const row = await repo().findRow(principal, id);
      if (!row || row.spn === null || row.spn === undefined) throw notFound(catalogText('canFaultMissing', { id }));
    }
    for (const id of ids) await repo().update(principal, id, { isHandle: 1, handleUser: principal.account, handleTime: new Date() });
    return success(c, Msg.success);
  });

  /** UDS faults with the DTC text of udsDiagnoseFaultCode (exact DTC first, then without the failure type). */
  router.get('/vehicleUdsFaultData/page', async (c) => {
    const principal = c.get('principal');
    const { query, extra } = eventQuery(repo(), c.req.query(), offset, 'startTime');
    const page = await repo().page(principal, query, [...extra, eq(repo().columns.category!, UDS_CATEGORY)]);
    const codes = repos.get('udsDiagnoseFaultCode');
    const dtcs = [...new Set(page.records.flatMap((r) => [String(r.faultCode), String(r.faultCode).split('-')[0]!]))];
    const dictionary = dtcs.length ? await codes.all(principal, ALL, [inArray(codes.columns.dtc!, dtcs)]) : [];
    const byDtc = new Map<string, Json>();
    for (const d of dictionary) if (!byDtc.has(String(d.dtc))) byDtc.set(String(d.dtc), d);
    page.records = page.records.map((r) => {
      const code = String(r.faultCode);
      const d = byDtc.get(code) ?? byDtc.get(code.split('-')[0]!);
      return {
        ...r, dtc: code, dtcName: d?.faultName ?? r.faultName ?? '', dtcLevel: d?.faultLevel ?? null,
        description: d?.description ?? '', solution: d?.solution ?? '',
      };
    });
    return data(c, page);
  });

  return router;
}
