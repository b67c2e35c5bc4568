import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BESPOKE_ADDS, entities, entityList } from '@wdiov/contracts';
import { toCsv } from '@wdiov/contracts/wire/csv';
import { toXlsx } from '@wdiov/contracts/wire/xlsx';
import { systemPrincipal } from '../principal.ts';
import { createTestGateway, postJson, type TestGateway } from '../../../test/test-gateway.ts';
import { entitySamples } from '../../../test/entity-samples.ts';
import { otherTenant } from '../../routes/base/test-support.ts';
import { clerkWith } from '../../../test/clerk.ts';

// A file as the console's export writes it, imported back: previewed, then committed all or nothing.
const BASE = '/api/wdiov-base/vehicle';
const ZH = ['车架号', '车牌号', '车型', '所属组织', '能源类型', '注册日期'];
const EN = ['VIN', 'Plate number', 'Vehicle model', 'Organisation', 'Energy type', 'Registration date'];

let gw: TestGateway;
let token: string;
let model: { id: string; name: string };
let org: { id: string; name: string };

const upload = (fileName: string, bytes: Uint8Array | string) => ({ fileName, content: Buffer.from(bytes).toString('base64') });
const call = (step: 'preview' | 'commit', body: unknown, as = token, language = 'zh') =>
  gw.json(`${BASE}/import/${step}`, { ...postJson(body, as), headers: { 'Content-Type': 'application/json', 'accept-language': language } });
const vins = async (as = token, like = 'LXMP') =>
  ((await gw.json(`${BASE}/page?size=500&vin_like=${like}`, { token: as })).body.data.records as { id: string; vin: string; vehicleModelId: string; orgId: string; energyType: number }[]);

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
  const sample = await entitySamples(gw, token).sample(entities.vehicle);
  const sys = systemPrincipal('000000');
  const modelRow = await gw.repos.get('vehicleModel').detail(sys, String(sample.vehicleModelId));
  const orgRow = await gw.repos.get('org').detail(sys, String(sample.orgId));
  model = { id: String(sample.vehicleModelId), name: String(modelRow!.modelName) };
  org = { id: String(sample.orgId), name: String(orgRow!.orgName) };
});
afterAll(() => gw.dispose());

