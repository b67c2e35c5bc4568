import type { HttpClient, QueryParams } from '../api/http';
import { formatTime } from '../util/error-log';

/** Saves a blob under a file name (an object URL clicked through a temporary link). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start the download after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function fileStamp(now = new Date()): string {
  return formatTime(now).replace(/\D/g, '');
}

const cell = (v: unknown) => {
  const text = v === null || v === undefined ? '' : String(v);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** CSV with a BOM: Excel opens UTF-8 Chinese text correctly only with it. */
export function toCsv(headers: string[], rows: unknown[][]): string {
  return '\uFEFF' + [headers, ...rows].map((r) => r.map(cell).join(',')).join('\r\n');
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
