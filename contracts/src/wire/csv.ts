/**
 * The one CSV writer of the product (the console's exports and the gateway's downloads):
 * RFC 4180 lines ending in CRLF, a UTF-8 byte-order mark first, and no cell a spreadsheet
 * would run as a formula.
 */

/** Excel opens a UTF-8 file as the local code page unless it starts with a byte-order mark. */
export const BOM = '\uFEFF';

/** A plain number written as text (`-12`, `-0.5`, `-1e3`): shown as a number, not a formula. */
const PLAIN_NUMBER = /^-(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * Text a spreadsheet would evaluate (starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return) gets a leading quote, so exported data never executes (CSV injection). A negative
 * number is left as it is: `-12` is data, while `-1+2` or `-A1` would be computed.
 */
export function defuseFormula(text: string): string {
  if (/^[=+@\t\r]/.test(text)) return `'${text}`;
  return text.startsWith('-') && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** One cell: nothing as empty, numbers as written (a non-finite one as empty), text defused and quoted when needed. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = typeof value === 'string' ? defuseFormula(value) : String(value);
  // Quotes keep separators, line breaks and edge spaces (which readers trim) inside the cell.
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The file: the BOM, the header line, then a line per row. */
export function toCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return BOM + [headers, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
