import type { Context } from 'hono';
import { toCsv } from '@wdiov/contracts/wire/csv';

/**
 * A CSV download as the console's blob calls expect: the product's one CSV writer (a BOM so
 * spreadsheet programs read the Chinese headers, formulas defused), `Content-Disposition:
 * attachment` with the file name in RFC 5987 form beside an ASCII fallback.
 */
export function csvDownload(c: Context, fileName: string, header: string[], rows: unknown[][]) {
  const ascii = fileName.replace(/[^\w.-]+/g, '_');
  return c.body(toCsv(header, rows), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    'Cache-Control': 'no-store',
  });
}

/** `yyyyMMddHHmmss` of a formatted time, for file names. */
export const compactTime = (formatted: string) => formatted.replace(/\D/g, '');
