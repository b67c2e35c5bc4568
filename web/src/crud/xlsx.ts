/** The console's exports write xlsx with the product's one writer (contracts wire/xlsx.ts). */
export { columnName, escapeXml, sheetXml, toXlsx, XLSX_MIME } from '@wdiov/contracts/wire/xlsx';
