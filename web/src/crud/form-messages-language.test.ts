import { afterEach, describe, expect, it } from 'vitest';
import { entityList } from '@wdiov/contracts/entities/registry';
import type { FieldDef, FieldKind } from '@wdiov/contracts/entity/fields';
import { JSON_MAX_CHARS, MULTILINE_MAX, TEXT_MAX } from '@wdiov/contracts/entity/submit-schema';
import { setLanguage } from '../i18n/i18n';
import { formFields } from './field-defs';
import { validateField } from './form-model';

afterEach(() => setLanguage('zh'));

const CJK = /[\u3400-\u9fff]/;

/** A value the field's control may hold that its schema refuses, or undefined when none can be held (flags, secrets). */
function refused(def: FieldDef): unknown {
  if (def.writeOnly) return undefined;
  switch (def.kind) {
    case 'text':
      return 'x'.repeat((def.max ?? (def.multiline ? MULTILINE_MAX : TEXT_MAX)) + 1);
    case 'int':
      return 1.5;
    case 'decimal':
      return Number.NaN;
    case 'bigint':
      return 'many';
    case 'datetime':
    case 'date':
      return 'some day';
    case 'ref':
      return def.ref?.multiple ? ['one!'] : 'one!';
    case 'json':
      return JSON.stringify('x'.repeat(JSON_MAX_CHARS));
    case 'bool':
      return undefined;
  }
}

/** Every form field of every registered entity, with the value its schema refuses. */
const cases = entityList.flatMap((entity) =>
  formFields(entity, 'add').map(([name, def]) => ({ where: `${entity.name}.${name}`, def, bad: refused(def) })),
);

describe('field messages in the console language, over the whole registry', () => {
  it('covers every field kind', () => {
    const kinds = new Set<FieldKind>(['text', 'int', 'bigint', 'decimal', 'bool', 'datetime', 'date', 'ref', 'json']);
    expect(new Set(cases.map((c) => c.def.kind))).toEqual(kinds);
  });

  it('the English console says a refused or missing value in English, naming the field', () => {
    setLanguage('en');
    for (const { where, def, bad } of cases) {
      const required = validateField(def, '', 'add');
      if (def.required) expect(required, `${where} missing`).toMatch(/\w/);
      if (required) expect(required, `${where} missing`).not.toMatch(CJK);
      if (bad === undefined) continue;
      const message = validateField(def, bad, 'add');
      expect(message, `${where} refused`).toContain(def.label.en);
      expect(message, `${where} refused`).not.toMatch(CJK);
    }
  });

  it('the Chinese console says the same in Chinese', () => {
    setLanguage('zh');
    for (const { where, def, bad } of cases) {
      if (bad === undefined) continue;
      expect(validateField(def, bad, 'add'), `${where} refused`).toMatch(CJK);
    }
  });
});
