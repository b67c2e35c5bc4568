import { describe, expect, it } from 'vitest';
import {
  entities,
  labelKeyOf,
  requiredMessage,
  sampleRecord,
  toSnake,
  validationMessage,
  type AnyEntity,
  type FieldDef,
} from '../src/index.ts';
import { businessEntities } from '../src/entities/business-registry.ts';
import { BUSINESS_DICTIONARIES } from '../src/entities/business-dictionaries.ts';

/**
 * Consistency of the business entity definitions, before the engine serves them: everything
 * the engine derives (tables, routes, labels, dictionaries, samples) must resolve.
 */

const business = Object.values(businessEntities) as unknown as AnyEntity[];
// The registry holds the business entities too; the system ones are the rest.
const system = (Object.values(entities) as unknown as AnyEntity[]).filter((e) => !(e.name in businessEntities));
const all = [...system, ...business];
const byName = new Map(all.map((e) => [e.name, e]));
const fieldsOf = (e: AnyEntity) => Object.entries(e.fields) as [string, FieldDef][];

/** Codes of contracts/src/entities/system-dictionaries.ts, as the seed writes them. */
const SYSTEM_DICTIONARY_CODES = [
  'sex', 'notice', 'menu_category', 'button_func', 'yes_no', 'is_sealed', 'status', 'org_category',
  'data_scope_type', 'api_scope_type', 'scope_category', 'oss', 'sms', 'post_category', 'region', 'user_type',
];
const dictionaries = new Map(BUSINESS_DICTIONARIES.map(([code, , items]) => [code, items]));

/** Spec §7 CRUD resources of this area, as `service/path`. */
const SPEC_PATHS = [
  ...['dispatch', 'route', 'vehicle', 'org', 'bill', 'driver', 'maintainRecord', 'maintainRule', 'repairRecord',
    'alarmConfig', 'trailerVehicle', 'account'].map((p) => `wdiov-vehteam/${p}`),
  ...['logisticsInsurance', 'logisticsDriver', 'logisticsEnterprise', 'logisticsRecord/transferRecord', 'storage',
    'storageArea', 'storageRecord', 'movementRecord', 'vehiclePm', 'operateRecord'].map((p) => `wdiov-pm/${p}`),
  ...['forwardPlatform', 'forwardPlatformVehicle', 'reportAutoSend', 'alarmHandleTeam', 'alarmHandleConfig',
    'canMessageFaultCode', 'udsDiagnoseFaultCode', 'ecuManage', 'instructRecord', 'electronicFence',
    'electronicFenceVehicle', 'motor', 'chargeFee', 'terminal', 'terminalChange', 'terminalModel', 'motorModel',
    'batteryModel', 'chargePile', 'chargeStation', 'battery', 'serviceStation', 'batteryPack', 'vehicle',
    'vehicleModel', 'distributor', 'salesRegion', 'vehicleRemark', 'bluetoothTerminal', 'witCockpitTerminal',
    'customer'].map((p) => `wdiov-base/${p}`),
];
/** Resources the spec names without a path of their own: the paths chosen for them. */
// forwardRecord: the spec's forwardRecord/page lists what the forwarder keeps per platform and vehicle.
const CHOSEN_PATHS = ['wdiov-base/forwardBlacklist', 'wdiov-base/forwardRecord', 'wdiov-base/vehicleModelEcu', 'wdiov-base/notifyChannel', 'wdiov-base/notifyRecord'];

const sampleCtx = {
  dictKey: (code: string) => dictionaries.get(code)?.[0]?.[0] ?? '1',
  refId: () => '1234567890123',
};
const sample = (e: AnyEntity, n = 1) => sampleRecord(e, n, sampleCtx);

