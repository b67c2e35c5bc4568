import { entityByName, formatDateTime, type FieldDef } from '@wdiov/contracts';
import { dictionaryText, seededName } from '@wdiov/contracts/entities/seeded-text';
import { crudText } from '../../lib/texts/crud-text.ts';
import { importText } from '../../lib/texts/import-text.ts';
import type { Dictionaries } from '../dictionaries.ts';
import type { Principal } from '../principal.ts';
import type { Repositories } from '../repositories.ts';
import type { ImportColumn } from './import-columns.ts';
import type { SheetCell } from './sheet-file.ts';

/** A cell turned into what a submit would send, or the reason it cannot be. */
export type CellResult = { ok: true; value: unknown } | { ok: false; message: string };

/** Names (or keys) to ids or dictionary keys; `null` marks a name several rows share. */
type Lookup = Map<string, string | null>;

/** Rows a reference is looked up among at most: far beyond any tenant's master data. */
const LOOKUP_MAX = 200_000;
/** Excel's day 0 (1899-12-30) in Unix time: date cells an xlsx stores as serial numbers. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** The console's yes and no, in both languages, as exports write flags. */
const FLAGS = new Map<string, number>([['是', 1], ['否', 0], ['yes', 1], ['no', 0], ['true', 1], ['false', 0], ['1', 1], ['0', 0]]);

function remember(map: Lookup, name: string, id: string) {
  if (name === '') return;
  const had = map.get(name);
  map.set(name, had === undefined || had === id ? id : null);
}

/**
 * How the cells of an import's columns become submit values: references by the name an export
 * shows for them (a vehicle by its VIN, plate or `plate · VIN`), or by id; dictionary values by
 * their label in either language, or by key; flags as 是/否 or Yes/No. References are looked up
 * among the live rows of the caller's tenant, as a submit's reference check does; the lookups
 * are read once per import.
 */
export class CellReader {
  private constructor(private readonly lookups: Map<string, Lookup>, private readonly utcOffsetMin: number) {}

  static async load(columns: ImportColumn[], principal: Principal, repos: Repositories, dictionaries: Dictionaries, utcOffsetMin: number): Promise<CellReader> {
    const lookups = new Map<string, Lookup>();
    for (const { field, def } of columns) {
      const map: Lookup = new Map();
      const target = def.ref ? entityByName(def.ref.entity) : undefined;
      if (def.ref && target) {
        const repo = repos.of(target);
        const names = [def.ref.label, ...(target.name === 'vehicle' ? ['vin', 'plateNumber'] : [])].filter((n) => repo.columns[n]);
        const picked = Object.fromEntries([['id', repo.columns.id!], ...names.map((n) => [n, repo.columns[n]!])]);
        const rows = await repo.db.select(picked).from(repo.table).where(repo.tenantScope(principal)).limit(LOOKUP_MAX);
        for (const row of rows as Record<string, unknown>[]) {
          const id = String(row.id);
          for (const n of names) {
            const name = String(row[n] ?? '').trim();
            remember(map, name, id);
            remember(map, seededName(name, 'en'), id);
          }
        }
        // An id names its row whatever names it shares with others.
        for (const row of rows as Record<string, unknown>[]) map.set(String(row.id), String(row.id));
      } else if (def.dict) {
        for (const item of await dictionaries.items(def.dict, principal.tenantId)) {
          remember(map, item.value, item.key);
          remember(map, dictionaryText(def.dict, item.key, item.value, 'en'), item.key);
          map.set(item.key, item.key);
        }
      } else continue;
      lookups.set(field, map);
    }
    return new CellReader(lookups, utcOffsetMin);
  }

  /** A cell's submit value; an empty cell is left out (the field's default or nothing). */
  read(column: ImportColumn, cell: SheetCell | undefined): CellResult | undefined {
    if (cell === undefined) return undefined;
    const { def, field } = column;
    const text = typeof cell === 'number' ? String(cell) : undoDefused(cell.trim());
    if (text === '') return undefined;
    const lookup = this.lookups.get(field);
    if (def.ref && lookup) {
      const names = def.ref.multiple ? text.split(',').map((s) => s.trim()).filter(Boolean) : [text];
      const ids: string[] = [];
      for (const name of names) {
        const id = resolve(lookup, name);
        if (id === null) return { ok: false, message: importText('ambiguous', { value: name }) };
        if (id === undefined) return { ok: false, message: crudText('missing', { label: def.label, id: name }) };
        ids.push(id);
      }
      return { ok: true, value: ids.join(',') };
    }
    if (def.dict && lookup && lookup.size > 0) {
      const key = lookup.get(text) ?? undefined;
      if (key === undefined) return { ok: false, message: crudText('notInDict', { label: def.label, value: text }) };
      return { ok: true, value: def.kind === 'int' ? Number(key) : key };
    }
    return { ok: true, value: this.plain(def, cell, text) };
  }

  private plain(def: FieldDef, cell: SheetCell, text: string): unknown {
    switch (def.kind) {
      case 'bool':
        return FLAGS.get(text.toLowerCase()) ?? text;
      case 'int':
      case 'decimal':
        return typeof cell === 'number' ? cell : text;
      case 'date':
      case 'datetime': {
        if (typeof cell !== 'number') return text;
        const shown = formatDateTime(new Date(EXCEL_EPOCH_MS + Math.round(cell * 86_400_000)), 0);
        return def.kind === 'date' ? shown.slice(0, 10) : shown;
      }
      case 'json':
        try {
          return JSON.parse(text);
        } catch {
          return text;
        }
      default:
        return text;
    }
  }
}

/** A name as an export shows it: a vehicle as `plate · VIN` names it by its VIN. */
function resolve(lookup: Lookup, name: string): string | null | undefined {
  const hit = lookup.get(name);
  if (hit !== undefined) return hit;
  const dot = name.lastIndexOf(' · ');
  return dot >= 0 ? lookup.get(name.slice(dot + 3).trim()) : undefined;
}

/** Exports quote text a spreadsheet would run (`'=1+2`): read back, the quote goes. */
function undoDefused(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}
