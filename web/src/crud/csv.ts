/** The console's exports write CSV with the product's one writer (contracts wire/csv.ts, tested there). */
export { BOM, csvCell, toCsv } from '@wdiov/contracts/wire/csv';

/** A cell of an export (CSV or xlsx). */
export type Cell = string | number;
