import { describe, expect, it } from 'vitest';
import { defineEntity, f, validationMessage, entityList, entities, labelKeyOf, type FieldDef } from '../src/index.ts';

const sample = defineEntity({
  name: 'sample',
  service: 'wdiov-test',
  path: 'sample',
  table: 'wdiov_sample',
  title: { zh: '样例', en: 'Sample' },
  tenant: true,
  audit: 'full',
  fields: {
    vin: f.text('车架号', 'VIN', { required: true, pattern: { regex: /^[A-HJ-NPR-Z0-9]{17}$/, message: '车架号为17位' } }),
    seats: f.int('座位', 'Seats', { min: 1, max: 80 }),
    deptId: f.ref('机构', 'Dept', 'dept', 'deptName'),
    roleId: f.ref('角色', 'Roles', 'role', 'roleName', { multiple: true }),
    status2: f.dict('状态', 'State', 'vehicle_status', { numeric: true }),
    enabled: f.bool('启用', 'Enabled'),
    bornAt: f.datetime('时间', 'Time'),
  },
});

const add = (body: unknown) => sample.submitSchema.add.safeParse(body);

describe('defineEntity', () => {
  it('derives columns, system fields and the base path', () => {
    expect(sample.basePath).toBe('/api/wdiov-test/sample');
    expect(sample.columns.get('bornAt')).toBe('born_at');
    expect(sample.columns.get('tenantId')).toBe('tenant_id');
    expect(sample.systemFields).toContain('createTime');
    expect(sample.queryable.has('status2')).toBe(true);
  });

  it('validates, trims and converts a submit', () => {
    const r = add({ vin: '  LSVAU2180N2183294 ', seats: '5', roleId: ['1', 2], enabled: true, bornAt: '2024-01-01 00:00:00' });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ vin: 'LSVAU2180N2183294', seats: 5, roleId: '1,2', enabled: 1 });
  });

  it('names the field in its messages', () => {
    const cases: [unknown, string][] = [
      [{}, '请输入车架号 [vin]'],
      [{ vin: '' }, '请输入车架号 [vin]'],
      [{ vin: 'short' }, '车架号为17位 [vin]'],
      [{ vin: 'LSVAU2180N2183294', seats: 'many' }, '座位必须是整数 [seats]'],
      [{ vin: 'LSVAU2180N2183294', seats: 100 }, '座位不能大于80 [seats]'],
      [{ vin: 'LSVAU2180N2183294', deptId: 'x;drop' }, '机构不是有效的ID [deptId]'],
      [{ vin: 'LSVAU2180N2183294', bornAt: 'tomorrow' }, '时间的格式应为 yyyy-MM-dd HH:mm:ss [bornAt]'],
      [{ vin: 'LSVAU2180N2183294', seats: [5], color: 'red' }, '座位必须是整数 [seats]'],
      [{ vin: 'x'.repeat(300) }, '车架号不能超过255个字符 [vin]'],
    ];
    for (const [body, msg] of cases) {
      const r = add(body);
      expect(r.success, JSON.stringify(body)).toBe(false);
      if (!r.success) expect(validationMessage(r.error)).toBe(msg);
    }
  });

  it('drops fields the server derives instead of refusing them', () => {
    const r = add({ vin: 'LSVAU2180N2183294', createTime: '2024-01-01 00:00:00', deptName: 'x', status2Name: 'y', children: [] });
    expect(r.success).toBe(true);
    expect(r.data).toEqual({ vin: 'LSVAU2180N2183294' });
  });

  it('ignores keys the entity does not take, as a BladeX back end does', () => {
    const r = add({ vin: 'LSVAU2180N2183294', color: 'red', $seats: '5', tenantId: '999999', createUser: '1', isDeleted: 1, status: 0 });
    expect(r.success).toBe(true);
    expect(r.data).toEqual({ vin: 'LSVAU2180N2183294' });
  });

  it('reads an empty string as no value for numbers, dates and choices', () => {
    const r = add({ vin: 'LSVAU2180N2183294', seats: '', bornAt: '', status2: '', deptId: '' });
    expect(r.success, r.success ? '' : validationMessage(r.error)).toBe(true);
    expect(r.data).toMatchObject({ seats: null, bornAt: null, status2: null });
  });

  it('lets an update send only what changes', () => {
    expect(sample.submitSchema.update.safeParse({ seats: 4 }).success).toBe(true);
    expect(sample.submitSchema.update.safeParse({ vin: '' }).success).toBe(false);
  });

  it('answers labels under <field>Name', () => {
    expect(labelKeyOf('deptId')).toBe('deptName');
    expect(labelKeyOf('sex')).toBe('sexName');
  });

  it('keeps the registry consistent', () => {
    const tables = new Set<string>();
    const paths = new Set<string>();
    for (const e of entityList) {
      expect(tables.has(e.table), e.table).toBe(false);
      expect(paths.has(e.basePath), e.basePath).toBe(false);
      tables.add(e.table);
      paths.add(e.basePath);
      for (const def of Object.values(e.fields) as FieldDef[]) {
        if (def.ref && def.ref.entity in entities) {
          const target = entities[def.ref.entity as keyof typeof entities];
          expect(target.columns.has(def.ref.label), `${e.name} → ${def.ref.entity}.${def.ref.label}`).toBe(true);
        }
      }
    }
  });
});
