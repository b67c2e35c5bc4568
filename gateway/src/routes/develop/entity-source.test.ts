import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import type { AnyEntity } from '@wdiov/contracts';
import { ApiError } from '../../lib/api-error.ts';
import { generateEntitySource, type PrototypeRecord } from './entity-source.ts';

const model = { modelCode: 'chargePile', modelName: '充电桩', modelTable: 'wdiov_charge_pile', modelRemark: "Piles */ of a 'station'" };
const code = { codeName: '充电桩', serviceName: 'wdiov-base' };
const p = (jdbcName: string, extra: Partial<PrototypeRecord> = {}): PrototypeRecord => ({ jdbcName, isList: 1, isForm: 1, isRequired: 0, isQuery: 0, ...extra });
const prototypes: PrototypeRecord[] = [
  p('id', { propertyType: 'bigint' }),
  p('pile_code', { comment: '桩编号', propertyType: 'text', jdbcType: 'varchar(32)', isRequired: 1, isQuery: 1, queryType: 'like' }),
  p('power', { comment: '功率(kW)', propertyType: 'decimal', jdbcType: 'numeric(18,3)', isQuery: 1, queryType: '>=' }),
  p('pile_type', { comment: '桩类型', propertyType: 'int', dictCode: 'pileType', isRequired: 1, isQuery: 1 }),
  p('remark', { comment: "it's a \\ back'slash */ note\nline two", propertyType: 'text', jdbcType: 'text', isList: 0 }),
  p('is_fast', { comment: '快充', propertyType: 'bool', isForm: 0 }),
  p('online_time', { comment: '上线时间', propertyType: 'datetime', isQuery: 1, queryType: 'bogus' }),
  p('station_id', { comment: '所属站', propertyType: 'bigint' }),
  p('status', { propertyType: 'int' }),
  p('tenant_id', { propertyType: 'text' }),
];

let dir: string;
beforeAll(() => {
  // A scratch tree shaped like contracts/src, whose entity/ modules re-export the real ones, so the
  // generated file is compiled and imported exactly as written (relative imports included).
  dir = mkdtempSync(join(tmpdir(), 'wdiov-gen-'));
  mkdirSync(join(dir, 'entity'), { recursive: true });
  for (const name of ['define-entity', 'fields']) {
    const real = fileURLToPath(new URL(`../../../../contracts/src/entity/${name}.ts`, import.meta.url));
    writeFileSync(join(dir, 'entity', `${name}.ts`), `export * from ${JSON.stringify(real)};\n`);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('generated entity source', () => {
  const out = generateEntitySource(code, model, prototypes, { tenant: true, audit: 'full' });

  it('names the file and the registry line by service and model', () => {
    expect(out.fileName).toBe('contracts/src/entities/base/charge-pile.ts');
    expect(out.registryLine).toBe("import { chargePile } from './base/charge-pile.ts';");
    expect(out.registryEntry).toBe('chargePile,');
    expect(out.warnings).toEqual(expect.arrayContaining([expect.stringMatching(/^id: system column/), expect.stringMatching(/^status: system column/)]));
  });

  it('is valid TypeScript that defineEntity accepts, with the fields the prototypes describe', async () => {
    const file = join(dir, out.fileName.replace(/^contracts\/src\//, ''));
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, out.content);

    const program = ts.createProgram([file], {
      strict: true, noEmit: true, allowImportingTsExtensions: true, skipLibCheck: true, types: [],
      module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022,
    });
    const errors = ts.getPreEmitDiagnostics(program)
      .filter((d) => d.file?.fileName === file || !d.file)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors).toEqual([]);

    const mod = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { chargePile: AnyEntity };
    const e = mod.chargePile;
    expect(e).toMatchObject({ name: 'chargePile', service: 'wdiov-base', table: 'wdiov_charge_pile', tenant: true, audit: 'full', basePath: '/api/wdiov-base/chargePile' });
    expect(Object.keys(e.fields)).toEqual(['pileCode', 'power', 'pileType', 'remark', 'isFast', 'onlineTime', 'stationId']);
    expect(e.fields.pileCode).toMatchObject({ kind: 'text', label: { zh: '桩编号', en: 'Pile code' }, required: '请输入桩编号', max: 32, search: 'like' });
    expect(e.fields.power).toMatchObject({ kind: 'decimal', scale: 3, search: 'ge' });
    expect(e.fields.pileType).toMatchObject({ kind: 'int', dict: 'pileType', required: '请选择桩类型', search: 'equal' });
    expect(e.fields.remark).toMatchObject({ kind: 'text', multiline: true, max: 5000, list: false, label: { zh: "it's a \\ back'slash */ note\nline two" } });
    expect(e.fields.isFast).toMatchObject({ kind: 'bool', form: false });
    expect(e.fields.onlineTime).toMatchObject({ kind: 'datetime', search: 'datege' });
    expect(e.columns.get('stationId')).toBe('station_id');
    expect(e.submitSchema.add.safeParse({ pileCode: 'P1', pileType: 2 }).success).toBe(true);
    expect(e.submitSchema.add.safeParse({ pileType: 2 }).success).toBe(false);
  });

  it('refuses names the module could not declare and models without fields', () => {
    const gen = (m: Partial<typeof model>, c: Partial<typeof code> = {}, list = prototypes) =>
      () => generateEntitySource({ ...code, ...c }, { ...model, ...m }, list, { tenant: true, audit: 'full' });
    for (const modelCode of ['delete', 'f', 'defineEntity', 'Pile', 'a-b', 'x;alert(1)']) expect(gen({ modelCode })).toThrow(ApiError);
    expect(gen({}, { serviceName: 'base' })).toThrow(/\[serviceName\]/);
    expect(gen({ modelTable: 'x; drop table y' })).toThrow(/\[tableName\]/);
    expect(gen({}, {}, [p('id'), p('is_deleted')])).toThrow(/没有可生成的字段/);
    expect(gen({}, {}, [p("x') or 1=1 --")])).toThrow(/\[jdbcName\]/);
  });
});
