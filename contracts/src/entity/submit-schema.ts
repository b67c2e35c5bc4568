import { z } from 'zod';
import type { FieldDef } from './fields.ts';
import { parseDateTime } from '../wire/time.ts';
import { ID_PATTERN } from '../wire/ids.ts';
import { validationText, type Language, type ValidationCode } from './validation-text.ts';

/** Default maximum text length: a varchar(255); multiline fields allow 2000 (BladeX notice content). */
export const TEXT_MAX = 255;
export const MULTILINE_MAX = 2000;
export const JSON_MAX_CHARS = 200_000;

const INT_TEXT = /^-?\d{1,15}$/;
const DECIMAL_TEXT = /^-?\d{1,15}(\.\d{1,10})?$/;
const DATE_FIRST = /^\d{4}-\d{2}-\d{2}(?:[ T]|$)/;

/** A field's messages in a language: `say('tooLong', 255)`. */
const speaker = (def: FieldDef, language: Language) => (code: ValidationCode, limit?: number) =>
  validationText(code, { label: def.label[language], limit }, language);

/** The message of a missing required value; a definition's own wording is Chinese, so it is the Chinese one. */
export function requiredMessage(def: FieldDef, language: Language = 'zh'): string {
  return typeof def.required === 'string' && language === 'zh' ? def.required : speaker(def, language)('required');
}

function textSchema(def: FieldDef, language: Language): z.ZodType<string> {
  const say = speaker(def, language);
  const max = def.max ?? (def.multiline ? MULTILINE_MAX : TEXT_MAX);
  // Checks on the string itself (trim is one), not behind a transform: the JSON schema of the wire shows them.
  let s = z.string({ error: say('notText') }).trim().max(max, { error: say('tooLong', max) });
  if (def.min) s = s.min(def.min, { error: say('tooShort', def.min) });
  if (def.pattern) {
    const { regex, message } = def.pattern;
    // An empty optional value is allowed through; the pattern applies to what was entered.
    s = s.refine((v) => v === '' || regex.test(v), { error: language === 'zh' ? message : validationText('pattern', { label: def.label[language], example: typeof def.example === 'string' ? def.example : undefined }, language) }).meta({ pattern: regex.source });
  }
  return s;
}

function numberSchema(def: FieldDef, integer: boolean, language: Language) {
  const say = speaker(def, language);
  const notKind = say(integer ? 'notInteger' : 'notNumber');
  let n = integer ? z.number().int({ error: say('notInteger') }) : z.number();
  n = n.refine(Number.isFinite, { error: notKind });
  if (def.min !== undefined) n = n.min(def.min, { error: say('tooSmall', def.min) });
  if (def.max !== undefined) n = n.max(def.max, { error: say('tooLarge', def.max) });
  const text = z
    .string()
    .trim()
    .regex(integer ? INT_TEXT : DECIMAL_TEXT, { error: notKind })
    .transform(Number);
  // The bounds apply after text is read as a number: said on the wire's schema as metadata.
  const bounds = { ...(def.min !== undefined ? { minimum: def.min } : {}), ...(def.max !== undefined ? { maximum: def.max } : {}) };
  return z.union([z.number({ error: notKind }), text], { error: notKind }).meta(bounds).pipe(n);
}

function refSchema(def: FieldDef, language: Language) {
  const say = speaker(def, language);
  const one = z
    .union([z.string(), z.number().int().nonnegative()], { error: say('notId') })
    .transform((v) => String(v).trim())
    .refine((v) => v === '0' || ID_PATTERN.test(v), { error: say('badId') });
  if (!def.ref?.multiple) return one;
  // Multi-valued references travel and are stored comma-joined, as BladeX does (role_id, dept_id).
  return z
    .union([z.string(), z.array(z.union([z.string(), z.number()]))], { error: say('notIdList') })
    .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .refine((ids) => ids.every((id) => ID_PATTERN.test(id)), { error: say('badIdInList') })
    .transform((ids) => ids.join(','));
}

/** A field's value on the wire, with its messages in `language` (Chinese by default). */
export function fieldSchema(def: FieldDef, language: Language = 'zh'): z.ZodType<unknown> {
  const say = speaker(def, language);
  switch (def.kind) {
    case 'text':
      return textSchema(def, language);
    case 'int':
      return numberSchema(def, true, language);
    case 'decimal':
      return numberSchema(def, false, language);
    case 'bigint':
      return z
        .union([z.string(), z.number().int()], { error: say('notInteger') })
        .transform((v) => String(v).trim())
        .refine((v) => /^-?\d{1,19}$/.test(v), { error: say('notInteger') });
    case 'bool':
      return z
        .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: say('notFlag') })
        .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0));
    case 'datetime':
      return z
        .string({ error: say('notDateTimeText') })
        .trim()
        .refine((v) => parseDateTime(v) !== null, { error: say('dateTimeFormat') })
        .meta({ examples: ['2025-01-01 08:00:00'] });
    case 'date':
      // BladeX forms send dates in the wire's date-time pattern too (birthday 1990-01-02 00:00:00).
      return z
        .string({ error: say('notDateText') })
        .trim()
        .refine((v) => DATE_FIRST.test(v) && parseDateTime(v) !== null, { error: say('dateFormat') })
        .meta({ format: 'date' })
        .transform((v) => v.slice(0, 10));
    case 'ref':
      return refSchema(def, language);
    case 'json':
      return z.unknown().refine((v) => v !== undefined && JSON.stringify(v).length <= JSON_MAX_CHARS, { error: say('tooBig') });
  }
}

