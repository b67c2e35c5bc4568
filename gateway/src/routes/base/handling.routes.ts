import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ALARM_RULES, alarmTypeName, idString, Msg } from '@wdiov/contracts';
import type { Principal } from '../../crud/principal.ts';
import type { Json } from '../../crud/serialize.ts';
import { createRouter } from '../../lib/create-app.ts';
import { data, success } from '../../lib/envelope.ts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import { parseWith, readJson } from '../../lib/read-input.ts';
import { catalogText } from '../../lib/texts/catalog-text.ts';
import type { Ctx } from '../../lib/types.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { ALL, equal } from './fleet.ts';
import { LABELS, optionalInt, optionalText, params } from './inputs.ts';
import { requestLanguage, say, type Words } from '../../lib/request-language.ts';

const alarmType = z.string({ error: () => say('choose', LABELS.alarmType) }).trim().min(1, { error: () => say('choose', LABELS.alarmType) })
  .max(64, { error: () => say('tooLong', LABELS.alarmType, 64) });
const flag = (label: Words) => z.union([z.number(), z.string(), z.boolean()], { error: () => say('notFlag', label) }).transform((v, ctx) => {
  const s = String(v).trim();
  if (s === '1' || s === 'true') return 1;
  if (s === '0' || s === 'false') return 0;
  ctx.addIssue({ code: 'custom', message: say('notFlag', label) });
  return z.NEVER;
});
const MUST_HANDLE: Words = { zh: '需要处理', en: 'Must be handled' };
const ALARM_NAME: Words = { zh: '报警名称', en: 'Alarm name' };

const DetailQuery = z.object({ alarmType });
const HandleInput = z.object({ alarmType, isHandle: flag(MUST_HANDLE), alarmName: optionalText(64, ALARM_NAME) });
const UnifyObject = z.object({
  isHandle: flag(MUST_HANDLE),
  alarmTypes: z.union([z.string(), z.array(alarmType)], { error: () => say('notList', LABELS.alarmType) }).optional()
    .transform((v) => (v === undefined ? undefined : (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))),
});
const UnifyList = z.array(z.object({ alarmType, isHandle: flag(MUST_HANDLE), alarmName: optionalText(64, ALARM_NAME) }))
  .min(1, { error: () => say('chooseRows') }).max(500, { error: () => say('tooManyRows', undefined, 500) });
const UserInput = z.object({ userId: idString });
const ByAlarmType = z.object({ level: optionalInt({ zh: '报警等级', en: 'Alarm level' }, 0, 4), alarmType: optionalText(64, LABELS.alarmType) });
const ByFaultCode = z.object({
  bcd: optionalText(32, { zh: 'BCD码', en: 'BCD code' }), spn: optionalInt('SPN', 0, 524287), fmi: optionalInt('FMI', 0, 31),
  field: optionalText(64, { zh: '字段', en: 'Field' }),
});

/** A team value that is empty matches anything (as the live card dispatcher reads teams). */
const matches = (want: unknown, actual: unknown) => want === null || want === undefined || want === '' || actual === undefined || String(want) === String(actual);
const FAULT_TEAM = 2;

