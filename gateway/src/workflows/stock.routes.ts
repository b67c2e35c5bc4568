import type { Context, Next } from 'hono';
import { z } from 'zod';
import { and, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { formatDateTime, idString, Msg, stockWorkflow, transitionBodySchema, workflowList, workflowOf, type AnyEntity, type EntityName } from '@wdiov/contracts';
import type { AppBindings } from '../lib/types.ts';
import { createRouter } from '../lib/create-app.ts';
import { data, success } from '../lib/envelope.ts';
import { notFound } from '../lib/api-error.ts';
import { workflowText } from '../lib/texts/workflow-text.ts';
import { crudText } from '../lib/texts/crud-text.ts';
import { commonText } from '../lib/texts/common-text.ts';
import { requestLanguage } from '../lib/request-language.ts';
import { parseWith, queryObject, readJsonObject } from '../lib/read-input.ts';
import { listQueryOf } from '../crud/crud-router.ts';
import { allOf } from '../crud/filters.ts';
import type { Principal } from '../crud/principal.ts';
import { addMovingRecord } from './stock-moves.ts';
import { fireTransition, type TransitionDeps } from './transitions.ts';

const VehicleQuery = z.object({ vehicleId: idString });
const DAY_MS = 86_400_000;
const IdleQuery = z.object({ days: z.coerce.number({ error: () => workflowText('daysNotNumber') }).int().min(0, { error: () => workflowText('daysTooSmall', { limit: 0 }) }).max(3650, { error: () => workflowText('daysTooLarge', { limit: 3650 }) }).default(30) });
const PeriodQuery = z.object({
  startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: () => workflowText('startDateFormat') }).optional(),
  endDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: () => workflowText('endDateFormat') }).optional(),
});
const SOLD = [stockWorkflow.states.sold.value, stockWorkflow.states.delivered.value];
const IN_STORAGE = stockWorkflow.states.inStorage.value;

/** Entities whose new rows move a stock (storage and movement records; not transfers, moved by their own workflow). */
const movingEntities = (): AnyEntity[] =>
  [...new Set(workflowList.flatMap((w) => w.recorded.filter(([, t]) => !t.recordedBy!.transition).map(([, t]) => t.recordedBy!.entity as AnyEntity)))];

/**
 * The stock calls of wdiov-pm, mounted at the root before the generic entity routes: adding a
 * storage or movement record moves the vehicle's stock (its submit without an id; an update
 * goes on to the generic save, which keeps the fields that moved it), the operate stream of a
 * vehicle (its history), the operate detail and its updates, the inventory sales, the turnover
 * per storage and the vehicles idle in storage.
 */