/** Field names a form may send back that the server derives: they are dropped, not refused. */
export function derivedKeys(fields: Record<string, FieldDef>, systemFields: readonly string[]): Set<string> {
  const keys = new Set<string>([...systemFields, 'children', 'hasChildren', 'parentName', 'tenantName']);
  keys.delete('id');
  for (const [name, def] of Object.entries(fields)) {
    if (def.ref || def.dict) keys.add(labelKeyOf(name));
    if (def.readOnly) keys.add(name);
  }
  // A real field is never dropped, even when its name looks derived (tenant.tenantName).
  for (const [name, def] of Object.entries(fields)) if (!def.readOnly) keys.delete(name);
  return keys;
}

/** Key under which a reference's or dictionary value's label is answered: deptId → deptName, sex → sexName. */
export function labelKeyOf(field: string): string {
  return field.endsWith('Id') && field.length > 2 ? field.slice(0, -2) + 'Name' : field + 'Name';
}

/**
 * Key under which a vehicle reference's plate is answered beside its VIN (vehicleId → vehiclePlate):
 * users know a vehicle by its plate, the platform by its VIN, and lists show both.
 */
export function plateKeyOf(field: string): string {
  return (field.endsWith('Id') && field.length > 2 ? field.slice(0, -2) : field) + 'Plate';
}

export interface SubmitSchemas {
  /** Validates an add (required fields enforced, defaults applied to absent fields). */
  add: z.ZodType<Record<string, unknown>>;
  /** Validates an update (only the fields sent are changed). */
  update: z.ZodType<Record<string, unknown>>;
  derived: Set<string>;
}

/** A field's default as stored (flags as 0/1). */
export function defaultOf(def: FieldDef): unknown {
  return def.kind === 'bool' ? (def.default ? 1 : 0) : def.default;
}

/** BladeX reads an empty string as no value for anything but text (Avue sends '' for a cleared number, date or choice). */
const isBlank = (def: FieldDef, v: unknown) => v === undefined || v === null || (v === '' && def.kind !== 'text');

/** A cleared optional number, date or choice is null; a required one stays '' to be refused as missing. */
const emptyAsNull = (def: FieldDef) => (v: unknown) => (v === '' && def.kind !== 'text' && !def.required ? null : v);

/** The add and update schemas of an entity's fields, with messages in `language` (Chinese by default). */
export function buildSubmitSchema(fields: Record<string, FieldDef>, systemFields: readonly string[], language: Language = 'zh'): SubmitSchemas {
  const addShape: Record<string, z.ZodType<unknown>> = {};
  const updateShape: Record<string, z.ZodType<unknown>> = {};
  for (const [name, def] of Object.entries(fields)) {
    if (def.readOnly) continue;
    const base = fieldSchema(def, language);
    const required = def.required
      ? base.refine((v) => v !== '' && v !== null, { error: requiredMessage(def, language) })
      : base;
    // null clears an optional field; a required one may never be null or empty.
    const add = def.required
      ? z.unknown().refine((v) => v !== undefined && v !== null && v !== '', { error: requiredMessage(def, language) }).pipe(required)
      : base.nullable().optional();
    addShape[name] = z.preprocess(emptyAsNull(def), add);
    updateShape[name] = z.preprocess(emptyAsNull(def), def.required ? required.optional() : base.nullable().optional());
  }
  const derived = derivedKeys(fields, systemFields);
  const aliases = Object.entries(fields).filter(([, def]) => def.alias).map(([name, def]) => [def.alias!, name] as const);
  /**
   * Keys the entity does not take are ignored, never written, as a BladeX back end does: display
   * keys of Avue forms (statusName, parentName, `$`-prefixed ones), columns the server fills
   * (tenant, audit), anything else. A field's other name (the specification's) stands for it.
   */
  const withDefaults = Object.entries(fields).filter(([, def]) => def.default !== undefined && !def.readOnly);
  const accepted = (forAdd: boolean) => (body: unknown) => {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      if (!derived.has(k) && Object.hasOwn(fields, k)) out[k] = v;
    }
    for (const [alias, name] of aliases) {
      const v = (body as Record<string, unknown>)[alias];
      // A console speaking the specification edits the field under its name; the table's name beside it is stale.
      if (v !== undefined) out[name] = v;
    }
    // An add leaving out a field with a default gets it, as the column default would in BladeX.
    if (forAdd) for (const [name, def] of withDefaults) if (isBlank(def, out[name])) out[name] = defaultOf(def);
    return out;
  };
  const obj = (shape: Record<string, z.ZodType<unknown>>, forAdd: boolean) =>
    z.preprocess(accepted(forAdd), z.object(shape, { error: validationText('notObject', { label: '' }, language) })) as unknown as z.ZodType<
      Record<string, unknown>
    >;
  return { add: obj(addShape, true), update: obj(updateShape, false), derived };
}