/** alarmHandleConfig (which alarm types must be handled) and the alarmHandleTeam look-ups. */
export function handlingRoutes({ repos, dictionaries }: BespokeDeps) {
  const router = createRouter();
  const configs = () => repos.get('alarmHandleConfig');
  const teams = () => repos.get('alarmHandleTeam');

  const configOf = async (principal: Principal, type: string) =>
    (await configs().all(principal, { ...ALL, filters: [equal('alarmType', type)] }, [], 1))[0];

  /** Insert or update the config of one alarm type (its name defaults to the dictionary's). */
  const upsert = async (principal: Principal, v: { alarmType: string; isHandle: number; alarmName?: string }) => {
    const alarmName = v.alarmName || alarmTypeName(v.alarmType, 'zh') || (await dictionaries.label('alarm_type', principal.tenantId, v.alarmType)) || v.alarmType;
    const existing = await configOf(principal, v.alarmType);
    if (existing) await configs().update(principal, String(existing.id), { isHandle: v.isHandle, alarmName });
    else await configs().insert(principal, { alarmType: v.alarmType, alarmName, isHandle: v.isHandle });
  };

  /**
   * The config of an alarm type; a type never configured answers its default (to be handled).
   * With `id` (and no alarmType) it is the generic detail by id.
   */
  router.get('/alarmHandleConfig/detail', async (c) => {
    const principal = c.get('principal');
    const raw = c.req.query();
    if (raw.id !== undefined && !raw.alarmType) {
      const { id } = parseWith(z.object({ id: idString }), raw);
      const row = await configs().detail(principal, id);
      if (!row) throw notFound(catalogText('handlingMissing', { id }));
      return data(c, row);
    }
    const q = parseWith(DetailQuery, raw);
    const row = await configOf(principal, q.alarmType);
    if (row) return data(c, row);
    const alarmName = alarmTypeName(q.alarmType, requestLanguage()) ?? (await dictionaries.label('alarm_type', principal.tenantId, q.alarmType));
    return data(c, { alarmType: q.alarmType, alarmName, isHandle: 1 });
  });

  router.post('/alarmHandleConfig/handle', async (c) => {
    await upsert(c.get('principal'), parseWith(HandleInput, await params(c)));
    return success(c, Msg.success);
  });

  /** `{isHandle}` for every alarm type of the rule registry, `{isHandle, alarmTypes}` for some, or a list of `{alarmType, isHandle}`. */
  router.post('/alarmHandleConfig/unifyHandle', async (c: Ctx) => {
    const principal = c.get('principal');
    const body = (c.req.header('content-type') ?? '').includes('application/json') ? await readJson(c) : c.req.query();
    let items: { alarmType: string; isHandle: number; alarmName?: string }[];
    if (Array.isArray(body)) items = parseWith(UnifyList, body);
    else {
      const v = parseWith(UnifyObject, { ...c.req.query(), ...(body as object) });
      const types = v.alarmTypes ?? ALARM_RULES.map((r) => r.type);
      if (types.length === 0) throw badRequest(`${say('choose', LABELS.alarmType)} [alarmTypes]`);
      items = types.map((t) => ({ alarmType: t, isHandle: v.isHandle }));
    }
    for (const item of items) await upsert(principal, item);
    return data(c, { count: items.length });
  });

  /** Teams with their users (id, account, names, phone). */
  const withUsers = async (principal: Principal, rows: Json[]) => {
    const ids = [...new Set(rows.flatMap((t) => String(t.userIds ?? '').split(',').filter(Boolean)))];
    const users = ids.length ? await repos.get('user').all(principal, ALL, [inArray(repos.get('user').columns.id!, ids)]) : [];
    const byId = new Map(users.map((u) => [String(u.id), { id: String(u.id), account: u.account, name: u.name, realName: u.realName, phone: u.phone ?? '' }]));
    return rows.map((t) => ({ ...t, users: String(t.userIds ?? '').split(',').flatMap((id) => byId.get(id) ?? []) }));
  };

  /** The teams a user belongs to. */
  router.post('/alarmHandleTeam/listUserAlarmConfig', async (c) => {
    const principal = c.get('principal');
    const { userId } = parseWith(UserInput, await params(c));
    const column = teams().columns.userIds!;
    const rows = await teams().all(principal, ALL, [sql`',' || ${column} || ',' LIKE ${`%,${userId},%`}`]);
    return data(c, rows);
  });

  router.post('/alarmHandleTeam/handleTeamByAlarmType', async (c) => {
    const principal = c.get('principal');
    const q = parseWith(ByAlarmType, await params(c));
    const rows = (await teams().all(principal, ALL)).filter((t) =>
      Number(t.teamType) !== FAULT_TEAM && matches(t.level, q.level) && matches(t.alarmType, q.alarmType));
    return data(c, await withUsers(principal, rows));
  });

  router.post('/alarmHandleTeam/handleTeamByFaultCode', async (c) => {
    const principal = c.get('principal');
    const q = parseWith(ByFaultCode, await params(c));
    const rows = (await teams().all(principal, ALL)).filter((t) => Number(t.teamType) === FAULT_TEAM
      && matches(t.bcd, q.bcd) && matches(t.spn, q.spn) && matches(t.fmi, q.fmi) && matches(t.field, q.field));
    return data(c, await withUsers(principal, rows));
  });

  return router;
}
