import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import type { FieldDef, Label } from '@wdiov/contracts/entity/fields';
import { getLanguage } from '../i18n/i18n';

export type FieldEntry = [name: string, def: FieldDef];
export type FormMode = 'add' | 'edit' | 'view';

/** Entity and field labels come from the definitions, in the console's language. */
export const labelText = (label: Label): string => label[getLanguage()] ?? label.zh;

export const fieldsOf = (entity: AnyEntity): FieldEntry[] => Object.entries(entity.fields as Record<string, FieldDef>);

/** List columns: `list` defaults to true unless the field is write-only. */
export function listFields(entity: AnyEntity, only?: readonly string[]): FieldEntry[] {
  const all = fieldsOf(entity);
  if (only) return only.flatMap((name) => all.filter(([n]) => n === name));
  return all.filter(([, d]) => (d.list ?? !d.writeOnly) && !d.writeOnly);
}

export const searchFields = (entity: AnyEntity): FieldEntry[] => fieldsOf(entity).filter(([, d]) => d.search);

/** Add/edit show what may be submitted; view shows everything answered (read-only fields too). */
export function formFields(entity: AnyEntity, mode: FormMode): FieldEntry[] {
  return fieldsOf(entity).filter(([, d]) =>
    mode === 'view' ? !d.writeOnly : d.form !== false && !d.readOnly,
  );
}

export const hasCreateTime = (entity: AnyEntity): boolean => entity.columns.has('createTime');

export const isSortable = (entity: AnyEntity, name: string): boolean => entity.queryable.has(name);

/** A form value that counts as not entered. */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * The same entity with some fields changed or left out: screens that show a definition
 * differently (dictionary parents without parentId, children with a required key).
 */
export function patchEntity(entity: AnyEntity, patch: Record<string, Partial<FieldDef> | null>): AnyEntity {
  const fields: Record<string, FieldDef> = {};
  for (const [name, def] of fieldsOf(entity)) {
    if (patch[name] === null) continue;
    fields[name] = { ...def, ...(patch[name] ?? {}) };
  }
  return { ...entity, fields };
}
