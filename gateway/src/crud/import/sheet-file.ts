import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { unzipSync } from 'fflate';
import { ApiError, badRequest } from '../../lib/api-error.ts';
import { importText } from '../../lib/texts/import-text.ts';

/** A cell as a sheet holds it: text, or a number an xlsx stored as one. */
export type SheetCell = string | number;

/** The first sheet of an uploaded file: its header row and the rows under it, with their row numbers in the file. */
export interface Sheet {
  header: string[];
  rows: { line: number; cells: SheetCell[] }[];
}

/** Rows one import takes at most: twice the fleet size an import is sized for. */
export const IMPORT_MAX_ROWS = 20_000;
/** Unpacked size an xlsx may have: a sheet of the largest import is well under it, a zip bomb is not. */
const XLSX_MAX_UNPACKED = 200 * 1024 * 1024;

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => name === 'row' || name === 'c' || name === 'si' || name === 'r' || name === 'sheet' || name === 'Relationship',
});

type Node = Record<string, unknown> | string | undefined;

/** The text of a string node: plain, with attributes (`xml:space`), or rich text runs. */
function textOf(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  const n = node as Record<string, unknown>;
  if (n['#text'] !== undefined) return String(n['#text']);
  if (n.t !== undefined) return textOf(n.t);
  if (Array.isArray(n.r)) return n.r.map((run) => textOf((run as Record<string, unknown>).t)).join('');
  return '';
}

/** 'B7' → 1: the column of a cell reference. */
function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
  }
  return n - 1;
}

/** The path of the workbook's first sheet, as its relationships name it. */
function firstSheetPath(parts: Record<string, Uint8Array>): string {
  const read = (path: string) => (parts[path] ? xml.parse(new TextDecoder().decode(parts[path])) : undefined);
  const book = read('xl/workbook.xml');
  const first = book?.workbook?.sheets?.sheet?.[0];
  const rid = first?.['@r:id'];
  const rels = read('xl/_rels/workbook.xml.rels')?.Relationships?.Relationship as Record<string, string>[] | undefined;
  const target = rels?.find((r) => r['@Id'] === rid)?.['@Target'];
  if (!target) return 'xl/worksheets/sheet1.xml';
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

function readXlsx(bytes: Uint8Array): SheetCell[][] {
  let unpacked = 0;
  let parts: Record<string, Uint8Array>;
  try {
    parts = unzipSync(bytes, {
      filter: (file) => {
        if (!/^xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|sharedStrings\.xml|worksheets\/[^/]+\.xml)$/.test(file.name)) return false;
        unpacked += file.originalSize;
        if (unpacked > XLSX_MAX_UNPACKED) throw badRequest(importText('tooLarge'));
        return true;
      },
    });
  } catch (err) {
    throw err instanceof ApiError ? err : badRequest(importText('unreadable'));
  }
  const sheet = parts[firstSheetPath(parts)];
  if (!sheet) throw badRequest(importText('unreadable'));
  const shared = parts['xl/sharedStrings.xml']
    ? ((xml.parse(new TextDecoder().decode(parts['xl/sharedStrings.xml'])).sst?.si ?? []) as unknown[]).map(textOf)
    : [];
  const rows = (xml.parse(new TextDecoder().decode(sheet)).worksheet?.sheetData?.row ?? []) as Record<string, unknown>[];
  const out: SheetCell[][] = [];
  for (const row of rows) {
    const at = Number(row['@r']) || out.length + 1;
    const cells: SheetCell[] = [];
    for (const c of (row.c ?? []) as Record<string, Node>[]) {
      const ref = typeof c['@r'] === 'string' ? c['@r'] : '';
      const index = ref ? columnIndex(ref) : cells.length;
      const type = c['@t'];
      const raw = textOf(c.v);
      let value: SheetCell;
      if (type === 's') value = shared[Number(raw)] ?? '';
      else if (type === 'inlineStr') value = textOf((c.is as Record<string, unknown> | undefined) ?? '');
      else if (type === 'str' || type === 'e') value = raw;
      else if (type === 'b') value = raw === '1' ? 1 : 0;
      else value = raw === '' ? '' : Number.isFinite(Number(raw)) ? Number(raw) : raw;
      while (cells.length < index) cells.push('');
      cells[index] = value;
    }
    // Rows keep their line in the file, so errors point where the user looks.
    while (out.length < at - 1) out.push([]);
    out[at - 1] = cells;
  }
  return out;
}

/** Text of a CSV: UTF-8 (with or without its byte-order mark), else GB 18030, which Excel in Chinese writes. */
function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

function readCsv(bytes: Uint8Array): SheetCell[][] {
  try {
    return parseCsv(decodeText(bytes), { bom: true, relax_column_count: true, relax_quotes: true }) as string[][];
  } catch {
    throw badRequest(importText('unreadable'));
  }
}

const isZip = (b: Uint8Array) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** The first sheet of an xlsx or CSV file (told by its content, the name's extension agreeing). */
export function readSheet(fileName: string, bytes: Uint8Array): Sheet {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext !== 'xlsx' && ext !== 'csv') throw badRequest(importText('format'));
  if (ext === 'xlsx' && !isZip(bytes)) throw badRequest(importText('unreadable'));
  const lines = ext === 'xlsx' ? readXlsx(bytes) : readCsv(bytes);
  const blank = (cells: SheetCell[]) => cells.every((c) => String(c).trim() === '');
  const headerAt = lines.findIndex((cells) => !blank(cells));
  if (headerAt < 0) throw badRequest(importText('empty'));
  const rows = lines.slice(headerAt + 1).map((cells, i) => ({ line: headerAt + i + 2, cells })).filter((r) => !blank(r.cells));
  if (rows.length === 0) throw badRequest(importText('empty'));
  if (rows.length > IMPORT_MAX_ROWS) throw badRequest(importText('tooMany', { max: IMPORT_MAX_ROWS }));
  return { header: lines[headerAt]!.map((c) => String(c).trim()), rows };
}