describe('spreadsheet import', () => {
  it('previews a good xlsx with Chinese titles without writing, then commits every row', async () => {
    const file = upload('车辆.xlsx', toXlsx('车辆', ZH, [
      ['LXMPA000000000001', '京A10001', model.name, org.name, '纯电动', '2024-03-01'],
      ['LXMPA000000000002', '', model.name, org.name, '', 45353],
    ]));
    const preview = await call('preview', file);
    expect(preview.body).toMatchObject({ code: 200, data: { total: 2, valid: 2, errorCount: 0, errors: [] } });
    expect(preview.body.data.columns.map((c: { field: string }) => c.field)).toEqual(['vin', 'plateNumber', 'vehicleModelId', 'orgId', 'energyType', 'registerDate']);
    expect(await vins()).toHaveLength(0);
    const commit = await call('commit', file);
    expect(commit.body).toMatchObject({ code: 200, success: true, data: { imported: 2 }, msg: '已导入2条' });
    const rows = await vins();
    expect(rows.map((r) => r.vin).sort()).toEqual(['LXMPA000000000001', 'LXMPA000000000002']);
    expect(rows.every((r) => r.vehicleModelId === model.id && r.orgId === org.id)).toBe(true);
    const detail = (await gw.json(`${BASE}/page?vin_equal=LXMPA000000000002`, { token })).body.data.records[0];
    // A date Excel stored as a serial number (45353 = 2024-03-02) reads as that day.
    expect(detail.registerDate).toBe('2024-03-02');
    expect(rows.find((r) => r.vin === 'LXMPA000000000001')!.energyType).toBe(1);
  });

  it('lists the bad rows of a CSV with English titles, in English, and writes nothing on commit', async () => {
    const csv = toCsv(EN, [
      ['LXMPB000000000001', '', model.name, org.name, 'Battery electric', ''],
      ['LXMPB00000000000I', '', model.name, org.name, '', ''],
      ['LXMPB000000000003', '', 'No such model', org.name, '', ''],
      ['LXMPB000000000001', '', model.name, org.name, '', ''],
      ['LXMPA000000000001', '', model.name, org.name, '', ''],
      ['LXMPB000000000006', '', model.name, '', 'Steam', 'soon'],
    ]);
    const preview = await call('preview', upload('vehicles.csv', csv), token, 'en');
    expect(preview.body.code).toBe(200);
    expect(preview.body.data).toMatchObject({ total: 6, valid: 1 });
    const errors = preview.body.data.errors as { row: number; column: string; message: string }[];
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [3, 'VIN'], [4, 'Vehicle model'], [5, 'VIN'], [6, 'VIN'], [7, 'Energy type'],
    ]);
    expect(errors[1]!.message).toBe('Vehicle model not found: No such model');
    expect(errors[2]!.message).toBe('Repeats row 2: LXMPB000000000001');
    expect(errors[3]!.message).toBe('VIN LXMPA000000000001 is already registered');
    expect(errors[4]!.message).toBe('Energy type has an unknown value: Steam');
    const commit = await call('commit', upload('vehicles.csv', csv), token, 'en');
    expect(commit.body).toMatchObject({ code: 400, success: false, data: {} });
    expect(commit.body.msg).toMatch(/^5 errors, nothing was imported\. Row 3 VIN: /);
    expect(await vins(token, 'LXMPB')).toHaveLength(0);
  });

  it('words the same row errors in Chinese by default', async () => {
    const csv = toCsv(ZH, [['LXMPC000000000001', '', '无此车型', org.name, '', '2024-13-40']]);
    const { body } = await call('preview', upload('v.csv', csv));
    expect(body.data.errors.map((e: { column: string; message: string }) => `${e.column}: ${e.message}`)).toEqual(['车型: 车型不存在: 无此车型']);
    const dated = await call('preview', upload('v.csv', toCsv(ZH, [['LXMPC000000000001', '', model.name, org.name, '', '2024-13-40']])));
    expect(dated.body.data.errors).toEqual([{ row: 2, column: '注册日期', field: 'registerDate', message: expect.stringContaining('注册日期') }]);
  });

  it('refuses files it cannot take, naming why', async () => {
    expect((await call('preview', upload('v.txt', 'a,b'))).body).toMatchObject({ code: 400, msg: '文件格式应为 xlsx 或 csv' });
    expect((await call('preview', upload('v.xlsx', 'not a zip'))).body.msg).toContain('文件无法读取');
    expect((await call('preview', upload('v.csv', toCsv(['甲', '乙'], [['1', '2']])))).body.msg).toBe('表头中没有车辆的列: 请使用导出文件的表头');
    expect((await call('preview', upload('v.csv', toCsv(['车牌号'], [['京A1']])))).body.msg).toBe('缺少必填列: 车架号');
    expect((await call('preview', upload('v.csv', toCsv(ZH, [])))).body.msg).toBe('文件中没有数据行');
    expect((await call('preview', { fileName: 'v.csv', content: '%%%' }, token, 'en')).body.msg).toBe('The file content must be base64 [content]');
  });

  it('keeps to the caller\'s tenant: another tenant\'s names are unknown, its own rows stay its own', async () => {
    const boss = await otherTenant(gw, '000002', 'importer');
    const foreign = await call('preview', upload('v.csv', toCsv(ZH, [['LXMPD000000000001', '', model.name, org.name, '', '']])), boss);
    expect(foreign.body.data.errors.map((e: { field: string }) => e.field)).toEqual(['vehicleModelId', 'orgId']);
    const sample = await entitySamples(gw, boss).sample(entities.vehicle);
    const file = upload('v.csv', toCsv(['车架号', '车型', '所属组织'], [['LXMPD000000000001', String(sample.vehicleModelId), String(sample.orgId)]]));
    expect((await call('commit', file, boss)).body.data).toEqual({ imported: 1 });
    expect((await vins(boss, 'LXMPD')).map((r) => r.vin)).toEqual(['LXMPD000000000001']);
    expect(await vins(token, 'LXMPD')).toHaveLength(0);
  });

  it('is granted with the list\'s add button, as a submit is', async () => {
    const file = upload('v.csv', toCsv(['车架号', '车型', '所属组织'], [['LXMPE000000000001', model.name, org.name]]));
    const clerk = await clerkWith({ gw, token, samples: entitySamples(gw, token) }, 'importclerk', ['vehicle', 'vehicle_edit']);
    expect((await call('preview', file, clerk.token)).body.code).toBe(403);
    await clerk.grant(['vehicle_add']);
    expect((await call('commit', file, clerk.token)).body).toMatchObject({ code: 200, data: { imported: 1 } });
  });

  it('reads references and dictionary values as an English export names them: a vehicle as plate · VIN, or by its plate', async () => {
    const file = upload('repairs.xlsx', toXlsx('Repair record', ['Vehicle', 'Repair type', 'Fault description', 'Fault at', 'Cost (CNY)'], [
      ['京A10001 · LXMPA000000000001', 'Accident repair', 'Broken mirror', '2024-06-01 08:30:00', 120.5],
      ['京A10001', '召回维修', 'Recall', '', ''],
    ]));
    const preview = await gw.json('/api/wdiov-vehteam/repairRecord/import/preview', { ...postJson(file, token), headers: { 'Content-Type': 'application/json', 'accept-language': 'en' } });
    expect(preview.body.data).toMatchObject({ total: 2, valid: 2, errorCount: 0 });
    expect((await gw.json('/api/wdiov-vehteam/repairRecord/import/commit', postJson(file, token))).body.data).toEqual({ imported: 2 });
    const rows = (await gw.json('/api/wdiov-vehteam/repairRecord/page?size=10', { token })).body.data.records as Record<string, unknown>[];
    const vehicleId = (await vins()).find((r) => r.vin === 'LXMPA000000000001')!;
    expect(rows.map((r) => [r.vehicleId, r.repairType, r.faultDescription, r.faultTime, r.cost]).sort((a, b) => String(a[2]).localeCompare(String(b[2])))).toEqual([
      [vehicleId.id, 2, 'Broken mirror', '2024-06-01 08:30:00', 120.5],
      [vehicleId.id, 3, 'Recall', null, null],
    ]);
  });

  it('is offered for every entity whose add is the generic submit, and for none with a submit of its own', () => {
    const posts = gw.app.routes.filter((r) => r.method === 'POST').map((r) => r.path);
    const submits = (e: (typeof entityList)[number]) => posts.filter((p) => p === `${e.basePath}/submit`).length;
    // Bespoke submits are mounted before the generic one: their entities answer two routes at that path.
    // The user's second route is a step before the generic submit (it ends the sign-ins of a user whose
    // roles or dept changed), which adds as every generic submit does: users are imported.
    const WRAPPED = ['user'];
    expect(entityList.filter((e) => submits(e) > 1).map((e) => e.name).sort()).toEqual([...BESPOKE_ADDS, ...WRAPPED].sort());
    for (const e of entityList) expect(posts.includes(`${e.basePath}/import/commit`), e.name).toBe(!BESPOKE_ADDS.has(e.name));
  });

  it('is described in the OpenAPI document with its upload and its answer', async () => {
    const doc = (await gw.json('/api/openapi.json')).body as { paths: Record<string, { post?: { requestBody?: unknown; responses: Record<string, unknown> } }>; components: { schemas: Record<string, unknown> } };
    const op = doc.paths[`${BASE}/import/preview`]!.post!;
    expect(JSON.stringify(op.requestBody)).toContain('#/components/schemas/ImportUpload');
    expect(JSON.stringify(op.responses['200'])).toContain('#/components/schemas/ImportPreview');
    expect(Object.keys((doc.components.schemas.ImportUpload as { properties: object }).properties)).toEqual(['fileName', 'content']);
    expect(JSON.stringify(doc.components.schemas.ImportPreview)).toContain('errorCount');
    expect(doc.paths[`${BASE}/import/commit`]?.post).toBeDefined();
  });
});
