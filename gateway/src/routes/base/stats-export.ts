import type { Context } from 'hono';
import { toXlsx, XLSX_MIME, type Cell } from '@wdiov/contracts/wire/xlsx';
import type { Principal } from '../../crud/principal.ts';
import type { Repositories } from '../../crud/repositories.ts';
import { csvDownload } from './csv.ts';

/**
 * Statistics downloads: CSV through the product's one CSV writer, xlsx through its one xlsx
 * writer (contracts/wire), each written to the export records (exportRecord/list) of the caller.
 */
export function download(c: Context, fileName: string, format: 'csv' | 'xlsx', header: string[], rows: unknown[][]) {
  if (format === 'csv') return csvDownload(c, fileName, header, rows);
  const cells = rows.map((r) => r.map((v): Cell => (typeof v === 'number' ? v : v === null || v === undefined ? '' : String(v))));
  const ascii = fileName.replace(/[^\w.-]+/g, '_');
  return c.body(toXlsx(fileName.replace(/\.xlsx$/, ''), header, cells) as unknown as ArrayBuffer, 200, {
    'Content-Type': XLSX_MIME,
    'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    'Cache-Control': 'no-store',
  });
}

export interface ExportEntry { fileName: string; resource: string; format: string; rowCount: number }

export function exportRecords(repos: Repositories) {
  return {
    record: (principal: Principal, entry: ExportEntry) => repos.get('exportRecord').insert(principal, { ...entry, link: '' }),
  };
}
