import type { FieldDef } from './fields.ts';
import type { AnyEntity } from './define-entity.ts';
import { formatDateTime } from '../wire/time.ts';

/**
 * Varies the trailing digits of an example, so samples of a unique patterned field differ: the
 * number grows without bound where the field's format (`fits`) allows a longer one, else it
 * wraps within its width (a VIN keeps its 17 characters).
 */
export function varyExample(example: string, n: number, fits: (candidate: string) => boolean = () => false): string {
  const m = /(\d+)$/.exec(example);
  if (!m) return example;
  const width = m[1]!.length;
  const head = example.slice(0, example.length - width);
  const wide = head + String(Number(m[1]) + n).padStart(width, '0');
  if (fits(wide)) return wide;
  return head + String((Number(m[1]) + n) % 10 ** width).padStart(width, '0');
}

/** Whether a text value keeps a field's length and pattern. */
const fitsField = (def: FieldDef) => (candidate: string) =>
  candidate.length <= (def.max ?? 255) && (!def.pattern || def.pattern.regex.test(candidate));

export interface SampleContext {
  /** A valid key of a dictionary. */
  dictKey(code: string): string;
  /** The id of a live row of the referenced entity. */
  refId(entity: string): string;
}

/**
 * A valid submitted value for a field: the example when there is one, else one built from the
 * field's kind and limits. `n` distinguishes samples (unique fields).
 */
export function sampleValue(name: string, def: FieldDef, n: number, ctx: SampleContext): unknown {
  // Only unique fields need distinct samples; varying others could break their pattern (08:00 → 08:74).
  if (def.example !== undefined) return typeof def.example === 'string' && def.unique ? varyExample(def.example, n, fitsField(def)) : def.example;
  if (def.pattern) throw new Error(`field ${name} has a pattern but no example`);
  if (def.dict) {
    const key = ctx.dictKey(def.dict);
    return def.kind === 'int' ? Number(key) : key;
  }
  const lo = def.min ?? 0;
  const hi = def.max ?? 1000;
  switch (def.kind) {
    case 'text': {
      const max = def.max ?? 255;
      return `${name}-${n}`.slice(0, max).padEnd(def.min ?? 0, 'x');
    }
    case 'int':
      return Math.min(hi, Math.max(lo, 1 + (n % 50)));
    case 'bigint':
      return String(1000 + n);
    case 'decimal':
      return Math.min(hi, Math.max(lo, 1.5 + (n % 10)));
    case 'bool':
      return 1;
    case 'datetime':
      return formatDateTime(Date.UTC(2025, 0, 1 + (n % 28), 8, 0, 0));
    case 'date':
      return `2025-01-${String(1 + (n % 28)).padStart(2, '0')}`;
    case 'ref':
      return ctx.refId(def.ref!.entity);
    case 'json':
      return { sample: n };
  }
}

/** A full valid submit body for an entity (every field that can be submitted). */
export function sampleRecord(entity: AnyEntity, n: number, ctx: SampleContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(entity.fields) as [string, FieldDef][]) {
    if (def.readOnly) continue;
    if (def.kind === 'ref' && def.ref?.entity === entity.name) continue; // parent of itself: leave at the root
    out[name] = sampleValue(name, def, n, ctx);
  }
  return out;
}
