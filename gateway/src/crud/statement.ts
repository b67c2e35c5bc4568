import { Column, is, Param, Placeholder, SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { LRUCache } from 'lru-cache';
import type { ArrayQuery } from '../db/array-query.ts';
import { ttlCache } from '../lib/ttl-cache.ts';

/** What a statement selects, by result key: columns or SQL expressions (flat, in select order). */
export type Fields = Record<string, PgColumn | SQL | SQL.Aliased>;

export interface Statement {
  /** Unique in the process: the server-side name, or a serial for statements built per call. */
  readonly id: string;
  run(values: Record<string, unknown>): Promise<Record<string, unknown>[]>;
}

let unnamed = 0;

interface Decoder { mapFromDriverValue(value: unknown): unknown }

/** An SQL expression's decoder is its `.mapWith()` (drizzle keeps it out of the public type). */
const sqlDecoder = (s: SQL) => (s as unknown as { decoder: Decoder }).decoder;
const decoderOf = (field: PgColumn | SQL | SQL.Aliased): Decoder =>
  is(field, Column) ? field : is(field, SQL) ? sqlDecoder(field) : sqlDecoder((field as SQL.Aliased).sql);

/**
 * One row object from an array row: one object literal with the fields' keys in order (one hidden
 * class for every row), each non-null value through its column's decoder, as drizzle's own
 * result mapping does. Keys come from the schema, never from input, and are quoted regardless.
 */
export function rowDecoder(fields: Fields): (row: unknown[]) => Record<string, unknown> {
  const keys = Object.keys(fields);
  const props = keys.map((key, i) => `${JSON.stringify(key)}: r[${i}] === null ? null : d[${i}].mapFromDriverValue(r[${i}])`);
  return new Function('d', `return (r) => ({ ${props.join(', ')} });`)(keys.map((k) => decoderOf(fields[k]!)));
}

/** The values of a statement's parameters: placeholders filled (through their column's encoder) from the call's values. */
function paramFiller(params: unknown[]): (values: Record<string, unknown>) => unknown[] {
  const fills = params.map((p): ((values: Record<string, unknown>) => unknown) => {
    const placeholder = is(p, Placeholder) ? p : is(p, Param) && is(p.value, Placeholder) ? p.value : undefined;
    if (!placeholder) return () => p;
    const encode = is(p, Param) ? (v: unknown) => p.encoder.mapToDriverValue(v) : (v: unknown) => v;
    return (values) => {
      if (!(placeholder.name in values)) throw new Error(`No value for placeholder "${placeholder.name}" was provided`);
      return encode(values[placeholder.name]);
    };
  });
  return (values) => fills.map((fill) => fill(values));
}

/**
 * A query built by drizzle's query builder, run on the driver directly: the same SQL text and
 * parameters, without the builder's per-call work (placeholder look-ups by entity checks, generic
 * row mapping). Named statements are prepared once per server connection.
 */
export function compileStatement(query: ArrayQuery, fields: Fields, built: { sql: string; params: unknown[] }, name?: string): Statement {
  const fill = paramFiller(built.params);
  const decode = rowDecoder(fields);
  return { id: name ?? `unnamed_${++unnamed}`, run: async (values) => (await query(built.sql, fill(values), name)).map(decode) };
}

/** How long a remembered read answers at most: a write that bypassed the repositories shows after this. */
const REMEMBER_MS = 5_000;
/** Rows of remembered reads kept per entity, all reads together (least recently used out first; a larger read is not kept). */
const REMEMBER_ROWS = 20_000;

/**
 * Identical reads at the same time share one query: a call that finds the same statement with the
 * same values already running gets its rows. `changed()` (a write of the entity, on this gateway
 * or announced by another) ends the sharing, so a read that starts after a write never gets rows
 * read before it. With `remember`, finished reads answer too, until the next `changed()` or
 * REMEMBER_MS; a read that was running when a write came is not kept. The rows are shared between
 * callers: they copy, never change them.
 */
export class SharedReads {
  private running = new Map<string, Promise<Record<string, unknown>[]>>();
  private readonly remembered?: LRUCache<string, Record<string, unknown>[]>;
  /** Counts writes, so a read finishing after one is not kept. */
  private generation = 0;

  constructor(remember = false) {
    if (remember) this.remembered = ttlCache({ ttlMs: REMEMBER_MS, max: REMEMBER_ROWS, sizeOf: (rows: unknown[]) => rows.length });
  }

  changed(): void {
    this.generation++;
    this.running.clear();
    this.remembered?.clear();
  }

  run(statement: Statement, values: Record<string, unknown>): Promise<Record<string, unknown>[]> {
    const key = `${statement.id}|${JSON.stringify(values)}`;
    const kept = this.remembered?.get(key);
    if (kept) return Promise.resolve(kept);
    const hit = this.running.get(key);
    if (hit) return hit;
    const rows = statement.run(values);
    this.running.set(key, rows);
    const generation = this.generation;
    const done = () => {
      if (this.running.get(key) === rows) this.running.delete(key);
    };
    rows.then((read) => {
      done();
      if (this.remembered && generation === this.generation) this.remembered.set(key, read);
    }, done);
    return rows;
  }
}
