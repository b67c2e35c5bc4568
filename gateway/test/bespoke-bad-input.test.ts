import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityList, STATS_CALLS, validationText, workflowList } from '@wdiov/contracts';
import { NOT_WALKED_HERE } from './bespoke-routes-elsewhere.ts';
import { VIDEO_CALLS } from '../src/routes/base/video.routes.ts';
import { createTestGateway, postJson, type TestGateway } from './test-gateway.ts';
import { snapshot } from './db-snapshot.ts';
import { entitySamples } from './entity-samples.ts';

/**
 * Bad input on the bespoke calls that are not entity routes, generated from the workflow
 * registry (every transition call and trail), the video calls, the model ECU and customer
 * vehicle calls, the stock calls and the fleet, cockpit and bluetooth calls: each answers in the envelope
 * with code 400 and a message, never a 5xx, and the tables they can write are unchanged.
 */
let gw: TestGateway;
let token: string;
beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
  // A row of each workflow entity, so "writes nothing" is checked against content.
  const samples = entitySamples(gw, token);
  for (const w of workflowList) await samples.create(w.entity);
});
afterAll(() => gw.dispose());

type Call = [label: string, path: string, init: RequestInit & { token?: string }];
const raw = (body: string): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

const calls: Call[] = [
  ...workflowList.flatMap((w) => w.calls.flatMap((call): Call[] => {
    const path = `${w.entity.basePath}/${call}`;
    return [
      [`${call}: no id`, path, postJson({ [w.statusField]: Object.values(w.states)[1]!.value })],
      [`${call}: malformed id`, path, postJson({ id: '12ab', [w.statusField]: Object.values(w.states)[1]!.value })],
      [`${call}: not JSON`, path, raw('{')],
      [`${call}: an array`, path, raw('[1]')],
    ];
  })),
  ...workflowList.map((w): Call => [`${w.entity.name} trail: malformed id`, `${w.entity.basePath}/trail?id=1;drop`, {}]),
  ...VIDEO_CALLS.flatMap((call): Call[] => [
    [`video ${call}: no vin`, `/api/wdiov-base/video/${call}`, { method: 'POST' }],
    [`video ${call}: bad channel`, `/api/wdiov-base/video/${call}?vin=LWDIOV00000000001&channel=x`, { method: 'POST' }],
  ]),
  ['modelEcuList: no model', '/api/wdiov-base/vehicleModel/modelEcuList', {}],
  ['modelEcuPage: malformed model', '/api/wdiov-base/vehicleModel/modelEcuPage?vehicleModelId=1;drop', {}],
  ['saveEcu: malformed ECU ids', '/api/wdiov-base/vehicleModel/saveEcu', postJson({ vehicleModelId: '1', ecuIds: 'a,b' })],
  ['saveEcu: not JSON', '/api/wdiov-base/vehicleModel/saveEcu', raw('{')],
  // The system screens' dialogs (tenant setting, data source and package; user platform; code generation; model design and table import).
  ['tenant/setting: malformed ids', '/api/wdiov-system/tenant/setting?ids=1,x&accountNumber=5', { method: 'POST' }],
  ['tenant/setting: quota not a number', '/api/wdiov-system/tenant/setting?ids=1&accountNumber=many', { method: 'POST' }],
  ['tenant/datasource: malformed tenant', '/api/wdiov-system/tenant/datasource?tenantId=12&datasourceId=1', { method: 'POST' }],
  ['tenant/package-detail: malformed tenant', '/api/wdiov-system/tenant/package-detail?tenantId=abc', {}],
  ['tenant/package-setting: malformed package', '/api/wdiov-system/tenant/package-setting?tenantId=000000&packageId=x', { method: 'POST' }],
  ['update-platform: unknown platform', '/api/wdiov-user/update-platform?userId=1&userType=9', { method: 'POST' }],
  ['platform-detail: malformed user', '/api/wdiov-user/platform-detail?id=x', {}],
  ['code/gen-code: malformed ids', '/api/wdiov-develop/code/gen-code?ids=x', { method: 'POST' }],
  ['code/copy: no id', '/api/wdiov-develop/code/copy', { method: 'POST' }],
  ['model/table-list: malformed data source', '/api/wdiov-develop/model/table-list?datasourceId=x', {}],
  ['model/table-info: malformed table', '/api/wdiov-develop/model/table-info?tableName=Bad-Name', {}],
  ['model/model-prototype: no model', '/api/wdiov-develop/model/model-prototype', {}],
  ['model-prototype/select: malformed model', '/api/wdiov-develop/model-prototype/select?modelId=x', {}],
  ['model-prototype/submit-list: not a list', '/api/wdiov-develop/model-prototype/submit-list', postJson({ modelId: '1' })],
  ['model-prototype/submit-list: empty', '/api/wdiov-develop/model-prototype/submit-list', postJson([])],
  ['post/select: malformed tenant', '/api/wdiov-system/post/select?tenantId=1;drop', {}],
  // The region calls (declared contracts): malformed codes, no code, bodies that are no object.
  ['region/select: malformed code', '/api/wdiov-system/region/select?code=31;drop', {}],
  ['region/lazy-list: malformed parent', '/api/wdiov-system/region/lazy-list?parentCode=x', {}],
  ['region/lazy-tree: malformed parent', '/api/wdiov-system/region/lazy-tree?parentCode=4403-1', {}],
  ['region/detail: no code', '/api/wdiov-system/region/detail', {}],
  ['region/remove: malformed codes', '/api/wdiov-system/region/remove?id=31;drop', { method: 'POST' }],
  ['region/submit: not JSON', '/api/wdiov-system/region/submit', raw('{')],
  ['region/submit: an array', '/api/wdiov-system/region/submit', raw('[1]')],
  // The dept, dictionary and role calls (declared contracts): missing and malformed ids and codes, grants without roles.
  ['dept/lazy-list: malformed parent', '/api/wdiov-system/dept/lazy-list?parentId=x', {}],
  ['dict/lazy-tree: malformed parent', '/api/wdiov-system/dict/lazy-tree?parentId=-1', {}],
  ['dict/child-list: no parent', '/api/wdiov-system/dict/child-list', {}],
  ['dict-biz/dictionary: no code', '/api/wdiov-system/dict-biz/dictionary', {}],
  ['dict/dictionary-tree: code too long', `/api/wdiov-system/dict/dictionary-tree?code=${'x'.repeat(256)}`, {}],
  ['role/tree-by-id: malformed role', '/api/wdiov-system/role/tree-by-id?roleId=1;drop', {}],
  ['role/select: malformed user', '/api/wdiov-system/role/select?userId=x', {}],
  ['role/grant: no roles', '/api/wdiov-system/role/grant', postJson({ roleIds: [], menuIds: [] })],
  ['topmenu/grant: not JSON', '/api/wdiov-system/topmenu/grant', raw('{')],
  ['user/update: no id', '/api/wdiov-user/update', postJson({ realName: 'x' })],
  ['user/update: not JSON', '/api/wdiov-user/update', raw('{')],
  ['customerVehiclePage: malformed customer', '/api/wdiov-base/customer/customerVehiclePage?customerId=x', {}],
  ['storage record: no vehicle', '/api/wdiov-pm/storageRecord/submit', postJson({ recordType: 1, storageId: '1', recordTime: '2026-01-01 00:00:00' })],
  ['storage record: unknown type', '/api/wdiov-pm/storageRecord/submit', postJson({ vehicleId: '1', recordType: 9, storageId: '1', recordTime: '2026-01-01 00:00:00' })],
  ['movement record: not JSON', '/api/wdiov-pm/movementRecord/submit', raw('{')],
  ['operateStream: no vehicle', '/api/wdiov-pm/operateRecord/operateStream/page', {}],
  ['operateDetail: malformed vehicle', '/api/wdiov-pm/operateRecord/operateDetail/list?vehicleId=1;drop', {}],
  ['operateDetail updateBase: no id', '/api/wdiov-pm/operateRecord/operateDetail/updateBase', postJson({ remark: 'x' })],
  ['operateDetail updateMovement: not JSON', '/api/wdiov-pm/operateRecord/operateDetail/updateMovement', raw('[1]')],
  ['inventorySale: bad sort', '/api/wdiov-pm/operateRecord/inventorySale/page?descs=1;drop', {}],
  ['idle list: days not a number', '/api/wdiov-pm/storage/idleList?days=x', {}],
  ['turning: malformed start', '/api/wdiov-pm/vehiclePm/turning?startDate=2024-13', {}],
  ['getVehicleParam: nothing named', '/api/wdiov-vehteam/vehicle/getVehicleParam', {}],
  ['getVehicleParam: malformed VIN', '/api/wdiov-vehteam/vehicle/getVehicleParam?vin=a;b', {}],
  ['appBind: malformed ids', '/api/wdiov-vehteam/vehicle/appBind?ids=1,x', { method: 'POST' }],
  ['maintain manage page: bad sort', '/api/wdiov-vehteam/maintainRecord/manage/page?ascs=nope', {}],
  ['repair manage page: bad paging', '/api/wdiov-vehteam/repairRecord/manage/page?current=x', {}],
  ['vehteam vehicleReport: bad paging', '/api/wdiov-vehteam/vehicleReport/page?current=x', {}],
  ['vehteam routeTimeline: no vin', '/api/wdiov-vehteam/routeTimeline/page', {}],
  ['operateDetail updateLogistics: unknown status', '/api/wdiov-pm/operateRecord/operateDetail/updateLogistics', postJson({ id: '1', transferStatus: 9 })],
  ['cockpitAlarmData: bad range', '/api/wdiov-base/cockpitAlarmData/page?timeSlot=x', {}],
  ['selectExpireRemind: bad paging', '/api/wdiov-vehteam/alarmRecord/selectExpireRemind?current=x', {}],
  ['selectExpireRemind: page too large', '/api/wdiov-vehteam/alarmRecord/selectExpireRemind?size=501', {}],
  ['safetyWarning/page: unknown item', '/api/wdiov-base/safetyWarning/page?item=F13', {}],
  ['safetyWarning/page: status not 0 or 1', '/api/wdiov-base/safetyWarning/page?status=2', {}],
  ['safetyWarning/handle: no action', '/api/wdiov-base/safetyWarning/handle', postJson({ id: '1', handleResult: 'ok' })],
  ['safetyWarning/handle: malformed time', '/api/wdiov-base/safetyWarning/handle', postJson({ id: '1', handleAction: 'a', handleResult: 'b', handleTime: 'now' })],
  ['safetyWarning/handle: not JSON', '/api/wdiov-base/safetyWarning/handle', raw('{')],
  ['dataQuality/page: impossible day', '/api/wdiov-base/dataQuality/page?startDay=2026-02-30', {}],
  ['dataQuality/page: end before start', '/api/wdiov-base/dataQuality/page?startDay=2026-03-02&endDay=2026-03-01', {}],
  ['safetyProfile/vehicle: no vin', '/api/wdiov-base/safetyProfile/vehicle', {}],
  ['safetyProfile/vehicle: malformed vin', '/api/wdiov-base/safetyProfile/vehicle?vin=AB-12', {}],
  ['safetyModelLevel/list: period of no days', '/api/wdiov-base/safetyModelLevel/list?periodDays=0', {}],
  ['safetyModelLevel/list: impossible end day', '/api/wdiov-base/safetyModelLevel/list?endDay=2026-02-30', {}],
  ['vehicleBluetoothSync: no VINs', '/api/wdiov-business/schedulingTask/vehicleBluetoothSync', {}],
  ['vehicleBluetoothSync: malformed VIN', '/api/wdiov-business/schedulingTask/vehicleBluetoothSync?vins=abc;', {}],
  ...STATS_CALLS.flatMap(({ path, query }): Call[] => {
    const base = `/api/wdiov-base/${path}?${query.replace('{vin}', 'LWDIOV00000000001')}`;
    return [
      [`${path}: end before start`, `${base}&startTime=2024-03-02&endTime=2024-03-01`, {}],
      [`${path}: malformed start`, `${base}&startTime=yesterday`, {}],
      ...(query.includes('{vin}') ? [[`${path}: malformed vin`, `/api/wdiov-base/${path}?vin=L%25_1`, {}] as Call] : []),
    ];
  }),
];

