import { tryGetContext } from 'hono/context-storage';
import { formatDateTime, type AnyEntity, type FieldDef } from '@wdiov/contracts';
import type { RowChange } from '../crud/repository.ts';
import { clientAddress } from '../lib/client-address.ts';
import type { AppBindings } from '../lib/types.ts';
import type { LogWriter } from './log-writer.ts';

/** Field names that hold secrets even where the entity does not mark them write-only (the stored cipher of one …). */
const SECRET_NAME = /password|secret|token|cipher|encryption|credential/i;
/** Request verbs of the generic routes: their write is named by what it did (add, update, remove). */
const GENERIC_VERBS = new Set(['submit', 'remove', 'update', 'save']);
const CHANGES_MAX = 5000;
/** A value longer than this (as JSON) is cut when the changes would not fit otherwise. */
const VALUE_MAX = 200;

type Value = string | number | boolean | null | Record<string, unknown> | unknown[];

/** Whether a field's value may be written to a log: never a password or a secret. */
function loggable(entity: AnyEntity, name: string): boolean {
  const def = (entity.fields as Record<string, FieldDef>)[name];
  return def !== undefined && !def.writeOnly && !SECRET_NAME.test(name);
}

/** One value as the log shows it: times in the console's zone, numbers as numbers. */
function shown(v: unknown, utcOffsetMin: number): Value {
  if (v === undefined || v === null) return null;
  if (v instanceof Date) return formatDateTime(v, utcOffsetMin);
  if (typeof v === 'bigint') return String(v);
  if (typeof v === 'object') return v as Record<string, unknown>;
  return v as string | number | boolean;
}

/** Stored and submitted values differ in form (a decimal's '12.50' and 12.5, an id's '7' and 7) without differing. */
function same(a: Value, b: Value): boolean {
  if (a === null || b === null) return a === b || a === '' || b === '';
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  const na = Number(a);
  const nb = Number(b);
  if (String(a).trim() !== '' && String(b).trim() !== '' && Number.isFinite(na) && Number.isFinite(nb)) return na === nb;
  return String(a) === String(b);
}

/**
 * What a write changed, as the operation log keeps it: an update's changed fields as
 * `[before, after]`, an add's values given, a custom call's own account; secrets left out.
 */
export function changesOf(change: RowChange, utcOffsetMin: number): Record<string, unknown> {
  if (change.changes) return Object.fromEntries(Object.entries(change.changes).filter(([k]) => !SECRET_NAME.test(k)));
  const out: Record<string, unknown> = {};
  const after = change.after ?? {};
  for (const [name, raw] of Object.entries(after)) {
    if (!loggable(change.entity, name)) continue;
    const next = shown(raw, utcOffsetMin);
    if (change.before) {
      const prev = shown(change.before[name], utcOffsetMin);
      if (!same(prev, next)) out[name] = [prev, next];
    } else if (next !== null && next !== '') out[name] = next;
  }
  return out;
}

/** The changes as JSON within the column: long values are cut first, so what is kept stays JSON. */
export function changesText(changes: Record<string, unknown>): string {
  if (Object.keys(changes).length === 0) return '';
  const whole = JSON.stringify(changes);
  if (whole.length <= CHANGES_MAX) return whole;
  const cut = (v: unknown) => {
    const text = JSON.stringify(v) ?? '';
    return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX)}…` : v;
  };
  const shortened = JSON.stringify(Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, cut(v)])));
  return shortened.length <= CHANGES_MAX ? shortened : JSON.stringify({ fields: Object.keys(changes) }).slice(0, CHANGES_MAX);
}

/** The request's last path segment, when it names a call of its own (`handle`, `grant`, `unlock` …). */
function verbOf(path: string): string | undefined {
  const last = path.replace(/\/+$/, '').split('/').pop() ?? '';
  return last && !GENERIC_VERBS.has(last) ? last.slice(0, 64) : undefined;
}

/**
 * The operation log: each row written through the crud engine (and each custom write that
 * reports itself) becomes one row of who, which entity and row, what was done and what changed.
 * Rows join the log writer's buffer and reach the database in its batches, so a write waits for
 * no extra statement. Writes outside a request (seeding, background jobs) are the system's own
 * work and are not operations of anyone.
 */
export function operationRecorder(writer: LogWriter, utcOffsetMin: number) {
  return (change: RowChange) => {
    const c = tryGetContext<AppBindings>();
    if (!c) return;
    // The caller of the request, even where the write was made in another tenant's name (a transfer).
    const who = c.get('principal') ?? change.principal;
    const changes = changesOf(change, utcOffsetMin);
    writer.operation({
      tenantId: change.principal.tenantId,
      createBy: who.account.slice(0, 64),
      userId: who.userId,
      entityName: change.entity.name,
      recordId: change.id.slice(0, 64),
      action: verbOf(c.req.path) ?? change.action,
      changes: changesText(changes),
      method: c.req.method,
      requestUri: c.req.path.slice(0, 255),
      remoteIp: clientAddress(c).slice(0, 255),
    });
  };
}