export function stockRoutes(deps: TransitionDeps) {
  const router = createRouter();
  const repo = (name: EntityName) => deps.repos.get(name);
  const today = () => formatDateTime(Date.now(), deps.utcOffsetMin).slice(0, 10);

  for (const entity of movingEntities()) {
    router.post(`${entity.basePath}/submit`, async (c: Context<AppBindings>, next: Next) => {
      const body = await readJsonObject(c);
      if (body?.id != null && body.id !== '') return next();
      const values = parseWith(entity.submitSchema.add, body) as Record<string, unknown>;
      await addMovingRecord(deps, entity, c.get('principal'), values);
      return success(c, Msg.added);
    });
  }

  const requireVehicle = async (principal: Principal, vehicleId: string) => {
    if (!(await repo('vehicle').findRow(principal, vehicleId))) throw notFound(commonText('vehicleMissing', { id: vehicleId }));
  };

  /** A vehicle's operate stream, newest first: every stock move with who made it and where. */
  router.get('/api/wdiov-pm/operateRecord/operateStream/page', async (c) => {
    const { vehicleId, ...rest } = queryObject(c);
    const q = parseWith(VehicleQuery, { vehicleId });
    return data(c, await repo('operateRecord').page(c.get('principal'), listQueryOf({ ...rest, vehicleId_equal: q.vehicleId })));
  });

  /** A vehicle's stock at a glance: its stock row (base), storage, movement and transfer records. */
  router.get('/api/wdiov-pm/operateRecord/operateDetail/list', async (c) => {
    const principal = c.get('principal');
    const { vehicleId } = parseWith(VehicleQuery, c.req.query());
    await requireVehicle(principal, vehicleId);
    const of = (name: EntityName) => repo(name).all(principal, listQueryOf({ vehicleId_equal: vehicleId }), [], 500);
    const [base] = await of('vehiclePm');
    return data(c, { base: base ?? null, storage: await of('storageRecord'), movement: await of('movementRecord'), logistics: await of('logisticsRecord') });
  });

  // The operate detail's edits: the fields of the stock row and of its records that no move
  // depends on (the generic save refuses state and placing fields there). A transfer's edit
  // naming a new status is that status's transition (departing or arriving moves the stock).
  const update = (path: string, entityName: EntityName) => router.post(`/api/wdiov-pm/operateRecord/operateDetail/${path}`, async (c) => {
    const body = await readJsonObject(c);
    const id = parseWith(idString, body?.id);
    const entity = repo(entityName).entity;
    const own = workflowOf(entity);
    if (own && own.byCall('submit').length > 0 && body![own.statusField] !== undefined) {
      return data(c, await fireTransition(deps, own, 'submit', c.get('principal'), parseWith(transitionBodySchema(own, 'submit', requestLanguage()), body) as Record<string, unknown>));
    }
    const { id: _id, ...rest } = body!;
    const values = parseWith(entity.submitSchema.update, rest) as Record<string, unknown>;
    if (!(await repo(entityName).update(c.get('principal'), id, values))) throw notFound(crudText('missing', { label: entity.title, id }));
    return success(c, Msg.updated);
  });
  update('updateBase', 'vehiclePm');
  update('updateLogistics', 'logisticsRecord');
  update('updateMovement', 'movementRecord');

  /** Vehicles sold or delivered, paged and filtered like the stock list. */
  router.get('/api/wdiov-pm/operateRecord/inventorySale/page', async (c) => {
    const stocks = repo('vehiclePm');
    return data(c, await stocks.page(c.get('principal'), listQueryOf(queryObject(c)), [inArray(stocks.columns.pmStatus!, SOLD)]));
  });

  /** Vehicles in storage for at least `days` days (by their storage-in date), longest first, with how long. */
  router.get('/api/wdiov-pm/storage/idleList', async (c) => {
    const { days, ...rest } = queryObject(c);
    const q = parseWith(IdleQuery, { days });
    const stocks = repo('vehiclePm');
    const s = stocks.columns;
    const before = formatDateTime(Date.now() - q.days * DAY_MS, deps.utcOffsetMin).slice(0, 10);
    const page = await stocks.page(c.get('principal'), listQueryOf({ ascs: 'inbound_date', ...rest }), [eq(s.pmStatus!, IN_STORAGE), lte(s.inboundDate!, before)]);
    const now = Date.parse(`${today()}T00:00:00Z`);
    const records = page.records.map((r) => ({ ...r, idleDays: r.inboundDate ? Math.round((now - Date.parse(`${r.inboundDate}T00:00:00Z`)) / DAY_MS) : null }));
    return data(c, { ...page, records });
  });

  /**
   * Turnover per storage over a period (default the last 30 days): vehicles in stock now,
   * storage-ins and -outs in the period, and the outs per vehicle held (outs ÷ (stock + outs)).
   */
  router.get('/api/wdiov-pm/vehiclePm/turning', async (c) => {
    const principal = c.get('principal');
    const { startDate, endDate, ...rest } = queryObject(c);
    const period = parseWith(PeriodQuery, { startDate: startDate || undefined, endDate: endDate || undefined });
    const to = period.endDate ?? today();
    const from = period.startDate ?? formatDateTime(Date.parse(`${to}T00:00:00Z`) - 30 * DAY_MS, 0).slice(0, 10);
    const page = await repo('storage').page(principal, listQueryOf(rest));
    const ids = page.records.map((r) => String(r.id));
    const stocks = repo('vehiclePm');
    const records = repo('storageRecord');
    const [s, r] = [stocks.columns, records.columns];
    const held = ids.length === 0 ? [] : await deps.db.select({ storageId: s.storageId!, n: count() }).from(stocks.table)
      .where(allOf([await stocks.scope(principal), eq(s.pmStatus!, IN_STORAGE), inArray(s.storageId!, ids)])).groupBy(s.storageId!);
    const zone = `${deps.utcOffsetMin} minutes`;
    const day = sql`((${r.recordTime} at time zone 'UTC') + ${zone}::interval)::date`;
    const moves = ids.length === 0 ? [] : await deps.db.select({ storageId: r.storageId!, recordType: r.recordType!, n: count() }).from(records.table)
      .where(allOf([await records.scope(principal), inArray(r.storageId!, ids),
        and(gte(day, from), lte(day, to))]))
      .groupBy(r.storageId!, r.recordType!);
    const countOf = (rows: { storageId: unknown; n: number; recordType?: unknown }[], id: string, type?: number) =>
      rows.filter((x) => String(x.storageId) === id && (type === undefined || Number(x.recordType) === type)).reduce((a, x) => a + Number(x.n), 0);
    return data(c, {
      ...page,
      records: page.records.map((st) => {
        const id = String(st.id);
        const [stock, ins, outs] = [countOf(held, id), countOf(moves, id, 1), countOf(moves, id, 2)];
        return { storageId: id, storageName: st.storageName, stockCount: stock, inCount: ins, outCount: outs,
          turnoverRate: stock + outs === 0 ? 0 : Math.round((outs / (stock + outs)) * 100) / 100, startDate: from, endDate: to };
      }),
    });
  });

  return router;
}
