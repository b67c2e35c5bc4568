import { describe, expect, it } from 'vitest';
import { entities, entityList, sampleRecord, validationMessage, type FieldDef } from '../src/index.ts';
import { defaultOf } from '../src/entity/submit-schema.ts';

// Dictionary membership and references are checked by the gateway, not by the schema.
const ctx = { dictKey: () => '1', refId: () => '1123598813738675201' };

describe('defaults of the specification', () => {
  const withDefaults = entityList.flatMap((e) =>
    (Object.entries(e.fields) as [string, FieldDef][])
      .filter(([, def]) => def.default !== undefined && !def.readOnly)
      .map(([name, def]) => [`${e.name}.${name}`, e, name, def] as const),
  );

  it('are given for the fields the specification names', () => {
    expect(entities.dict.fields.isSealed.default).toBe(0);
    expect(entities.dictBiz.fields.isSealed.default).toBe(0);
    expect(entities.menu.fields.isOpen.default).toBe(1);
    expect(entities.tenant.fields.accountNumber.default).toBe(-1);
    expect(withDefaults.length).toBeGreaterThan(40);
  });

  it.each(withDefaults)('%s may be omitted, null or empty on add and gets its default', (_n, entity, name, def) => {
    const { [name]: _gone, ...rest } = sampleRecord(entity, 1, ctx);
    const blanks: unknown[] = [undefined, null, ...(def.kind === 'text' ? [] : [''])];
    for (const blank of blanks) {
      const body = blank === undefined ? rest : { ...rest, [name]: blank };
      const r = entity.submitSchema.add.safeParse(body);
      expect(r.success, r.success ? '' : validationMessage(r.error)).toBe(true);
      if (r.success) expect(r.data[name]).toEqual(defaultOf(def));
    }
  });

  it('are not applied to an update, which changes only what it sends', () => {
    const r = entities.dict.submitSchema.update.safeParse({ dictValue: '性别' });
    expect(r.success && r.data).toEqual({ dictValue: '性别' });
  });

  it('let a dictionary be saved without isSealed and sort (spec §3)', () => {
    const r = entities.dict.submitSchema.add.safeParse({ code: 'sex', dictValue: '性别', isSealedName: '否', parentName: '顶级' });
    expect(r.success && r.data).toMatchObject({ code: 'sex', dictValue: '性别', isSealed: 0, sort: 1, parentId: '0', dictKey: '-1' });
  });

  it('still refuse a wrong value where a default exists', () => {
    const r = entities.dict.submitSchema.add.safeParse({ code: 'sex', dictValue: '性别', isSealed: 'sealed' });
    expect(r.success).toBe(false);
    if (!r.success) expect(validationMessage(r.error)).toMatch(/\[isSealed\]/);
  });
});

describe('dates on the BladeX wire', () => {
  const user = entities.user.submitSchema.update;
  it('a date field takes the date and the date-time pattern, storing the date', () => {
    expect(user.parse({ birthday: '1990-01-02' })).toEqual({ birthday: '1990-01-02' });
    expect(user.parse({ birthday: '1990-01-02 00:00:00' })).toEqual({ birthday: '1990-01-02' });
  });

  it('a date-time field takes both too', () => {
    const notice = entities.notice.submitSchema.update;
    expect(notice.parse({ releaseTime: '2025-03-04' })).toEqual({ releaseTime: '2025-03-04' });
    expect(notice.parse({ releaseTime: '2025-03-04 08:30:00' })).toEqual({ releaseTime: '2025-03-04 08:30:00' });
  });

  it('impossible or malformed dates are refused', () => {
    for (const birthday of ['1990-02-30', '1990-01-02 25:00:00', '02/01/1990', '1990-01-02x']) {
      const r = user.safeParse({ birthday });
      expect(r.success, birthday).toBe(false);
      if (!r.success) expect(validationMessage(r.error)).toMatch(/\[birthday\]/);
    }
  });
});

describe('the specification’s name of a field', () => {
  const tenant = entities.tenant.submitSchema;
  it('tenant domain is taken for domainUrl', () => {
    expect(tenant.add.parse({ tenantName: '华南车队', domain: 'fleet.example.com' })).toMatchObject({ domainUrl: 'fleet.example.com' });
    expect(tenant.update.parse({ domainUrl: 'a.example.com' })).toEqual({ domainUrl: 'a.example.com' });
    // Edited under the specification's name beside the table's stale one: the edit wins.
    expect(tenant.update.parse({ domainUrl: 'old.example.com', domain: 'new.example.com' })).toEqual({ domainUrl: 'new.example.com' });
  });

  it('is checked like the field', () => {
    const r = tenant.update.safeParse({ domain: 'x'.repeat(300) });
    expect(r.success).toBe(false);
    if (!r.success) expect(validationMessage(r.error)).toMatch(/\[domainUrl\]/);
  });
});
