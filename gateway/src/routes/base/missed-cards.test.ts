import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmCardData, formatDateTime } from '@wdiov/contracts';
import { systemPrincipal } from '../../crud/principal.ts';
import { createTestGateway, md5, postJson, type TestGateway } from '../../../test/test-gateway.ts';
import { missedCardsRoute } from '@wdiov/contracts/api/missed-cards.route';
import { routeUrl } from '@wdiov/contracts/api/define-route';
import { MISSED_CARDS_MAX_AGE_MS } from './missed-cards.routes.ts';
import { addVehicle, otherTenant } from './test-support.ts';

const A = 'LSVAU2180N2300011';
const path = `/api${routeUrl(missedCardsRoute)}`;
const sys = systemPrincipal('000000');
const MIN = 60_000;
let gw: TestGateway;
let token: string;
let other: string;
const t0 = Date.now() - 30 * MIN;
const ids: Record<string, string> = {};

const ask = (query: string, t = token, language = 'zh-CN') => gw.json(`${path}?${query}`, { token: t, headers: { 'Accept-Language': language } });

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
  other = await otherTenant(gw);
  await addVehicle(gw, token, A, '粤B·M0011');
  const alarms = gw.repos.get('vehicleAlarmData');
  ids.oldAlarm = await alarms.insert(sys, { vin: A, plateNumber: '粤B·M0011', alarmType: 'gb:socLow', alarmName: 'SOC低报警', alarmLevel: 1, startTime: new Date(t0 - 10 * MIN), isHandle: 0 });
  ids.alarm = await alarms.insert(sys, { vin: A, plateNumber: '粤B·M0011', alarmType: 'gb:insulation', alarmName: '绝缘报警', alarmLevel: 3, startTime: new Date(t0 + 5 * MIN), speed: 42.5, lng: 114.05, lat: 22.54, isHandle: 0 });
  ids.fault = await gw.repos.get('vehicleFaultData').insert(sys, { vin: A, plateNumber: '粤B·M0011', category: 'uds', faultCode: 'P0143', faultLevel: 2, startTime: new Date(t0 + 2 * MIN), isHandle: 0 });
  ids.fence = await gw.repos.get('fenceAccessRecord').insert(sys, { vin: A, plateNumber: '粤B·M0011', fenceId: '7', fenceName: '科技园', accessType: 1, accessTime: new Date(t0 + 8 * MIN) });
  await alarms.insert(systemPrincipal('000001'), { vin: A, alarmType: 'gb:socLow', alarmLevel: 2, startTime: new Date(t0 + MIN), isHandle: 0 });
});
afterAll(() => gw.dispose());

