import { createRoute, z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import {
  SAFETY_ITEM_CODES, SafetyWarningStatus, idString, parseDateTime,
} from '@wdiov/contracts';
import { listQueryOf } from '../crud/crud-router.ts';
import { queryObject } from '../lib/read-input.ts';
import type { Json } from '../crud/serialize.ts';
import { answers, jsonBody } from '../lib/contract.ts';
import { createRouter } from '../lib/create-app.ts';
import { badRequest, notFound } from '../lib/api-error.ts';
import { data } from '../lib/envelope.ts';
import { say, type Words } from '../lib/request-language.ts';
import { safetyText } from '../lib/texts/safety-text.ts';
import type { BespokeDeps } from '../routes/bespoke-deps.ts';

const L = {
  current: { zh: '当前页', en: 'current' }, size: { zh: '每页条数', en: 'size' }, vin: { zh: '车架号', en: 'VIN' },
  level: { zh: '等级', en: 'level' }, item: { zh: '预警项', en: 'item' }, status: { zh: '处置状态', en: 'status' },
  handleUser: { zh: '处置人', en: 'handleUser' }, handleTime: { zh: '处置时间', en: 'handleTime' },
  handleAction: { zh: '处置措施', en: 'handleAction' }, handleResult: { zh: '处置结果', en: 'handleResult' },
} satisfies Record<string, Words>;

const int = (label: Words, min: number, max: number) => z.coerce.number({ error: () => say('notInteger', label) })
  .int({ error: () => say('notInteger', label) }).min(min, { error: () => say('tooSmall', label, min) }).max(max, { error: () => say('tooLarge', label, max) });
const text = (label: Words, max: number) => z.string({ error: () => say('notText', label) }).trim()
  .min(1, { error: () => say('required', label) }).max(max, { error: () => say('tooLong', label, max) });

const pageQuery = z.object({
  current: int(L.current, 1, 1_000_000).default(1),
  size: int(L.size, 1, 1000).default(10),
  vin: z.string().trim().max(17, { error: () => say('tooLong', L.vin, 17) }).optional(),
  level: int(L.level, 1, 4).optional(),
  item: z.enum(SAFETY_ITEM_CODES as [string, ...string[]], { error: () => say('oneOf', L.item) }).optional()
    .openapi({ description: 'F1…F12 (fault items) or C1…C12 (hidden dangers)' }),
  status: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: () => say('notFlag', L.status) })).optional()
    .openapi({ description: '0 not handled, 1 handled' }),
});

const warningRow = z.looseObject({
  id: z.string(), vin: z.string(), plateNumber: z.string(), item: z.string(), itemName: z.string(), level: z.number().int(),
  raisedTime: z.string(), deadline: z.string(), status: z.number().int().openapi({ description: '0 not handled, 1 handled' }),
  detail: z.string(), handleUser: z.string(), handleTime: z.string(), handleAction: z.string(), handleResult: z.string(),
});

const page = createRoute({
  method: 'get', path: '/safetyWarning/page', tags: ['wdiov-base'],
  summary: 'GB/T 45688 safety warnings (fault items F1…F12, hidden dangers C1…C12) of the caller\'s tenant and data scope, newest first; '
    + 'the BladeX list grammar (ascs, descs, <field>_<op>) applies as on every entity page',
  request: { query: pageQuery },
  responses: answers(z.object({ records: z.array(warningRow), total: z.number().int(), size: z.number().int(), current: z.number().int(), pages: z.number().int() })),
});

const handleBody = z.object({
  id: idString,
  handleUser: text(L.handleUser, 64).optional().openapi({ description: 'Who did the work (default: the caller)' }),
  handleTime: z.string().refine((v) => parseDateTime(v) !== null, { error: () => say('dateTimeFormat', L.handleTime) }).optional()
    .openapi({ description: 'When it was done, yyyy-MM-dd HH:mm:ss (default: now)' }),
  handleAction: text(L.handleAction, 500),
  handleResult: text(L.handleResult, 500),
});

const handle = createRoute({
  method: 'post', path: '/safetyWarning/handle', tags: ['wdiov-base'],
  summary: 'Records how a safety warning was handled: who, when, what was done and the result',
  request: { body: jsonBody(handleBody) },
  responses: answers(warningRow),
});

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A stored warning as the contract answers it: `status` is its handling status, not the record's audit status. */
const rowOf = (r: Json) => ({
  ...r, id: str(r.id), vin: str(r.vin), plateNumber: str(r.plateNumber), item: str(r.item), itemName: str(r.itemName), level: Number(r.level),
  raisedTime: str(r.raisedTime), deadline: str(r.deadline), status: Number(r.warningStatus ?? 0), detail: str(r.detail),
  handleUser: str(r.handleUser), handleTime: str(r.handleTime), handleAction: str(r.handleAction), handleResult: str(r.handleResult),
});

/**
 * Safety warnings as contracts: the page with the filters operators use (vehicle, level, item,
 * status) and the handling record. Both go through the entity's repository, so the caller's
 * tenant and data scope hold.
 */
export function safetyWarningRoutes({ repos, env }: BespokeDeps) {
  const router = createRouter();

  router.openapi(page, async (c) => {
    // The named filters are checked above; the query then reads as every entity page's does, `status` being the handling status.
    const { status, ...rest } = queryObject(c);
    const query = listQueryOf(status === undefined ? rest : { ...rest, warningStatus: status }, [], env.UTC_OFFSET_MIN);
    const found = await repos.get('safetyWarning').page(c.get('principal'), query);
    return data(c, { ...found, records: found.records.map(rowOf) });
  });

  router.openapi(handle, async (c) => {
    const principal = c.get('principal');
    const body = c.req.valid('json');
    const repo = repos.get('safetyWarning');
    const stored = await repo.detail(principal, body.id);
    if (!stored) throw notFound(safetyText('warningMissing', { id: body.id }));
    if (Number(stored.warningStatus) === SafetyWarningStatus.handled) throw badRequest(safetyText('alreadyHandled', { id: body.id }));
    const at = body.handleTime === undefined ? new Date() : parseDateTime(body.handleTime, env.UTC_OFFSET_MIN)!;
    const raised = parseDateTime(str(stored.raisedTime), env.UTC_OFFSET_MIN);
    if (raised && at.getTime() < raised.getTime()) throw badRequest(`${safetyText('handledBeforeRaised')} [handleTime]`);
    if (at.getTime() > Date.now() + 60_000) throw badRequest(`${safetyText('handledInFuture')} [handleTime]`);
    // Written here, not by the generic update (which refuses warnings): only while it is still open, so two handlers cannot both record theirs.
    repo.guard(principal, true);
    const col = repo.columns;
    const done = await repo.db.update(repo.table).set({
      warningStatus: SafetyWarningStatus.handled, handleUser: body.handleUser ?? principal.account, handleTime: at,
      handleAction: body.handleAction, handleResult: body.handleResult, updateUser: principal.userId, updateTime: new Date(),
    }).where(and(await repo.scope(principal, true), eq(col.id!, body.id), eq(col.warningStatus!, SafetyWarningStatus.open))).returning({ id: col.id! });
    if (done.length === 0) throw badRequest(safetyText('alreadyHandled', { id: body.id }));
    repo.written(principal);
    return data(c, rowOf((await repo.detail(principal, body.id))!));
  });
  return router;
}