describe('bespoke calls', () => {
  it.each(calls)('%s answers 400 in the envelope and writes nothing', async (label, path, init) => {
    const tables = [
      ...workflowList.map((w) => w.entity.table), 'wdiov_workflow_trail', 'wdiov_vehicle_model_ecu', 'wdiov_user',
      'wdiov_storage_record', 'wdiov_movement_record', 'wdiov_operate_record', 'wdiov_app_vehicle_binding',
      'wdiov_tenant', 'wdiov_region', 'wdiov_code', 'wdiov_model_prototype', 'wdiov_user_platform', 'wdiov_safety_warning',
    ];
    const before = await snapshot(gw.database.db, tables);
    const { status, body } = await gw.json(path, { ...init, token });
    expect(status, label).toBeLessThan(500);
    expect(body, label).toMatchObject({ code: 400, success: false, msg: expect.any(String) });
    expect(body.msg.length).toBeGreaterThan(0);
    expect(await snapshot(gw.database.db, tables)).toEqual(before);
  });
});

/** The generic routes of every entity (walked by entity-bad-input.test.ts). */
const ENTITY_OPS = new Set(['list', 'page', 'tree', 'detail', 'submit', 'remove']);
const isEntityRoute = (path: string) => entityList.some((e) => path.startsWith(`${e.basePath}/`) && ENTITY_OPS.has(path.slice(e.basePath.length + 1)));
const routePattern = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`);

describe('the route table', () => {
  it('has each bespoke route walked above, or named with the reason it is not', () => {
    const routes = [...new Set(gw.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))];
    const walked = calls.map(([, path, init]) => `${init.method ?? 'GET'} ${path.split('?')[0]}`);
    const missing = routes.filter((route) => {
      const [method, path] = route.split(' ') as [string, string];
      if (isEntityRoute(path) || NOT_WALKED_HERE.some(([re]) => re.test(route))) return false;
      const pattern = routePattern(path);
      return !walked.some((w) => w.startsWith(`${method} `) && pattern.test(w.slice(method.length + 1)));
    });
    expect(missing).toEqual([]);
  });
});

/**
 * The same refusals in the request's language: the calls whose input goes through the shared
 * bespoke checks (routes/base/inputs.ts, lib/read-input.ts) word their 400 from the contracts'
 * validation codes, in English when Accept-Language asks for it, in Chinese by default.
 */
describe('bespoke calls in English', () => {
  const base = '/api/wdiov-base';
  const messages = `${base}/dataMessage/dataMessageList`;
  const english: [label: string, path: string, init: RequestInit, msg: string][] = [
    ['a body that is not JSON', `${base}/alarmHandleConfig/handle`, raw('{'), validationText('bodyNotJson', { label: '' }, 'en')],
    ['a body that is a list', `${base}/alarmHandleConfig/handle`, raw('[1]'), validationText('notObject', { label: '' }, 'en')],
    ['no alarm type', `${base}/alarmHandleConfig/handle`, raw('{"isHandle":1}'), `${validationText('choose', { label: 'Alarm type' }, 'en')} [alarmType]`],
    ['a flag that is not 0 or 1', `${base}/alarmHandleConfig/handle`, raw('{"alarmType":"1","isHandle":7}'), `${validationText('notFlag', { label: 'Must be handled' }, 'en')} [isHandle]`],
    ['an alarm level out of range', `${base}/alarmHandleTeam/handleTeamByAlarmType`, raw('{"level":9}'), `${validationText('tooLarge', { label: 'Alarm level', limit: 4 }, 'en')} [level]`],
    ['a vehicle state out of range', `${base}/rdVehicleTree/getTree?state=9`, {}, `${validationText('tooLarge', { label: 'Vehicle state', limit: 4 }, 'en')} [state]`],
    ['a keyword too long', `${base}/rdVehicleTree/getTree?keyword=${'k'.repeat(40)}`, {}, `${validationText('tooLong', { label: 'Keyword', limit: 32 }, 'en')} [keyword]`],
    ['a command that is not a number', `${messages}?command=x`, {}, `${validationText('notInteger', { label: 'Command' }, 'en')} [command]`],
    ['a page size too large', `${messages}?size=501`, {}, `${validationText('atMost', { label: 'size', limit: 500 }, 'en')} [size]`],
    ['a malformed VIN', `${messages}?vin=a;b`, {}, `${validationText('vinFormat', { label: 'VIN' }, 'en')} [vin]`],
    ['an end before the start', `${messages}?startTime=2024-03-02 00:00:00&endTime=2024-03-01 00:00:00`, {}, `${validationText('endBeforeStart', { label: '' }, 'en')} [endTime]`],
    ['a malformed start', `${messages}?startTime=yesterday`, {}, `${validationText('timeFormat', { label: 'The start time' }, 'en')} [startTime]`],
    ['a range too long', `${messages}?startTime=2024-01-01 00:00:00&endTime=2024-03-01 00:00:00`, {}, `${validationText('rangeDays', { label: '', limit: 31 }, 'en')} [endTime]`],
    ['a time slot of one end', `${messages}?timeSlot=1700000000000`, {}, `${validationText('timeSlot', { label: '' }, 'en')} [timeSlot]`],
  ];

  it.each(english)('%s answers 400 in English', async (label, path, init, msg) => {
    const { body } = await gw.json(path, { ...init, token, headers: { ...(init.headers as Record<string, string>), 'Accept-Language': 'en-US,en;q=0.9' } });
    expect(body, label).toMatchObject({ code: 400, success: false, msg });
    expect(msg).not.toMatch(/\p{Script=Han}/u);
  });

  it('answers in Chinese without Accept-Language', async () => {
    const { body } = await gw.json(`${base}/rdVehicleTree/getTree?state=9`, { token });
    expect(body).toMatchObject({ code: 400, msg: '车辆状态不能大于4 [state]' });
  });
});
