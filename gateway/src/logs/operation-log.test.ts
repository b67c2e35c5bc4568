import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logOperationTable, menuTable } from '../db/schema/index.ts';
import { entities } from '@wdiov/contracts';
import { systemPrincipal } from '../crud/principal.ts';
import { createTestGateway, postJson, type TestGateway } from '../../test/test-gateway.ts';
import { entitySamples } from '../../test/entity-samples.ts';
import { changesOf, changesText } from './operation-log.ts';

let gw: TestGateway;
let token: string;

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
});
afterAll(() => gw.dispose());

interface OperationRow {
  id: string;
  createBy: string;
  entityName: string;
  recordId: string;
  action: string;
  changes: string;
  requestUri: string;
}

/** The operation log screen's own list call, searched by user and entity as an administrator searches it. */
async function findOperations(entityName: string, recordId?: string): Promise<OperationRow[]> {
  await gw.logs.flush();
  const query = new URLSearchParams({ createBy: 'admin', entityName, size: '100', ...(recordId ? { recordId } : {}) });
  const answer = await gw.json(`/api/wdiov-system/log-operation/page?${query}`, { token });
  expect(answer.body.code).toBe(200);
  return answer.body.data.records;
}

const submit = async (path: string, body: unknown) => {
  const answer = await gw.json(path, postJson(body, token));
  expect(answer.body).toMatchObject({ code: 200 });
};

async function idOf(path: string, filter: string): Promise<string> {
  const page = (await gw.json(`${path}/page?${filter}`, { token })).body.data;
  expect(page.records).toHaveLength(1);
  return String(page.records[0].id);
}

