import type { zhDialogs } from './zh-dialogs';

/** English messages of the screens' own call dialogs. */
export const enDialogs: Record<keyof typeof zhDialogs, string> = {
  dialogLoadFailed: 'Could not load: {msg}',
  dialogRetry: 'Retry',
  ecuAssignTitle: 'ECUs · {model}',
  ecuAssignNone: 'No ECUs yet: add them under ECU first',
  ecuAssignHint: 'Check the ECUs fitted to this model; the number is the order diagnosis reads them in ({count} chosen)',
  dialogFixFields: 'Please correct the form as shown',
  tenantSettingHint: 'Set the account quota (-1 = unlimited) and expiry of the chosen tenants; blank ones stay as they are',
  tenantSettingEmpty: 'Enter an account quota or an expiry time',
  tenantPackageNone: 'No product package: once saved, the tenant’s menus are not limited',
  tenantPackageMenus: 'This package holds {count} menus',
  codeGenDownloadAll: 'Download all',
  codeGenDownload: 'Download',
  codeGenFile: 'File',
  codeGenWarnings: 'Notes',
  prototypeNone: 'This model has no fields yet: create its table or import one first',
  prototypeDuplicate: 'Property named twice: {name}',
  tableImportTitle: 'Import a table',
  tableImportTable: 'Table',
  tableImportPick: 'Choose the table to import',
  platformExt: 'Platform extension (JSON)',
  platformExtInvalid: 'The platform extension must be a JSON object',
  platformExtTooLong: 'The platform extension must be at most {limit} characters',
};
