import type { Context } from 'hono';

/** A string a spreadsheet would run as a formula gets a leading quote (CSV injection). */
const FORMULA = /^[=+\-@\t\r]/;

function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  let s = String(v);
  if (typeof v === 'string' && FORMULA.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/**
 * A CSV download as the console's blob calls expect: UTF-8 with a BOM (so spreadsheet
 * programs read the Chinese headers), `Content-Disposition: attachment` with the file name in
 * RFC 5987 form beside an ASCII fallback.
 */
export function csvDownload(c: Context, fileName: string, header: string[], rows: unknown[][]) {
  const ascii = fileName.replace(/[^\w.-]+/g, '_');
  return c.body(`\uFEFF${toCsv(header, rows)}`, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    'Cache-Control': 'no-store',
  });
}

/** `yyyyMMddHHmmss` of a formatted time, for file names. */
export const compactTime = (formatted: string) => formatted.replace(/\D/g, '');
