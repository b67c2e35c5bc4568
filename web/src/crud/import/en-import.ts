import type { zhImport } from './zh-import';

/** English texts of a list's spreadsheet import. */
export const enImport: Record<keyof typeof zhImport, string> = {
  crudImport: 'Import',
  crudImportTitle: 'Import {title}',
  crudImportHint: 'Upload an xlsx or csv file whose header uses the column titles of an export (Chinese or English); every row is checked before one write.',
  crudImportPick: 'Choose file',
  crudImportChecking: 'Checking {name} …',
  crudImportSummary: '{total} rows, {valid} ready to import, {errors} errors',
  crudImportIgnored: 'Columns not recognised are ignored: {columns}',
  crudImportErrorsMore: 'Only the first {shown} errors are shown',
  crudImportRow: 'Row',
  crudImportColumn: 'Column',
  crudImportMessage: 'Error',
  crudImportFixFirst: 'Fix the errors in the file, then choose it again',
  crudImportConfirm: 'Import',
  crudImportRunning: 'Importing {valid} rows …',
  crudImportDone: '{count} imported',
  crudImportClose: 'Close',
};