describe('operation log', () => {
  it('keeps an add with who, the entity, the new id and the values given', async () => {
    await submit('/api/wdiov-system/param/submit', { paramName: '操作日志参数', paramKey: 'oplog.add', paramValue: 'first' });
    const id = await idOf('/api/wdiov-system/param', 'paramKey=oplog.add');
    const rows = await findOperations('param', id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ createBy: 'admin', entityName: 'param', recordId: id, action: 'add', requestUri: '/api/wdiov-system/param/submit' });
    expect(JSON.parse(rows[0]!.changes)).toMatchObject({ paramName: '操作日志参数', paramKey: 'oplog.add', paramValue: 'first' });
  });

  it('keeps an update with the changed fields as before and after, and never a secret', async () => {
    await submit('/api/wdiov-resource/oss/submit', { category: 1, ossCode: 'oplog-oss', endpoint: 'http://oss.local', bucketName: 'b1', accessKey: 'ak-1', secretKey: 'very-secret-1' });
    const id = await idOf('/api/wdiov-resource/oss', 'ossCode=oplog-oss');
    await submit('/api/wdiov-resource/oss/submit', { id, category: 1, ossCode: 'oplog-oss', endpoint: 'http://oss2.local', bucketName: 'b1', accessKey: 'ak-1', secretKey: 'very-secret-2' });
    const rows = await findOperations('oss', id);
    expect(rows.map((r) => r.action).sort()).toEqual(['add', 'update']);
    const update = rows.find((r) => r.action === 'update')!;
    // Only what changed; the unchanged fields are not listed.
    expect(JSON.parse(update.changes)).toEqual({ endpoint: ['http://oss.local', 'http://oss2.local'] });
    for (const row of rows) expect(row.changes).not.toContain('very-secret');
    const stored = await gw.database.db.select().from(logOperationTable);
    expect(JSON.stringify(stored)).not.toContain('very-secret');
  });

  it('keeps a remove of each row removed', async () => {
    await submit('/api/wdiov-system/param/submit', { paramName: '待删参数', paramKey: 'oplog.remove', paramValue: '1' });
    const id = await idOf('/api/wdiov-system/param', 'paramKey=oplog.remove');
    expect((await gw.json(`/api/wdiov-system/param/remove?ids=${id}`, { method: 'POST', token })).body.code).toBe(200);
    const removes = (await findOperations('param', id)).filter((r) => r.action === 'remove');
    expect(removes).toHaveLength(1);
    expect(removes[0]).toMatchObject({ createBy: 'admin', recordId: id, requestUri: '/api/wdiov-system/param/remove' });
  });

  it('keeps an alarm handled, named by its call, with the handling fields', async () => {
    // Alarms are stored by the ingest, outside any request: that write is no one's operation.
    const alarmId = await gw.repos.get('vehicleAlarmData').insert(systemPrincipal('000000'), {
      vin: 'LSVAU2180N2399001', alarmType: 'gb:socLow', alarmName: 'SOC低报警', alarmLevel: 1, startTime: new Date(), isHandle: 0,
    });
    expect(await findOperations('vehicleAlarmData', alarmId)).toHaveLength(0);
    await submit('/api/wdiov-base/vehicleAlarmData/handle', { ids: [alarmId], handleRemark: '已通知司机' });
    const rows = await findOperations('vehicleAlarmData', alarmId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ createBy: 'admin', action: 'handle', requestUri: '/api/wdiov-base/vehicleAlarmData/handle' });
    const changes = JSON.parse(rows[0]!.changes);
    expect(changes.isHandle).toEqual([0, 1]);
    expect(changes.handleRemark).toEqual([null, '已通知司机']);
  });

  it('keeps a grant of each role, with what was granted', async () => {
    await submit('/api/wdiov-system/role/submit', { roleName: '日志角色', roleAlias: 'oplog_role', sort: 1 });
    const roleId = await idOf('/api/wdiov-system/role', 'roleAlias=oplog_role');
    const [menu] = await gw.database.db.select({ id: menuTable.id }).from(menuTable).limit(1);
    await submit('/api/wdiov-system/role/grant', { roleIds: [roleId], menuIds: [String(menu!.id)], dataScopeIds: [], apiScopeIds: [] });
    const grants = (await findOperations('role', roleId)).filter((r) => r.action === 'grant');
    expect(grants).toHaveLength(1);
    expect(JSON.parse(grants[0]!.changes)).toEqual({ menuIds: [String(menu!.id)], dataScopeIds: [], apiScopeIds: [] });
  });

  it('keeps a workflow move with the state it left and the state it reached', async () => {
    const samples = entitySamples(gw, token);
    const id = await samples.create(entities.dispatch, { vehicleId: await samples.create(entities.vehicle), driverId: await samples.create(entities.driver) });
    await submit(`${entities.dispatch.basePath}/submit`, { id, dispatchStatus: 2 });
    const moves = (await findOperations('dispatch', id)).filter((r) => r.action !== 'add');
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ action: 'submit', recordId: id });
    expect(JSON.parse(moves[0]!.changes)).toMatchObject({ dispatchStatus: [1, 2] });
  });

  it('keeps a password reset without any password in it', async () => {
    const userId = await gw.repos.get('user').insert(systemPrincipal('000000'), { account: 'oplogclerk', realName: '日志职员', password: 'e10adc3949ba59abbe56e057f20f883e' });
    expect((await gw.json(`/api/wdiov-user/reset-password?userIds=${userId}`, { method: 'POST', token })).body.code).toBe(200);
    const rows = await findOperations('user', userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'reset-password', changes: '' });
  });

  it('writes nothing for a refused write, and searches by user', async () => {
    await gw.logs.flush();
    const before = (await gw.database.db.select().from(logOperationTable)).length;
    const refused = await gw.json('/api/wdiov-system/param/submit', postJson({ paramName: '', paramKey: 'oplog.bad' }, token));
    expect(refused.body.code).toBe(400);
    await gw.logs.flush();
    expect(await gw.database.db.select().from(logOperationTable)).toHaveLength(before);
    const nobody = await gw.json('/api/wdiov-system/log-operation/page?createBy=nobody&size=100', { token });
    expect(nobody.body.data.total).toBe(0);
  });
});

describe('the changes an operation row keeps', () => {
  const principal = systemPrincipal('000000');
  it('lists only what differs, in the form the console shows, and no write-only field', () => {
    const before = { endpoint: 'http://a', bucketName: null, category: 1, secretKey: 'old', updateTime: new Date(0) };
    const after = { endpoint: 'http://a', bucketName: '', category: '2', secretKey: 'new', updateTime: new Date() };
    expect(changesOf({ principal, entity: entities.oss, action: 'update', id: '1', before, after }, 480)).toEqual({ category: [1, '2'] });
    const stamped = changesOf({ principal, entity: entities.notice, action: 'update', id: '1', before: { releaseTime: new Date(Date.UTC(2026, 0, 1, 0, 0, 0)) }, after: { releaseTime: new Date(Date.UTC(2026, 0, 2, 0, 0, 0)) } }, 480);
    expect(stamped).toEqual({ releaseTime: ['2026-01-01 08:00:00', '2026-01-02 08:00:00'] });
  });

  it('stays JSON when the values are too long for the column', () => {
    const text = changesText({ content: ['x'.repeat(4000), 'y'.repeat(4000)], title: ['a', 'b'] });
    expect(text.length).toBeLessThanOrEqual(5000);
    expect(JSON.parse(text).title).toEqual(['a', 'b']);
    expect(changesText({})).toBe('');
  });
});
