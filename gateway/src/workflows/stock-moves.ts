import { and, eq, inArray } from 'drizzle-orm';
import type { AnyEntity, AnyWorkflow, TransitionDef } from '@wdiov/contracts';
import { formatDateTime, logisticsWorkflow, OPERATE_TYPE_OF, recordedTransitions, stockWorkflow, workflowOf } from '@wdiov/contracts';
import type { Principal } from '../crud/principal.ts';
import type { Prepare } from '../crud/behaviours.ts';
import { allOf } from '../crud/filters.ts';
import { badRequest, notFound } from '../lib/api-error.ts';
import { nextId } from '../lib/ids.ts';
import { applyTransition, type Fired, type Move, type TransitionDeps, type Tx } from './transitions.ts';
import { requestLanguage } from '../lib/request-language.ts';
import { commonText } from '../lib/texts/common-text.ts';
import { dispatchHolds } from './dispatch-holds.ts';
import { stockText } from '../lib/texts/stock-text.ts';

type Chosen = [string, TransitionDef<string, string>];

/** The transition a new row of `entity` fires (by its `when` field), if any: not those its own workflow's transitions fire. */
export function transitionOfRecord(entity: AnyEntity, values: Record<string, unknown>): [AnyWorkflow, Chosen] | undefined {
  const hit = recordedTransitions(entity).find(([, , t]) => !t.recordedBy!.transition && (!t.recordedBy!.when || Number(values[t.recordedBy!.when.field]) === t.recordedBy!.when.value));
  return hit ? [hit[0], [hit[1], hit[2]]] : undefined;
}

const dayOf = (at: unknown, offsetMin: number) => formatDateTime(at instanceof Date ? at : new Date(), offsetMin).slice(0, 10);

/** What a stock move sets on the vehicle's stock row beside its state: where the vehicle now is. */
function stockPlace(action: string, record: Record<string, unknown>, current: Record<string, unknown> | undefined, offsetMin: number): Record<string, unknown> {
  const here = String(current?.storageId ?? '');
  switch (action) {
    case 'stockIn':
      return { storageId: record.storageId, storageAreaId: record.storageAreaId ?? null, inboundDate: dayOf(record.recordTime, offsetMin) };
    case 'stockOut':
      if (here !== String(record.storageId)) throw badRequest(`${stockText('notInStorage')} [storageId]`);
      return { storageId: null, storageAreaId: null };
    case 'ship':
      // A transfer ships to a storage, where its arrival puts the vehicle: without one it would stay in transit.
      if (record.toStorageId == null) throw badRequest(`${stockText('chooseTarget')} [toStorageId]`);
      if (record.fromStorageId != null && here !== '' && String(record.fromStorageId) !== here) throw badRequest(`${stockText('notAtOrigin')} [fromStorageId]`);
      return { storageId: null, storageAreaId: null };
    case 'arrive':
      return { storageId: record.toStorageId, storageAreaId: null, inboundDate: dayOf(record.arriveTime, offsetMin) };
    case 'move':
      if (record.fromStorageId != null && String(record.fromStorageId) !== here) throw badRequest(`${stockText('notInFromStorage')} [fromStorageId]`);
      if (String(record.toStorageId) === here && (record.toAreaId ?? null) === (current?.storageAreaId ?? null)) {
        throw badRequest(`${stockText('sameArea')} [toStorageId]`);
      }
      record.fromStorageId = current?.storageId ?? null;
      record.fromAreaId = current?.storageAreaId ?? null;
      return { storageId: record.toStorageId, storageAreaId: record.toAreaId ?? null };
    default:
      return {};
  }
}

/** Moves a vehicle's stock inside the caller's transaction: `record` is the row firing the move, `written` writes it. */
export type StockMove = (tx: Tx, chosen: Chosen, record: Record<string, unknown>, note: string | null, written?: () => Promise<void>) => Promise<Fired>;

/**
 * A stock move for `principal`, its scopes read now (a move's transaction reads nothing outside
 * itself). In the transaction: the vehicle row is locked (the one lock every move of that
 * vehicle takes, also when it has no stock row yet), its stock row read, the move checked
 * against its state, then the stock row (created by a first storage-in or shipment), the
 * trail and the operate stream are written together, and the record by `written`. A vehicle
 * or stock row outside the caller's data scope is not theirs to move (404). A wrong-state move
 * is a 400 and the caller's transaction writes nothing; of two concurrent moves the second
 * sees the first's result.
 */