describe('cards opened since a time', () => {
  it('answers the alarms, faults and fence events that opened since then, oldest first, as the cards their live calls carried', async () => {
    const res = await ask(`since=${t0}`);
    expect(res.body).toMatchObject({ code: 200, success: true });
    const cards = res.body.data as unknown[];
    for (const card of cards) expect(alarmCardData.safeParse(card).success).toBe(true);
    expect(cards.map((c) => (c as { id: string }).id)).toEqual([ids.fault, ids.alarm, ids.fence]);
    expect(cards[1]).toMatchObject({
      type: 0, level: 3, alarmType: 'gb:insulation', alarmName: '绝缘报警', vin: A, carPlate: '粤B·M0011', espeed: 42.5,
      stime: formatDateTime(t0 + 5 * MIN, 480), elng: 114.05, elat: 22.54,
    });
    expect(cards[0]).toMatchObject({ type: 1, level: 2, faultCode: 'P0143', faultName: 'P0143', espeed: -0.1 });
    expect(cards[2]).toMatchObject({ type: 2, fenceId: '7', fenceName: '科技园', accessType: 1, accessTime: formatDateTime(t0 + 8 * MIN, 480) });
    expect((cards[1] as { duration: number }).duration).toBeGreaterThanOrEqual(24 * 60);
  });

  it("keeps to the caller's tenant and reaches back a day at most", async () => {
    const theirs = (await ask(`since=${t0}`, other)).body.data as { vin: string; level: number }[];
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ vin: A, level: 2 });
    await gw.repos.get('vehicleAlarmData').insert(sys, { vin: A, alarmType: 'gb:old', startTime: new Date(Date.now() - MISSED_CARDS_MAX_AGE_MS - 10 * MIN), isHandle: 0 });
    const all = (await ask('since=0')).body.data as { id: string }[];
    expect(all.map((c) => c.id)).toEqual([ids.oldAlarm, ids.fault, ids.alarm, ids.fence]);
  });

  it("keeps to the caller's data scope, as the alarm list does", async () => {
    const menu = async (code: string) => (await gw.json(`/api/wdiov-system/menu/page?code_equal=${code}`, { token })).body.data.records[0].id as string;
    const roleId = await gw.repos.get('role').insert(sys, { parentId: '0', roleName: '监控员', roleAlias: 'watcher', sort: 1 });
    const deptId = await gw.repos.get('dept').insert(sys, { parentId: '0', deptName: '监控部', fullName: '监控部', sort: 1, deptCategory: 1 });
    await gw.repos.get('user').insert(sys, { account: 'watch', realName: 'watch', password: md5('pw'), roleId, deptId });
    const watcher = await gw.signIn('watch', 'pw');
    const grant = (body: Record<string, string[]>) => gw.json('/api/wdiov-system/role/grant', postJson({ roleIds: [roleId], menuIds: [], dataScopeIds: [], apiScopeIds: [], ...body }, token));
    const menuIds = [await menu('vehicle_alarm')];
    expect((await grant({ menuIds })).body.code).toBe(200);
    const alarmCards = async () => ((await ask(`since=${t0}`, watcher)).body.data as { type: number; id: string }[]).filter((c) => c.type === 0).map((c) => c.id);
    expect(await alarmCards()).toEqual([ids.alarm]);
    // Alarms the watcher recorded only: none of the seeded ones, in the cards as in the list.
    await gw.json('/api/wdiov-system/data-scope/submit', postJson({
      menuId: menuIds[0], resourceCode: 'vehicleAlarmData', scopeName: '本人告警', scopeColumn: 'create_user', scopeType: 2,
    }, token));
    const scopeId = (await gw.json('/api/wdiov-system/data-scope/page?resourceCode_equal=vehicleAlarmData', { token })).body.data.records[0].id;
    expect((await grant({ menuIds, dataScopeIds: [scopeId] })).body.code).toBe(200);
    expect((await gw.json(`/api/wdiov-base/vehicleAlarmData/page?startTime=${t0}`, { token: watcher })).body.data.total).toBe(0);
    expect(await alarmCards()).toEqual([]);
  });

  it('refuses a since that is not a time in ms, in the request\'s language, with the 400 envelope', async () => {
    const zh = await ask('since=yesterday');
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ code: 400, success: false, data: {} });
    expect(zh.body.msg).toContain('起始时间必须是整数');
    const en = await ask('since=-5', token, 'en');
    expect(en.body).toMatchObject({ code: 400, success: false });
    expect(en.body.msg).toContain('since');
    expect((await ask('')).body.code).toBe(400);
  });

  it('is a contract: in the OpenAPI document with its query and card schema', async () => {
    const doc = (await gw.json('/api/openapi.json', { token })).body as { paths: Record<string, { get?: { parameters?: { name: string }[] } }> };
    const op = doc.paths[path]?.get;
    expect(op?.parameters?.map((p) => p.name)).toEqual(['since']);
    expect(JSON.stringify(op)).toContain('alarmName');
  });

  it('is answered only to a signed-in caller', async () => {
    const res = await gw.json(`${path}?since=${t0}`);
    expect(res.status).toBe(401);
  });
});
