import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestGateway, postJson, type TestGateway } from '../../test/test-gateway.ts';
import { addVehicle, terminal, until as untilWithin } from '../routes/base/test-support.ts';
import { realtimeFrame } from '../../test/gbt-frames.ts';
import { createLogger } from '../lib/logger.ts';
import { SuperiorPlatform } from '../../../simulators/src/superior-platform.ts';
import { startForwarding, type Forwarding } from './forward-service.ts';
import { LinkState } from './link-state.ts';
import { Encryption } from '@wdiov/contracts/protocol/index';

/**
 * A link logs in and confirms in its own time on a busy machine (the Postgres run of the suite
 * shares the cores with a browser suite's build): generous deadlines.
 */
const until: typeof untilWithin = (probe, ms = 60_000) => untilWithin(probe, ms);

const AES_KEY = '2b7e151628aed2a6abf7158809cf4f3c';
const SM4_KEY = '0123456789abcdeffedcba9876543210';
const VINS = ['LFWDTEST000000001', 'LFWDTEST000000002', 'LFWDTEST000000003'];
let gw: TestGateway;
let token: string;
let ids: string[];
let platformId: string;
let superior: SuperiorPlatform;
let forwarding: Forwarding;

const post = (path: string, body: unknown) => gw.json(`/api/wdiov-base/${path}`, postJson(body, token));
const get = (path: string) => gw.json(`/api/wdiov-base/${path}`, { token });
const platformRow = async () => (await get(`forwardPlatform/detail?id=${platformId}`)).body.data;

beforeAll(async () => {
  gw = await createTestGateway({}, { streaming: true });
  token = await gw.signIn();
  ids = [];
  for (const [i, vin] of VINS.entries()) ids.push(await addVehicle(gw, token, vin, `粤B·FW00${i}`));
  superior = new SuperiorPlatform({ aesKey: AES_KEY, sm4Key: SM4_KEY });
  const port = await superior.listen(0);
  const res = await post('forwardPlatform/submit', {
    platformName: '地方平台', platformType: 2, host: '127.0.0.1', port, protocol: 1, platformCode: 'FWDTEST', username: 'u', password: 'p', encryption: 1,
  });
  expect(res.body.success).toBe(true);
  platformId = (await get('forwardPlatform/page?platformName=地方平台')).body.data.records[0].id;
  forwarding = await startForwarding({
    db: gw.database.db, bus: gw.bus!, logger: createLogger('silent'), reconcileMs: 500, outbound: gw.outbound,
    options: { heartbeatMs: 1000, answerTimeoutMs: 2000, retryMinMs: 100, retryMaxMs: 500 },
  });
});
afterAll(async () => {
  await forwarding?.close();
  await superior?.stop();
  await gw?.dispose();
});

