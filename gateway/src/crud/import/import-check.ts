import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { FieldDef } from '@wdiov/contracts';
import { ApiError } from '../../lib/api-error.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { crudText } from '../../lib/texts/crud-text.ts';
import { importText } from '../../lib/texts/import-text.ts';
import { regionByCode } from '../behaviours.ts';
import type { Dictionaries } from '../dictionaries.ts';
import type { Principal } from '../principal.ts';
import type { Repositories } from '../repositories.ts';
import type { Repository } from '../repository.ts';
import { matchColumns, type ImportColumn } from './import-columns.ts';
import { CellReader } from './import-values.ts';
import type { Sheet } from './sheet-file.ts';

/** What is wrong with one cell (or one row) of the file: its line, the column as the file names it, the message. */
export interface RowError {
  row: number;
  column: string;
  field: string;
  message: string;
}

/** An import checked: the rows as they would be submitted, and every error found. */
export interface CheckedImport {
  columns: ImportColumn[];
  ignored: string[];
  rows: { line: number; values: Record<string, unknown> }[];
  errors: RowError[];
  /** Rows of the file (errors or not). */
  total: number;
}

export interface ImportDeps {
  repos: Repositories;
  dictionaries: Dictionaries;
  utcOffsetMin: number;
}

/** Values per statement of the uniqueness check. */
const UNIQUE_CHUNK = 1_000;

/** `msg [field]`, as the engine's refusals name their field, split apart. */
function splitRefusal(message: string): { message: string; field?: string } {
  const m = /^(.*) \[([A-Za-z0-9_.]+)\]$/s.exec(message);
  return m ? { message: m[1]!, field: m[2]!.split('.')[0] } : { message };
}

/**
 * Checks every row of a sheet by the entity's own rules, as a submit would: the same add schema
 * (messages in the request's language), references and dictionary values among the caller's
 * tenant, region codes, uniqueness against the stored rows and within the file, the entity's
 * cross-field rule, and its own preparation where it has one. Reads only; nothing is written.
 */
export async function checkSheet(repo: Repository, principal: Principal, sheet: Sheet, deps: ImportDeps): Promise<CheckedImport> {
  repo.guard(principal, true);
  const { entity } = repo;
  const language = requestLanguage();
  const { columns, ignored } = matchColumns(entity, sheet.header);
  const reader = await CellReader.load(columns, principal, deps.repos, deps.dictionaries, deps.utcOffsetMin);
  const schema = entity.submitSchemaIn(language).add;
  const titleOf = (field: string) => columns.find((c) => c.field === field)?.title ?? (entity.fields[field] as FieldDef | undefined)?.label[language] ?? field;
  const errors: RowError[] = [];
  const fail = (row: number, field: string, message: string) => void errors.push({ row, column: field ? titleOf(field) : '', field, message });
  const rows: CheckedImport['rows'] = [];

  for (const { line, cells } of sheet.rows) {
    const body: Record<string, unknown> = {};
    let bad = false;
    for (const column of columns) {
      const result = reader.read(column, cells[column.index]);
      if (!result) continue;
      if (result.ok) {
        body[column.field] = result.value;
      } else {
        bad = true;
        fail(line, column.field, result.message);
      }
    }
    if (bad) continue;
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) fail(line, String(issue.path[0] ?? ''), issue.message);
      continue;
    }
    const problem = entity.check?.(parsed.data, language);
    if (problem) {
      const refusal = splitRefusal(problem);
      fail(line, refusal.field ?? '', refusal.message);
      continue;
    }
    rows.push({ line, values: parsed.data });
  }

  await checkUniqueness(repo, principal, rows, fail);
  const failedYet = new Set(errors.map((e) => e.row));
  if (repo.prepares) await checkPrepared(repo, principal, rows.filter((r) => !failedYet.has(r.line)), fail);
  else await checkRegions(deps.repos, repo, rows, fail);
  const failed = new Set(errors.map((e) => e.row));
  errors.sort((a, b) => a.row - b.row);
  return { columns, ignored, rows: rows.filter((r) => !failed.has(r.line)), errors, total: sheet.rows.length };
}

type Fail = (row: number, field: string, message: string) => void;

/** Unique fields: against the live rows (the tenant's, or every tenant's for a platform-wide one), and between rows of the file. */
async function checkUniqueness(repo: Repository, principal: Principal, rows: CheckedImport['rows'], fail: Fail) {
  for (const [name, def] of Object.entries(repo.entity.fields) as [string, FieldDef][]) {
    if (!def.unique) continue;
    const firstLine = new Map<string, number>();
    for (const { line, values } of rows) {
      const v = values[name];
      if (v === undefined || v === null || v === '') continue;
      const key = String(v);
      const seen = firstLine.get(key);
      if (seen !== undefined) fail(line, name, importText('inFile', { value: key, line: seen }));
      else firstLine.set(key, line);
    }
    const scope: SQL | undefined = def.unique === 'platform' ? eq(repo.columns.isDeleted!, 0) : repo.tenantScope(principal);
    const values = [...firstLine.keys()];
    const taken = new Set<string>();
    for (let i = 0; i < values.length; i += UNIQUE_CHUNK) {
      const hits = await repo.db.select({ v: repo.columns[name]! }).from(repo.table)
        .where(and(scope, inArray(repo.columns[name]!, values.slice(i, i + UNIQUE_CHUNK))));
      for (const h of hits) taken.add(String(h.v));
    }
    // Held in another tenant: said without saying by whom, as a submit says it.
    const code = def.unique === 'platform' ? 'registered' : 'taken';
    for (const value of taken) fail(firstLine.get(value)!, name, crudText(code, { label: def.label, value }));
  }
}

async function checkRegions(repos: Repositories, repo: Repository, rows: CheckedImport['rows'], fail: Fail) {
  const known = new Map<string, boolean>();
  for (const [name, def] of Object.entries(repo.entity.fields) as [string, FieldDef][]) {
    if (!def.region) continue;
    for (const { line, values } of rows) {
      const v = values[name];
      if (v === undefined || v === null || v === '') continue;
      const code = String(v);
      if (!known.has(code)) known.set(code, Boolean(await regionByCode(repos.get('region'), code)));
      if (!known.get(code)) fail(line, name, crudText('missing', { label: def.label, id: code }));
    }
  }
}

/**
 * An entity with a preparation of its own (tree paths, passwords …): each row as `insert`
 * prepares and checks it, its values replaced by the row `insert` would store.
 */
async function checkPrepared(repo: Repository, principal: Principal, rows: CheckedImport['rows'], fail: Fail) {
  for (const row of rows) {
    try {
      row.values = await repo.rowFor(principal, row.values);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const refusal = splitRefusal(err.message);
      fail(row.line, refusal.field ?? '', refusal.message);
    }
  }
}
