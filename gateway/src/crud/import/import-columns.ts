import type { AnyEntity, FieldDef } from '@wdiov/contracts';
import { badRequest } from '../../lib/api-error.ts';
import { importText } from '../../lib/texts/import-text.ts';
import { requestLanguage } from '../../lib/request-language.ts';

/** A column of the file that fills a field of the entity. */
export interface ImportColumn {
  index: number;
  /** The header as the file wrote it (zh or en title). */
  title: string;
  field: string;
  def: FieldDef;
}

const normal = (title: string) => title.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The file's columns by the titles an export writes: a field's label in Chinese or in English
 * (any case). Columns of fields the server derives, and titles naming no field, are ignored, as
 * a submit ignores keys the entity does not take; a field named twice, a file naming none of
 * them and a required field without a column refuse the whole file.
 */
export function matchColumns(entity: AnyEntity, header: string[]): { columns: ImportColumn[]; ignored: string[] } {
  const language = requestLanguage();
  const byTitle = new Map<string, [string, FieldDef]>();
  for (const [name, def] of Object.entries(entity.fields) as [string, FieldDef][]) {
    if (def.readOnly) continue;
    byTitle.set(normal(def.label.zh), [name, def]);
    byTitle.set(normal(def.label.en), [name, def]);
  }
  const columns: ImportColumn[] = [];
  const ignored: string[] = [];
  header.forEach((title, index) => {
    if (title === '') return;
    const hit = byTitle.get(normal(title));
    if (!hit) return void ignored.push(title);
    if (columns.some((c) => c.field === hit[0])) throw badRequest(importText('twiceColumn', { column: title }));
    columns.push({ index, title, field: hit[0], def: hit[1] });
  });
  if (columns.length === 0) throw badRequest(importText('noColumns', { title: entity.title[language] }));
  for (const [name, def] of Object.entries(entity.fields) as [string, FieldDef][]) {
    if (!def.required || def.readOnly || def.default !== undefined || columns.some((c) => c.field === name)) continue;
    throw badRequest(importText('requiredColumn', { column: def.label[language] }));
  }
  return { columns, ignored };
}
