import type { HttpClient, QueryParams } from '../api/http';
import { STAMP, formatLocal } from '../util/date-format';

import { downloadBlob } from '../crud/download';
import { toCsv } from '../crud/csv';
export { downloadBlob, toCsv };

export function fileStamp(now = new Date()): string {
  return formatLocal(now, STAMP);
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
