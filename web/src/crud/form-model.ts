import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import type { FieldDef } from '@wdiov/contracts/entity/fields';
import { fieldSchema } from '@wdiov/contracts/entity/submit-schema';
import { getLanguage, t } from '../i18n/i18n';
import { hashPassword } from '../util/password-hash';
import type { Row } from './crud-api';
import { formFields, isBlank, labelText, type FormMode } from './field-defs';
import { crossFieldMessage } from './form-checks';

export type FormValues = Record<string, unknown>;
export type FormErrors = Record<string, string>;

type Wire = { ok: true; value: unknown } | { ok: false; message: string };

const splitIds = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(String) : isBlank(v) ? [] : String(v).split(',').filter((s) => s && s !== '0');

/** A record's value as its control holds it (arrays for multiple references, text for JSON …). */
function controlValue(def: FieldDef, value: unknown): unknown {
  if (def.writeOnly) return ''; // secrets are never pre-filled
  if (def.kind === 'ref' && def.ref?.multiple) return splitIds(value);
  if (def.kind === 'bool') return value === true || value === 1 || value === '1';
  if (def.kind === 'json') return isBlank(value) ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  const numeric = def.kind === 'int' || def.kind === 'decimal';
  if (value === null || value === undefined || value === '') return numeric ? null : '';
  if (def.kind === 'ref') return String(value);
  // Numbers may arrive as text (decimals, bigints): the number input and numeric selects need numbers.
  if (numeric) return Number.isFinite(Number(value)) ? Number(value) : null;
  return value;
}

/** Starting values: the definition's defaults on add, the record otherwise. */
export function initialValues(entity: AnyEntity, mode: FormMode, record: Row = {}, defaults: FormValues = {}): FormValues {
  const out: FormValues = {};
  for (const [name, def] of formFields(entity, mode)) {
    const source = mode === 'add' ? (defaults[name] ?? def.default) : record[name];
    out[name] = controlValue(def, source);
  }
  return out;
}

/** The control's value as the submit schema takes it: trimmed, hashed, parsed, joined. */
export function toWire(def: FieldDef, value: unknown): Wire {
  // A sign-in password goes as its digest; every other secret (a signing key) as typed, or it would not sign.
  if (def.digest === 'md5') return { ok: true, value: hashPassword(String(value)) };
  if (def.writeOnly) return { ok: true, value: String(value) };
  switch (def.kind) {
    case 'ref':
      return { ok: true, value: def.ref?.multiple ? splitIds(value).join(',') : String(value).trim() };
    case 'bool':
      return { ok: true, value: value ? 1 : 0 };
    case 'json':
      try {
        return { ok: true, value: JSON.parse(String(value)) as unknown };
      } catch {
        return { ok: false, message: t('crudJsonInvalid', { label: labelText(def.label) }) };
      }
    default:
      return { ok: true, value: typeof value === 'string' ? value.trim() : value };
  }
}

export function requiredText(def: FieldDef): string {
  // A definition's own wording is Chinese: the English console says it with the field's label.
  if (typeof def.required === 'string' && getLanguage() === 'zh') return def.required;
  const choose = def.kind === 'ref' || def.dict || def.kind === 'date' || def.kind === 'datetime';
  return t(choose ? 'crudChooseRequired' : 'crudRequired', { label: labelText(def.label) });
}

/** Where a field sits, for the checks against the other fields of its form (a fence's geometry against its type). */
export interface FieldContext {
  entity: string;
  name: string;
  values: FormValues;
}

/**
 * A field's message, or null: required first, then the contracts' field schema, then the checks
 * against the other fields when the context is given (spec §5 on blur).
 */
export function validateField(def: FieldDef, value: unknown, mode: FormMode, context?: FieldContext): string | null {
  if (isBlank(value)) {
    // A blank secret on edit keeps the stored one.
    const required = Boolean(def.required) && !(def.writeOnly && mode === 'edit');
    return required ? requiredText(def) : null;
  }
  const wire = toWire(def, value);
  if (!wire.ok) return wire.message;
  const parsed = fieldSchema(def, getLanguage()).safeParse(wire.value);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? t('commonUnknownError');
  return context ? crossFieldMessage(context.entity, context.name, wire.value, context.values) : null;
}

export function validateForm(entity: AnyEntity, mode: FormMode, values: FormValues): FormErrors {
  const errors: FormErrors = {};
  for (const [name, def] of formFields(entity, mode)) {
    const message = validateField(def, values[name], mode, { entity: entity.name, name, values });
    if (message) errors[name] = message;
  }
  return errors;
}

/**
 * The submit body: entered values on add; on edit every field, a cleared optional one as null,
 * and a blank secret left out so it stays unchanged.
 */
export function submitBody(entity: AnyEntity, mode: 'add' | 'edit', values: FormValues, id?: string): Row {
  const body: Row = mode === 'edit' && id ? { id } : {};
  for (const [name, def] of formFields(entity, mode)) {
    const value = values[name];
    if (isBlank(value)) {
      if (mode === 'edit' && !def.writeOnly) body[name] = null;
      continue;
    }
    const wire = toWire(def, value);
    if (wire.ok) body[name] = wire.value;
  }
  return body;
}