describe('forwarding calls', { timeout: 180_000 }, () => {
  it('refuse bad input with a 400 naming the field, changing nothing', async () => {
    for (const [path, body, msg] of [
      ['forwardPlatform/update', { id: platformId, forwardStatus: 2 }, '转发状态'],
      ['forwardPlatform/update', { forwardStatus: 1 }, 'id'],
      ['forwardPlatformVehicle/save', { forwardPlatformId: platformId, vehicleIds: 'abc' }, '车辆ID无效'],
      ['forwardPlatformVehicle/save', { forwardPlatformId: platformId, vehicleIds: ids, startDate: '2026/01/01' }, 'yyyy-MM-dd'],
      ['forwardPlatformVehicle/save', { forwardPlatformId: platformId, vehicleIds: ['1234567890123'] }, '车辆不存在'],
      ['forwardBlacklist/save', { vehicleIds: [ids[0]], forwardPlatformId: '99999999' }, '转发平台不存在'],
    ] as const) {
      const res = await post(path, body);
      expect(res.body, path).toMatchObject({ success: false });
      expect([400, 404]).toContain(res.body.code);
      expect(res.body.msg, path).toContain(msg);
    }
    expect((await get(`forwardPlatformVehicle/vehicleList?forwardPlatformId=${platformId}`)).body.data).toEqual([]);
    expect((await platformRow()).forwardStatus).toBe(0);
    expect((await get('forwardLog/getVehicle')).body.code).toBe(400);
  });

  it('bind many vehicles at once, blacklist one, switch the platform on: only the allowed vehicle is forwarded', async () => {
    const bind = await post('forwardPlatformVehicle/save', { forwardPlatformId: platformId, vehicleIds: [ids[0], ids[1]], startDate: '2020-01-01' });
    expect(bind.body.data).toMatchObject({ total: 2, added: 2, removed: 0 });
    const list = (await get(`forwardPlatformVehicle/vehicleList?forwardPlatformId=${platformId}`)).body.data;
    expect(list.map((v: { vin: string }) => v.vin).sort()).toEqual([VINS[0], VINS[1]]);
    expect(list[0].startDate).toBe('2020-01-01');
    expect((await post('forwardBlacklist/save', { vehicleIds: [ids[1]], forwardPlatformId: platformId, reason: '停运' })).body.data).toEqual({ added: 1, already: 0 });
    expect((await post('forwardBlacklist/save', { vehicleIds: [ids[1]], forwardPlatformId: platformId })).body.data).toEqual({ added: 0, already: 1 });
    const barred = (await get(`forwardBlacklist/vehicleList?forwardPlatformId=${platformId}`)).body.data;
    expect(barred.map((v: { vin: string }) => v.vin)).toEqual([VINS[1]]);

    const on = await post('forwardPlatform/update', { id: platformId, forwardStatus: 1 });
    expect(on.body.data.forwardStatus).toBe(1);
    await until(async () => (await platformRow()).linkState === LinkState.loggedIn);

    const terminals = await Promise.all(VINS.map((vin) => terminal(gw, vin)));
    const t0 = Date.now() - 5000;
    for (let s = 0; s < 3; s++) for (const [i, t] of terminals.entries()) t.send(realtimeFrame({ vin: VINS[i]!, at: t0 + s * 1000 }));
    await until(() => superior.records.frames >= 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(Object.keys(superior.records.vehicles)).toEqual([VINS[0]]);
    expect(superior.records.vehicles[VINS[0]!]).toMatchObject({ realtime: 3, duplicates: 0 });
    for (const t of terminals) t.close();

    const page = await until(async () => {
      const r = (await get(`forwardRecord/page?forwardPlatformId=${platformId}`)).body.data;
      return r.total === 1 && r.records[0].framesAcked === '3' ? r : undefined;
    });
    expect(page.records[0]).toMatchObject({ vin: VINS[0], framesSent: '3', realtimeSent: '3', reissueSent: '0' });
    const summary = (await get(`forwardRecord/summary?forwardPlatformId=${platformId}`)).body.data;
    expect(summary).toEqual([expect.objectContaining({
      forwardPlatformId: platformId, platformName: '地方平台', vehicles: 1, framesSent: '3', framesAcked: '3', realtimeSent: '3', reissueSent: '0', vehiclesWithError: 0,
    })]);
    expect(summary[0].lastSendTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await get(`forwardRecord/summary?vin=${VINS[1]}`)).body.data).toEqual([]);
    expect((await get('forwardRecord/summary?forwardPlatformId=abc')).body).toMatchObject({ code: 400 });
    const log = (await get(`forwardLog/getVehicle?vin=${VINS[0]}`)).body.data;
    expect(log.platforms).toEqual([expect.objectContaining({ forwardPlatformId: platformId, bound: true, blacklisted: false, linkState: LinkState.loggedIn, framesSent: '3' })]);
    const barredLog = (await get(`forwardLog/getVehicle?vin=${VINS[1]}`)).body.data;
    expect(barredLog.platforms[0]).toMatchObject({ bound: true, blacklisted: true, framesSent: '0' });
  });

  it('switching the platform off logs the link out', async () => {
    const logouts = superior.records.logouts;
    await post('forwardPlatform/update', { id: platformId, forwardStatus: 0 });
    await until(async () => (await platformRow()).linkState === LinkState.idle);
    expect(superior.records.logouts).toBe(logouts + 1);
    const rebind = await post('forwardPlatformVehicle/save', { forwardPlatformId: platformId, vehicleIds: [ids[2]] });
    expect(rebind.body.data).toMatchObject({ total: 1, added: 1, removed: 2 });
  });

  it('AES128 with the key of the platform row: frames go encrypted, the platform decrypts them, the key is never answered', async () => {
    const row = await platformRow();
    const saved = await post('forwardPlatform/submit', { ...row, encryption: Encryption.aes, encryptionKey: AES_KEY, forwardStatus: 1 });
    expect(saved.body.success).toBe(true);
    expect(JSON.stringify((await get(`forwardPlatform/detail?id=${platformId}`)).body)).not.toContain(AES_KEY);
    expect(JSON.stringify((await get('forwardPlatform/page')).body)).not.toContain(AES_KEY);
    await forwarding.reconcile();
    await until(async () => (await platformRow()).linkState === LinkState.loggedIn);
    const t = await terminal(gw, VINS[2]!);
    const before = superior.records.encrypted;
    for (let s = 0; s < 2; s++) t.send(realtimeFrame({ vin: VINS[2]!, at: Date.now() - 3000 + s * 1000 }));
    await until(() => superior.records.encrypted >= before + 2);
    t.close();
    expect(superior.records.undecryptable).toBe(0);
    expect(superior.records.vehicles[VINS[2]!]).toMatchObject({ realtime: 2, duplicates: 0 });
  });

  it('SM4 belongs to the 2025 edition: refused at submit on 2016 and with a bad key, refused by the link if stored so before; on 2025 frames go SM4-encrypted', async () => {
    const stored = await platformRow();
    const kept = () => platformRow().then((r) => ({ protocol: r.protocol, encryption: r.encryption }));
    const onOld = await post('forwardPlatform/submit', { ...stored, encryption: Encryption.sm4, encryptionKey: SM4_KEY, forwardStatus: 1 });
    expect(onOld.body).toMatchObject({ code: 400 });
    expect(onOld.body.msg).toMatch(/2025.*\[encryption\]/);
    const badKey = await post('forwardPlatform/submit', { ...stored, protocol: 2, encryption: Encryption.sm4, encryptionKey: 'zz' + SM4_KEY.slice(2), forwardStatus: 1 });
    expect(badKey.body).toMatchObject({ code: 400 });
    expect(badKey.body.msg).toContain('[encryptionKey]');
    expect(JSON.stringify(badKey.body)).not.toContain(SM4_KEY.slice(2));
    expect(await kept()).toEqual({ protocol: stored.protocol, encryption: stored.encryption });
    // A row stored before submits were checked (written here past the API): the link refuses it, saying why.
    await gw.database.db.execute(sql`UPDATE wdiov_forward_platform SET encryption = ${Encryption.sm4}, encryption_key = ${SM4_KEY} WHERE id = ${platformId}`);
    await forwarding.reconcile();
    const refused = await until(async () => {
      const row = await platformRow();
      return row.linkState === LinkState.refused ? row : undefined;
    });
    expect(refused.linkError).toContain('2025');
    expect(JSON.stringify(refused)).not.toContain(SM4_KEY);
    await post('forwardPlatform/submit', { ...refused, protocol: 2 });
    await forwarding.reconcile();
    await until(async () => (await platformRow()).linkState === LinkState.loggedIn);
    const t = await terminal(gw, VINS[2]!);
    const before = superior.records.encrypted;
    for (let s = 0; s < 2; s++) t.send(realtimeFrame({ vin: VINS[2]!, at: Date.now() - 10_000 + s * 1000 }));
    await until(() => superior.records.encrypted >= before + 2);
    t.close();
    expect(superior.records.undecryptable).toBe(0);
    expect(superior.records.vehicles[VINS[2]!]).toMatchObject({ realtime: 4, duplicates: 0 });
  });
});
