import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { md5, createTestGateway, type TestGateway } from '../../../test/test-gateway.ts';
import { systemPrincipal } from '../../crud/principal.ts';
import { startOfConsoleDay, UPLOAD_QUOTA_PARAMS } from '../../storage/upload-quota.ts';

/** Quotas small enough to reach: 1000 bytes a user, 1500 a tenant, per day. */
let gw: TestGateway;
let admin: string;
let clerk: string;
let clerk2: string;
let boss: string;
const base = '/api/wdiov-resource/oss';
const makeUser = async (tenantId: string, account: string, roleAlias = account) => {
  const sys = systemPrincipal(tenantId);
  const roleId = await gw.repos.get('role').insert(sys, { parentId: '0', roleName: roleAlias, roleAlias, sort: 1 });
  const deptId = await gw.repos.get('dept').insert(sys, { parentId: '0', deptName: account, fullName: account, sort: 1, deptCategory: 1 });
  await gw.repos.get('user').insert(sys, { account, realName: account, password: md5('pw'), roleId, deptId });
};

beforeAll(async () => {
  gw = await createTestGateway({ UPLOAD_QUOTA_USER_BYTES: '1000', UPLOAD_QUOTA_TENANT_BYTES: '1500' });
  admin = await gw.signIn();
  await makeUser('000000', 'clerk');
  await makeUser('000000', 'clerk2');
  await gw.repos.get('tenant').insert(systemPrincipal('000000'), { tenantId: '000001', tenantName: 'B' });
  await makeUser('000001', 'boss', 'administrator');
  clerk = await gw.signIn('clerk', 'pw');
  clerk2 = await gw.signIn('clerk2', 'pw');
  boss = await gw.signIn('boss', 'pw', '000001');
});
afterAll(() => gw.dispose());

const bytes = (n: number, fill = 1) => new Uint8Array(n).fill(fill);
const upload = (token: string, size: number, name = 'f.txt', language = 'zh-CN') => {
  const form = new FormData();
  form.append('file', new Blob([bytes(size)]), name);
  return gw.json(`${base}/endpoint/put-file`, { method: 'POST', body: form, token, headers: { 'Accept-Language': language } });
};
const storedFiles = () => {
  const root = join(gw.dataDir, 'oss');
  return existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length : 0;
};
const attachTotal = async (token = admin) => (await gw.json('/api/wdiov-resource/attach/list', { token })).body.data.total as number;