export async function stockMover(deps: TransitionDeps, principal: Principal): Promise<StockMove> {
  const stocks = deps.repos.of(stockWorkflow.entity);
  const vehicles = deps.repos.get('vehicle');
  const [vehicleScope, stockScope] = [await vehicles.scope(principal, true), await stocks.scope(principal, true)];
  const s = stocks.columns;
  const workflow = stockWorkflow as unknown as AnyWorkflow;
  return async (tx, chosen, record, note, written) => {
    const key = chosen[1].recordedBy!.key;
    const vehicleId = String(record[key]);
    const [vehicle] = await tx.select({ id: vehicles.columns.id! }).from(vehicles.table).where(allOf([vehicleScope, eq(vehicles.columns.id!, vehicleId)])).for('update');
    if (!vehicle) throw notFound(commonText('vehicleMissing', { id: String(vehicleId) }));
    // The vehicle's one stock row, seen tenant-wide (a row hidden by the data scope must not look
    // absent and get a second one); the caller may move it only if their scope shows it.
    const [current] = (await tx.select().from(stocks.table).where(allOf([stocks.tenantScope(principal), eq(s[key]!, vehicleId)])).for('update')) as Record<string, unknown>[];
    if (current && stockScope) {
      const [visible] = await tx.select({ id: s.id! }).from(stocks.table).where(allOf([stockScope, eq(s.id!, String(current.id))]));
      if (!visible) throw notFound(commonText('vehicleMissing', { id: String(vehicleId) }));
    }
    const status = current ? Number(current[workflow.statusField]) : 0;
    const stockId = current ? String(current.id) : nextId();
    const fired = await applyTransition(tx, deps, workflow, chosen, principal, { id: stockId, status, row: current ?? { [key]: vehicleId } }, {}, note, async (set) => {
      // Where the vehicle now is, checked once its state allowed the move.
      Object.assign(set, stockPlace(chosen[0], record, current, deps.utcOffsetMin));
      if (current) {
        if (s.updateUser) Object.assign(set, { updateUser: principal.userId, updateTime: new Date() });
        await tx.update(stocks.table).set(set).where(and(eq(s.id!, stockId), eq(s[workflow.statusField]!, status)));
      } else {
        await tx.insert(stocks.table).values(stocks.filledRow(principal, { [key]: vehicleId, ...set }, stockId));
      }
      await written?.();
    });
    // The stock's caches are dropped by the caller once the transaction has committed (a drop
    // before it would let a concurrent read cache the old row again).
    return fired;
  };
}

/**
 * Adds a row of a record entity that moves a stock (a storage or movement record), in one
 * transaction with the move it fires (stockMover).
 */
export async function addMovingRecord(deps: TransitionDeps, entity: AnyEntity, principal: Principal, values: Record<string, unknown>): Promise<Fired> {
  const found = transitionOfRecord(entity, values);
  if (!found) throw badRequest(stockText('badType', { entity: entity.title[requestLanguage()] }));
  const records = deps.repos.of(entity);
  // Checked (references, uniqueness) before the transaction, which reads nothing outside itself.
  const row = await records.rowFor(principal, values, nextId());
  const move = await stockMover(deps, principal);
  const fired = await deps.db.transaction((tx) => move(tx, found[1], row, (row.remark as string) ?? null, async () => {
    await tx.insert(records.table).values(row);
  }));
  records.written(principal);
  deps.repos.of(stockWorkflow.entity).written(principal);
  return fired;
}

/**
 * The stock moves that transitions of other workflows fire (a transfer departing ships its
 * vehicle, arriving puts it in the target storage), for TransitionDeps.follow.
 */
export function followingStockMoves(deps: TransitionDeps): NonNullable<TransitionDeps['follow']> {
  return async (principal, workflow, action) => {
    const hit = recordedTransitions(workflow.entity).find(([, , t]) => t.recordedBy!.transition === action);
    if (!hit) return undefined;
    const move = await stockMover(deps, principal);
    return {
      run: async (tx, row) => void (await move(tx, [hit[1], hit[2]], row, null)),
      committed: () => deps.repos.of(stockWorkflow.entity).written(principal),
    };
  };
}

/** A transfer between its departure and its arrival holds its vehicle: the states its arrival leaves from. */
const HOLDING = logisticsWorkflow.transitions.arrive.from.map((s) => logisticsWorkflow.states[s].value);
/** The stock moves transfers fire themselves (departing, arriving). */
const TRANSFER_MOVES = new Set(stockWorkflow.recorded.filter(([, t]) => t.recordedBy!.transition).map(([name]) => name as string));

/**
 * The one rule of a vehicle on the road: while a transfer holds it (departed, not yet arrived),
 * no other stock move (storage in or out, movement, sales) touches it; the transfer's arrival
 * releases it. Read in the move's transaction after its lock, so a departure committing first is seen.
 * (The other direction, a sold or stocked-out vehicle departing, is refused by the ship move's source states.)
 */
