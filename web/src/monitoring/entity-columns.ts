import type { ReactNode } from 'react';
import type { Language } from '../i18n/i18n';
import type { Row } from './wire-parse';

/** A record column: header text, and an optional cell renderer and export value. */
export interface RecordColumn {
  field: string;
  header: string;
  body?: (row: Row) => ReactNode;
  text?: (row: Row) => string;
}

type Labelled = { fields: Record<string, { label: { zh: string; en: string } }> };

/** Headers come from the contracts' entity labels, so list, form and export all say the same. */
export function entityColumns(entity: Labelled, fields: string[], language: Language): RecordColumn[] {
  return fields.map((field) => ({ field, header: entity.fields[field]?.label[language] ?? field }));
}

export function cellText(column: RecordColumn, row: Row): string {
  if (column.text) return column.text(row);
  const v = row[column.field];
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? '1' : '0';
  return String(v);
}
