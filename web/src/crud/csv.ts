export type Cell = string | number;

/** Excel opens a UTF-8 file as the local code page unless it starts with a byte-order mark. */
export const BOM = '\uFEFF';

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `@`, or `-` not starting a number)
 * is prefixed with a quote: exported data must not execute (CSV injection).
 */
function defuse(text: string): string {
  return /^[=+@\t\r]/.test(text) || /^-(?![\d.])/.test(text) ? `'${text}` : text;
}

export function csvCell(cell: Cell): string {
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = defuse(cell);
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 lines (CRLF), header first, with the BOM. */
export function toCsv(headers: string[], rows: Cell[][]): string {
  return BOM + [headers, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
