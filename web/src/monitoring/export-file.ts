import type { HttpClient, QueryParams } from '../api/http';
import { formatTime } from '../util/error-log';

import { downloadBlob } from '../crud/download';
import { toCsv as crudCsv } from '../crud/csv';
export { downloadBlob };

export function fileStamp(now = new Date()): string {
  return formatTime(now).replace(/\D/g, '');
}

/** The CRUD export's CSV (BOM, quoting, formula defusing), for any cell value. */
export function toCsv(headers: string[], rows: unknown[][]): string {
  return crudCsv(headers, rows.map((r) => r.map((v) => (typeof v === 'number' ? v : v === null || v === undefined ? '' : String(v)))));
}

export function downloadCsv(title: string, headers: string[], rows: unknown[][]): void {
  downloadBlob(new Blob([toCsv(headers, rows)], { type: 'text/csv;charset=utf-8' }), `${title}_${fileStamp()}.csv`);
}

/** The server's export (spec: GET with the non-empty params, answered as a blob). */
export async function serverExport(http: HttpClient, url: string, params: QueryParams, title: string, ext = 'xlsx'): Promise<void> {
  const answer: unknown = await http.exportBlob(url, params);
  // A JSON success answer is not a file; keep it rather than saving "[object Object]".
  const blob = answer instanceof Blob ? answer : new Blob([JSON.stringify(answer)], { type: 'application/json' });
  downloadBlob(blob, `${title}_${fileStamp()}.${ext}`);
}