export function transferHolds(deps: Pick<TransitionDeps, 'repos'>): NonNullable<TransitionDeps['admits']> {
  return async (tx, m) => {
    if (m.workflow !== (stockWorkflow as unknown) || TRANSFER_MOVES.has(m.action) || m.row.vehicleId == null) return;
    const transfers = deps.repos.of(logisticsWorkflow.entity);
    const c = transfers.columns;
    const [held] = await tx.select({ transferNo: c.transferNo!, status: c.transferStatus! }).from(transfers.table)
      .where(allOf([transfers.tenantScope(m.principal), eq(c.vehicleId!, String(m.row.vehicleId)), inArray(c.transferStatus!, HOLDING)])).limit(1);
    if (!held) return;
    const language = requestLanguage();
    const state = logisticsWorkflow.states[logisticsWorkflow.stateOf(held.status)!].label[language];
    throw badRequest(stockText('inTransit', { transferNo: String(held.transferNo), state, action: m.transition.label[language] }));
  };
}

/** The workflows' dependencies: stock moves write the operate stream, transfers move stock and hold their vehicle, dispatch holds its vehicle and driver. */
export function workflowDeps(base: Pick<TransitionDeps, 'db' | 'repos' | 'utcOffsetMin' | 'holdsButton'>): TransitionDeps {
  const holds = [transferHolds(base), dispatchHolds(base)];
  const deps: TransitionDeps = { ...base, onMove: operateStream(base), admits: async (tx, m) => { for (const admits of holds) await admits(tx, m); } };
  deps.follow = followingStockMoves(deps);
  return deps;
}

/** Writes a stock move into the operate stream (the vehicle's history), in the move's transaction. */
export function operateStream(deps: Pick<TransitionDeps, 'repos' | 'utcOffsetMin'>) {
  return async (tx: Tx, m: Move) => {
    if (m.workflow !== (stockWorkflow as unknown)) return;
    const repo = deps.repos.get('operateRecord');
    const to = m.transition.to as keyof typeof stockWorkflow.states;
    const values = {
      vehicleId: m.row.vehicleId,
      operateType: OPERATE_TYPE_OF[m.action as keyof typeof OPERATE_TYPE_OF],
      operateTime: m.now,
      storageId: m.row.storageId ?? null,
      handlerName: m.principal.account,
      content: `${m.transition.label.zh}: ${stockWorkflow.states[to].label.zh}`,
      remark: m.note,
    };
    await tx.insert(repo.table).values(repo.filledRow(m.principal, values));
    repo.written(m.principal);
  };
}

/**
 * Fields of a record that moved a stock cannot change afterwards (the stock would no longer
 * match its history); a record with a workflow of its own moves nothing while in its initial
 * state (a pending transfer), so it is free until then.
 */
export const fixedOnceRecorded = (entity: AnyEntity): Prepare => async (values, { repo, principal, mode, id }) => {
  if (mode !== 'update') return values;
  const fixed = new Set(recordedTransitions(entity).flatMap(([, , t]) => t.recordedBy!.fixed));
  const changed = [...fixed].filter((k) => values[k] !== undefined);
  if (changed.length === 0) return values;
  const stored = await repo.findRow(principal, id);
  const own = workflowOf(entity);
  if (stored && own && Number(stored[own.statusField]) === own.states[own.initial]!.value) return values;
  for (const k of changed) {
    if (stored && String(values[k] ?? '') !== String(stored[k] ?? '')) {
      throw badRequest(`${stockText('recorded', { entity: entity.title[requestLanguage()], field: entity.fields[k]!.label[requestLanguage()] })} [${k}]`);
    }
  }
  return values;
};

/** Where a stock row's vehicle is, and which vehicle it is: changed by stock moves only, never by a save. */
const PLACED_BY_MOVES = ['vehicleId', 'storageId', 'storageAreaId', 'inboundDate'] as const;

/** A save of a stock row (the generic one, operateDetail/updateBase) refuses to change where the vehicle is. */
export const placedByMovesOnly: Prepare = async (values, { repo, principal, mode, id }) => {
  if (mode !== 'update') return values;
  const changed = PLACED_BY_MOVES.filter((k) => values[k] !== undefined);
  if (changed.length === 0) return values;
  const stored = await repo.findRow(principal, id);
  for (const k of changed) {
    if (stored && String(values[k] ?? '') !== String(stored[k] ?? '')) throw badRequest(`${stockText('placedByMoves')} [${k}]`);
  }
  return values;
};