describe('business entity registry', () => {
  it('has unique camelCase names, keyed by name, not clashing with system entities', () => {
    for (const [key, e] of Object.entries(businessEntities)) {
      expect(e.name, key).toBe(key);
      expect(e.name).toMatch(/^[a-z][A-Za-z0-9]*$/);
    }
    const names = all.map((e) => e.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('has unique tables named wdiov_<snake name> and unique routes across the whole registry', () => {
    for (const e of business) expect(e.table, e.name).toBe(`wdiov_${toSnake(e.name)}`);
    const tables = all.map((e) => e.table);
    expect(tables.filter((t, i) => tables.indexOf(t) !== i)).toEqual([]);
    const paths = all.map((e) => e.basePath);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it('covers every CRUD resource of spec §7, and nothing else', () => {
    const covered = business.map((e) => `${e.service}/${e.path}`).sort();
    expect(covered).toEqual([...SPEC_PATHS, ...CHOSEN_PATHS].sort());
  });

  it('keeps business data per tenant with full audit; motor and batteryPack remove by id', () => {
    for (const e of business) {
      expect(e.tenant, e.name).toBe(true);
      expect(e.audit, e.name).toBe('full');
      expect(e.title.zh && e.title.en, e.name).toBeTruthy();
      for (const [name, def] of fieldsOf(e)) expect(def.label.zh && def.label.en, `${e.name}.${name}`).toBeTruthy();
    }
    const byId = business.filter((e) => e.removeBy === 'id').map((e) => e.name).sort();
    expect(byId).toEqual(['batteryPack', 'motor']);
  });

  it('sorts by its own columns by default', () => {
    for (const e of business) {
      if (e.defaultSort) expect(e.fieldsByColumn.has(e.defaultSort.column), `${e.name} ${e.defaultSort.column}`).toBe(true);
    }
  });

  it('builds trees on a self-reference rooted at 0', () => {
    const trees = business.filter((e) => e.tree).map((e) => e.name).sort();
    expect(trees).toEqual(['org', 'salesRegion']);
    for (const e of business.filter((x) => x.tree)) {
      const parent = e.fields[e.tree!.parent] as FieldDef;
      expect(parent.ref?.entity, e.name).toBe(e.name);
      expect(parent.default, e.name).toBe('0');
      expect(e.fields[e.tree!.title], e.name).toBeDefined();
    }
  });
});

describe('business entity fields', () => {
  it('reference existing entities by an existing label field', () => {
    for (const e of business) {
      for (const [name, def] of fieldsOf(e)) {
        if (!def.ref) continue;
        const target = byName.get(def.ref.entity);
        expect(target, `${e.name}.${name} → ${def.ref.entity}`).toBeDefined();
        expect(target!.columns.has(def.ref.label), `${e.name}.${name} → ${def.ref.entity}.${def.ref.label}`).toBe(true);
      }
    }
  });

  it('have no reference cycles (samples create referenced rows first)', () => {
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (e: AnyEntity, trail: string[]): void => {
      if (state.get(e.name) === 'done') return;
      expect(state.get(e.name), `cycle: ${[...trail, e.name].join(' → ')}`).not.toBe('visiting');
      state.set(e.name, 'visiting');
      for (const [, def] of fieldsOf(e)) {
        if (def.ref && def.ref.entity !== e.name) visit(byName.get(def.ref.entity)!, [...trail, e.name]);
      }
      state.set(e.name, 'done');
    };
    for (const e of business) visit(e, []);
  });

  it('never answer a label under the name of a real field', () => {
    for (const e of business) {
      for (const [name, def] of fieldsOf(e)) {
        if (def.ref || def.dict) expect(e.fields[labelKeyOf(name)], `${e.name}.${name} → ${labelKeyOf(name)}`).toBeUndefined();
      }
    }
  });

  it('make unique only required fields (an empty optional value would collide in the unique index)', () => {
    for (const e of business) {
      for (const [name, def] of fieldsOf(e)) if (def.unique) expect(def.required, `${e.name}.${name}`).toBeTruthy();
    }
  });

  it('fit Postgres identifiers (63 characters) in their index names', () => {
    for (const e of business) {
      const names = [`${e.table}_tenant_id_idx`, `${e.table}_create_time_idx`];
      for (const [name] of fieldsOf(e)) names.push(`${e.table}_${toSnake(name)}_idx`, `${e.table}_${toSnake(name)}_uq`);
      for (const n of names) expect(n.length, n).toBeLessThanOrEqual(63);
    }
  });
});

describe('business dictionaries', () => {
  it('are unique, non-empty, with unique keys, and never reuse a system code', () => {
    const codes = BUSINESS_DICTIONARIES.map(([code]) => code);
    expect(codes.filter((c, i) => codes.indexOf(c) !== i)).toEqual([]);
    for (const [code, name, items] of BUSINESS_DICTIONARIES) {
      expect(SYSTEM_DICTIONARY_CODES, code).not.toContain(code);
      expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(name).toBeTruthy();
      expect(items.length, code).toBeGreaterThan(0);
      const keys = items.map(([k]) => k);
      expect(new Set(keys).size, code).toBe(keys.length);
      for (const [, value] of items) expect(value, code).toBeTruthy();
    }
  });

  it('define every code a business field uses, with keys of the field kind', () => {
    const used = new Set<string>();
    for (const e of business) {
      for (const [name, def] of fieldsOf(e)) {
        if (!def.dict) continue;
        used.add(def.dict);
        if (SYSTEM_DICTIONARY_CODES.includes(def.dict)) continue;
        const items = dictionaries.get(def.dict);
        expect(items, `${e.name}.${name}: ${def.dict}`).toBeDefined();
        for (const [key] of items!) {
          if (def.kind === 'int') expect(key, `${def.dict} key of int field ${e.name}.${name}`).toMatch(/^-?\d+$/);
          else expect(key.length, `${def.dict}.${key}`).toBeLessThanOrEqual(def.max ?? 255);
        }
      }
    }
    const unused = BUSINESS_DICTIONARIES.map(([code]) => code).filter((c) => !used.has(c));
    expect(unused).toEqual([]);
  });

  it('name alarm types as the alarm engine does: gb:<flag> and platform:<rule>', () => {
    const keys = dictionaries.get('alarm_type')!.map(([k]) => k);
    for (const k of ['gb:socLow', 'gb:insulation', 'gb:ressThermalEvent', 'platform:overspeed', 'platform:lowSoc',
      'platform:cellSpread', 'platform:overTemperature']) expect(keys).toContain(k);
    for (const k of keys) expect(k).toMatch(/^(gb|platform):[A-Za-z]+$/);
  });

  it('names alarm thresholds as the alarm engine reads them', () => {
    const fields = Object.keys(businessEntities.alarmConfig.fields);
    for (const k of ['overspeedKmh', 'lowSocPercent', 'cellSpreadMv', 'maxTempC', 'alarmLevel']) expect(fields).toContain(k);
  });
});

describe('business submit schemas', () => {
  it('accept generated samples, which vary on every unique field', () => {
    for (const e of business) {
      const [a, b] = [sample(e, 1), sample(e, 2)];
      for (const body of [a, b]) {
        const r = e.submitSchema.add.safeParse(body);
        expect(r.success, `${e.name}: ${r.success ? '' : validationMessage(r.error)}`).toBe(true);
      }
      for (const [name, def] of fieldsOf(e)) {
        if (def.unique && !def.ref && !def.dict) expect(a[name], `${e.name}.${name}`).not.toEqual(b[name]);
      }
    }
  });

  it('vary unique examples beyond ten samples where the format allows, keeping fixed-width ones valid', () => {
    const ns = [1, 11, 101, 1001];
    for (const e of all) {
      for (const [name, def] of fieldsOf(e)) {
        if (!def.unique || typeof def.example !== 'string') continue;
        const values = ns.map((n) => sample(e, n)[name] as string);
        for (const v of values) {
          expect(v.length, `${e.name}.${name} = ${v}`).toBeLessThanOrEqual(def.max ?? 255);
          if (def.pattern) expect(def.pattern.regex.test(v), `${e.name}.${name} = ${v}`).toBe(true);
        }
        // Only a value whose width the format fixes may wrap (after 10^digits samples).
        if (/\d$/.test(def.example) && def.pattern?.regex.test(`${def.example}0`) !== false) {
          expect(new Set(values).size, `${e.name}.${name}: ${values.join(', ')}`).toBe(ns.length);
        }
      }
    }
  });

  it('refuse a missing or empty required field with its message, naming the field', () => {
    for (const e of business) {
      for (const [name, def] of fieldsOf(e)) {
        // A required field with a default takes it when left out (submit-defaults.test.ts).
        if (!def.required || def.readOnly || def.default !== undefined) continue;
        const { [name]: _gone, ...missing } = sample(e);
        for (const body of [missing, { ...missing, [name]: '' }, { ...missing, [name]: null }]) {
          const r = e.submitSchema.add.safeParse(body);
          expect(r.success, `${e.name}.${name}`).toBe(false);
          if (!r.success) expect(validationMessage(r.error)).toBe(`${requiredMessage(def)} [${name}]`);
        }
      }
    }
  });

  const check = (e: AnyEntity, field: string, good: string[], bad: [string, string][]) => {
    for (const value of good) {
      const r = e.submitSchema.add.safeParse({ ...sample(e), [field]: value });
      expect(r.success, `${field} ${value}`).toBe(true);
      if (r.success) expect(r.data[field]).toBe(value.trim());
    }
    for (const [value, msg] of bad) {
      const r = e.submitSchema.add.safeParse({ ...sample(e), [field]: value });
      expect(r.success, `${field} ${value}`).toBe(false);
      if (!r.success) expect(validationMessage(r.error)).toBe(`${msg} [${field}]`);
    }
  };

  it('checks the VIN', () => {
    const msg = '车架号为17位字母数字(不含I/O/Q)';
    check(businessEntities.vehicle, 'vin', ['LSVAU2180N2183294', 'LSJE24066JG229589', '  WVWZZZ1JZXW000001 '], [
      ['LSVAU2180N218329', msg],
      ['LSVAU2180N2I83294', msg],
      ['LSVAO2180N2183294', msg],
      ['QSVAU2180N2183294', msg],
      ['lsvau2180n2183294', msg],
      ['LSVAU2180 N218329', msg],
      ['LSVAU2180N21832945', '车架号不能超过17个字符'],
    ]);
  });

  it('checks IMEI and ICCID', () => {
    check(businessEntities.terminal, 'imei', ['861234567890123', '359881030314356'], [
      ['86123456789012', '终端IMEI为15位数字'],
      ['86123456789012A', '终端IMEI为15位数字'],
      ['8612345678901234', 'IMEI不能超过15个字符'],
    ]);
    check(businessEntities.terminal, 'iccid', ['89860412345678901234', '8986041234567890123', '898602B1191750012345'], [
      ['898604123456789012', 'ICCID为19-20位数字或大写字母'],
      ['898602b1191750012345', 'ICCID为19-20位数字或大写字母'],
    ]);
  });

  it('checks plates, UDS DTCs and fence geometry presence', () => {
    const plateRule = '请输入正确的车牌号, 如粤B12345或粤B·D12345';
    check(businessEntities.vehicle, 'plateNumber', ['粤B12345', '粤BD12345', '京A8888F', '粤B·DQ9645', '粤B·12345'], [
      ['B12345', plateRule],
      ['粤b12345', plateRule],
      ['粤B··12345', plateRule],
      ['粤·B12345', plateRule],
    ]);
    check(businessEntities.trailerVehicle, 'trailerPlate', ['鲁A1234挂', '鲁A·1234挂'], [['鲁A12挂', plateRule]]);
    const inEnglish = businessEntities.vehicle.submitSchemaIn('en').add.safeParse({ ...sample(businessEntities.vehicle), plateNumber: 'B12345' });
    expect(inEnglish.success ? '' : validationMessage(inEnglish.error)).toBe('Plate number is not in the expected format (e.g. 粤B12345) [plateNumber]');
    check(businessEntities.udsDiagnoseFaultCode, 'dtc', ['P0A1B', 'U0073-04', 'B1000'], [
      ['P4A1B', '故障码格式应为P0A1B或U0073-04'],
      ['X0A1B', '故障码格式应为P0A1B或U0073-04'],
    ]);
    const fence = businessEntities.electronicFence;
    const circle = fence.submitSchema.add.safeParse({ ...sample(fence), geometry: { center: [113.9, 22.5], radius: 500 } });
    expect(circle.success).toBe(true);
  });

  it('never accept the workflow status of dispatches and bills on submit', () => {
    for (const [e, field] of [[businessEntities.dispatch, 'dispatchStatus'], [businessEntities.bill, 'billStatus']] as const) {
      const r = e.submitSchema.add.safeParse({ ...sample(e), [field]: 3 });
      expect(r.success).toBe(true);
      if (r.success) expect(r.data[field]).toBeUndefined();
    }
  });
});