describe('daily upload quotas', () => {
  it('refuses what would take a user past the user quota, naming it, and stores nothing', async () => {
    expect((await upload(clerk, 600)).body.code).toBe(200);
    const [files, attached] = [storedFiles(), await attachTotal()];
    const refused = await upload(clerk, 600);
    expect(refused.body).toMatchObject({ code: 400, success: false });
    expect(refused.body.msg).toBe('超出每个用户每日上传配额 1000 B: 今日已上传 600 B, 本文件 600 B [file]');
    const english = await upload(clerk, 600, 'f.txt', 'en');
    expect(english.body.msg).toBe('The daily upload quota per user (1000 B) would be exceeded: 600 B uploaded today, this file 600 B [file]');
    expect([storedFiles(), await attachTotal()]).toEqual([files, attached]);
    // What is left of the quota can still be used.
    expect((await upload(clerk, 400)).body.code).toBe(200);
  });

  it('refuses what would take the tenant past the tenant quota, while another tenant uploads on', async () => {
    // clerk has 1000 of the tenant's 1500 bytes today.
    const files = storedFiles();
    const refused = await upload(clerk2, 600);
    expect(refused.body).toMatchObject({ code: 400, msg: '超出每个租户每日上传配额 1.5 KB: 本租户今日已上传 1000 B, 本文件 600 B [file]' });
    expect(storedFiles()).toBe(files);
    expect((await upload(clerk2, 500)).body.code).toBe(200);
    expect((await upload(boss, 900)).body.code).toBe(200);
  });

  it('keeps counting a removed file towards the day', async () => {
    const { name } = (await upload(boss, 100)).body.data;
    const rm = await gw.json(`${base}/endpoint/remove-file?fileName=${name}`, { method: 'POST', token: boss });
    expect(rm.body.code).toBe(200);
    // boss: 900 + 100 uploaded today, so one more byte is over.
    expect((await upload(boss, 1)).body.msg).toMatch(/^超出每个用户每日上传配额 1000 B: 今日已上传 1000 B/);
  });

  it('lets only what fits through when uploads arrive at once', async () => {
    await gw.repos.get('tenant').insert(systemPrincipal('000000'), { tenantId: '000002', tenantName: 'C' });
    await makeUser('000002', 'carol');
    const carol = await gw.signIn('carol', 'pw', '000002');
    const answers = await Promise.all([1, 2, 3, 4].map(() => upload(carol, 400)));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.body.code === 400)).toHaveLength(2);
    const [day] = readdirSync(join(gw.dataDir, 'oss', '000002'));
    expect(readdirSync(join(gw.dataDir, 'oss', '000002', day!))).toHaveLength(2);
  });

  it('takes the platform params over the settings when they hold a byte count', async () => {
    const sys = systemPrincipal('000000');
    await gw.repos.get('param').insert(sys, { paramName: 'user quota', paramKey: UPLOAD_QUOTA_PARAMS.userBytes, paramValue: '5000' });
    const tenantParam = await gw.repos.get('param').insert(sys, { paramName: 'tenant quota', paramKey: UPLOAD_QUOTA_PARAMS.tenantBytes, paramValue: 'lots' });
    // The tenant param is not a byte count: the tenant quota stays 1500 (1500 used).
    expect((await upload(clerk, 10)).body.msg).toMatch(/每个租户每日上传配额 1.5 KB/);
    await gw.repos.get('param').update(sys, tenantParam, { paramValue: '4000' });
    expect((await upload(clerk, 2000)).body.code).toBe(200);
  });

  it('counts a day from midnight in the console zone', () => {
    expect(startOfConsoleDay(new Date('2026-12-01T17:30:00Z'), 480).toISOString()).toBe('2026-12-01T16:00:00.000Z');
    expect(startOfConsoleDay(new Date('2026-12-01T15:59:59Z'), 480).toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(startOfConsoleDay(new Date('2026-12-01T03:00:00Z'), -300).toISOString()).toBe('2026-11-30T05:00:00.000Z');
  });
});

describe('links to stored files across tenants', () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9]);
  const uploadPng = (token: string) => {
    const form = new FormData();
    form.append('file', new Blob([PNG]), 'logo.png');
    return gw.json(`${base}/endpoint/put-file`, { method: 'POST', body: form, token });
  };

  it('carries neither tenant nor date, and serves a file to its own tenant only', async () => {
    const { link, name } = (await uploadPng(boss)).body.data;
    expect(link).toMatch(/^\/api\/wdiov-resource\/oss\/file\/[0-9a-f]{32}\.png$/);
    expect(link).not.toContain('000001');

    expect((await gw.request(link)).status).toBe(200); // an <img src>: no token
    const own = await gw.request(link, { token: boss });
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(PNG);
    const foreign = await gw.request(link, { token: clerk });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain('PNG');
    // A token that is not one answers 401, not the file.
    expect((await gw.request(link, { token: 'forged' })).status).toBe(401);

    // The file lies at 000001/<day>/<name>: that path, guessed from another tenant's links, finds nothing.
    const day = readdirSync(join(gw.dataDir, 'oss', '000001'))[0]!;
    expect((await gw.request(`${base}/file/000001/${day}/${name}`)).status).toBe(404);
    expect((await gw.request(`${base}/file/000001/${day}/${name}`, { token: boss })).status).toBe(404);

    // Another tenant can neither remove it nor learn that it exists.
    const rm = await gw.json(`${base}/endpoint/remove-file?fileName=${name}`, { method: 'POST', token: admin });
    expect(rm.body.code).toBe(404);
    expect((await gw.request(link, { token: boss })).status).toBe(200);
  });

  it('serves a file written before links named objects alone to its tenant only', async () => {
    const name = `${'b'.repeat(32)}.png`;
    mkdirSync(join(gw.dataDir, 'oss', '000000', '20240101'), { recursive: true });
    writeFileSync(join(gw.dataDir, 'oss', '000000', '20240101', name), PNG);
    const legacy = `${base}/file/000000/20240101/${name}`;
    expect((await gw.request(legacy)).status).toBe(200);
    expect((await gw.request(legacy, { token: clerk })).status).toBe(200);
    expect((await gw.request(legacy, { token: boss })).status).toBe(404);
  });
});
