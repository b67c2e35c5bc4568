import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { md5, createTestGateway, postJson, type TestGateway } from '../../../test/test-gateway.ts';
import { systemPrincipal } from '../../crud/principal.ts';

const LIMIT = 8192;
let gw: TestGateway;
let admin: string;
let clerk: string;
const base = '/api/wdiov-resource/oss';

beforeAll(async () => {
  gw = await createTestGateway({ BODY_LIMIT: String(LIMIT) });
  admin = await gw.signIn();
  // A user without the administrator role: put-file is self-service.
  const sys = systemPrincipal('000000');
  const roleId = await gw.repos.get('role').insert(sys, { parentId: '0', roleName: 'clerk', roleAlias: 'clerk', sort: 1 });
  const deptId = await gw.repos.get('dept').insert(sys, { parentId: '0', deptName: 'd', fullName: 'd', sort: 1, deptCategory: 1 });
  await gw.repos.get('user').insert(sys, { account: 'clerk', realName: 'clerk', password: md5('pw'), roleId, deptId });
  clerk = await gw.signIn('clerk', 'pw');
});
afterAll(() => gw.dispose());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const upload = (name: string, bytes: Uint8Array = PNG, token = clerk, field = 'file') => {
  const form = new FormData();
  form.append(field, new Blob([bytes]), name);
  return gw.json(`${base}/endpoint/put-file`, { method: 'POST', body: form, token });
};
const storedFiles = () => {
  const root = join(gw.dataDir, 'oss');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => d.name);
};
const addOss = async (ossCode: string, category = 5, endpoint = 'http://files.example.com/') => {
  await gw.json(`${base}/submit`, postJson({ category, ossCode, endpoint }, admin));
  const page = await gw.json(`${base}/list?ossCode_equal=${ossCode}`, { token: admin });
  return page.body.data.records[0].id as string;
};

describe('oss put-file and file serving', () => {
  it('stores an upload under a generated name, writes an attach row and serves it back', async () => {
    const res = await upload('../../我的 头像.PNG');
    expect(res.body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    const { link, domain, name, originalName, attachId } = res.body.data;
    // The link names the object alone: no tenant, no date.
    expect(link).toMatch(/^\/api\/wdiov-resource\/oss\/file\/[0-9a-f]{32}\.png$/);
    expect(link).toBe(`/api/wdiov-resource/oss/file/${name}`);
    expect(domain).toBe('');
    expect(originalName).toBe('我的 头像.PNG');
    const attach = await gw.json(`/api/wdiov-resource/attach/detail?id=${attachId}`, { token: admin });
    expect(attach.body.data).toMatchObject({ link, name, originalName, extension: 'png', attachSize: String(PNG.length) });

    const file = await gw.request(link); // no token: the file route is public
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
  });

  it('answers 404 for a well-formed name that does not exist', async () => {
    const res = await gw.json(`${base}/file/000000/20240101/${'a'.repeat(32)}.png`);
    expect(res).toMatchObject({ status: 404, body: { code: 404 } });
  });

  it.each([
    ['dot-dot in the name', `000000/20240101/..%2F..%2Fjwt-secret`],
    ['dot-dot in the date', `000000/..%2F..%2F..%2Foss/${'a'.repeat(32)}.png`],
    ['double-encoded dots', `000000/%252e%252e/${'a'.repeat(32)}.png`],
    ['backslashes', `000000/20240101/..%5C..%5Cjwt-secret`],
    ['a non-numeric tenant', `admin/20240101/${'a'.repeat(32)}.png`],
    ['an upper-case name', `000000/20240101/${'A'.repeat(32)}.png`],
    ['a disallowed extension', `000000/20240101/${'a'.repeat(32)}.html`],
    ['a NUL byte', `000000/20240101/${'a'.repeat(32)}.png%00.txt`],
    ['dot-dot as a link name', `..%2F..%2Fjwt-secret`],
    ['an upper-case link name', `${'A'.repeat(32)}.png`],
    ['a link name with a disallowed extension', `${'a'.repeat(32)}.html`],
  ])('refuses a path with %s', async (_n, path) => {
    writeFileSync(join(gw.dataDir, 'jwt-secret'), 'secret');
    const res = await gw.request(`${base}/file/${path}`);
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text).not.toContain('secret');
    expect(JSON.parse(text)).toMatchObject({ code: 400, success: false });
  });

  it('never reaches outside the store through a dot-segment path', async () => {
    const res = await gw.request(`${base}/file/000000/../../../jwt-secret`);
    expect(res.status).not.toBe(200);
    expect(await res.text()).not.toContain('secret');
  });

  it.each([
    ['a disallowed extension', () => upload('evil.html'), /不允许的文件类型: \.html.*\[file\]/],
    ['no extension', () => upload('README'), /不允许的文件类型: \(无扩展名\).*\[file\]/],
    ['an svg', () => upload('x.svg'), /不允许的文件类型: \.svg/],
    ['an empty file', () => upload('empty.txt', new Uint8Array()), /文件为空 \[file\]/],
    ['an oversize file', () => upload('big.zip', new Uint8Array(LIMIT * 2)), /请求体过大/],
    ['no file field', () => upload('a.png', PNG, clerk, 'other'), /请选择要上传的文件 \[file\]/],
    ['a JSON body', () => gw.json(`${base}/endpoint/put-file`, postJson({ file: 'x' }, clerk)), /multipart\/form-data.*\[file\]/],
  ])('refuses %s and stores nothing', async (_n, call, msg) => {
    const before = storedFiles().length;
    const attachBefore = (await gw.json('/api/wdiov-resource/attach/list', { token: admin })).body.data.total;
    const res = await call();
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toMatch(msg);
    expect(storedFiles().length).toBe(before);
    expect((await gw.json('/api/wdiov-resource/attach/list', { token: admin })).body.data.total).toBe(attachBefore);
  });

  it('needs a signed-in user to upload', async () => {
    const form = new FormData();
    form.append('file', new Blob([PNG]), 'a.png');
    const res = await gw.json(`${base}/endpoint/put-file`, { method: 'POST', body: form });
    expect(res.body.code).toBe(401);
  });

  it('removes a file of the tenant with its attach row', async () => {
    const { name, attachId, link } = (await upload('del.txt', new TextEncoder().encode('bye'))).body.data;
    const rm = await gw.json(`${base}/endpoint/remove-file?fileName=${encodeURIComponent(name)}`, { method: 'POST', token: admin });
    expect(rm.body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await gw.request(link)).status).toBe(404);
    expect((await gw.json(`/api/wdiov-resource/attach/detail?id=${attachId}`, { token: admin })).body.code).toBe(404);
    const again = await gw.json(`${base}/endpoint/remove-file?fileName=${encodeURIComponent(name)}`, { method: 'POST', token: admin });
    expect(again.body.code).toBe(404);
    const bad = await gw.json(`${base}/endpoint/remove-file?fileName=${encodeURIComponent('000000/../x')}`, { method: 'POST', token: admin });
    expect(bad.body).toMatchObject({ code: 400, msg: expect.stringContaining('[fileName]') });
    const other = await gw.json(`${base}/endpoint/remove-file?fileName=000001/20240101/${'a'.repeat(32)}.png`, { method: 'POST', token: admin });
    expect(other.body.code).toBe(403);
  });

  it.each([
    ['no file name', () => '', '缺少必要的请求参数: fileName [fileName]'],
    ['a blank file name', () => '?fileName=%20', '文件名应为 <名称>.<扩展名> 或其链接 [fileName]'],
    ['a name outside the store', (name: string) => `?fileName=${encodeURIComponent(`../${name}`)}`, '文件名应为 <名称>.<扩展名> 或其链接 [fileName]'],
  ])('refuses %s naming it and removes nothing', async (_n, query, msg) => {
    const { name, attachId, link } = (await upload('keep.txt', new TextEncoder().encode('stay'))).body.data;
    const res = await gw.json(`${base}/endpoint/remove-file${query(name)}`, { method: 'POST', token: admin });
    expect(res.body).toMatchObject({ code: 400, success: false, msg });
    expect((await gw.request(link)).status).toBe(200);
    expect((await gw.json(`/api/wdiov-resource/attach/detail?id=${attachId}`, { token: admin })).body.code).toBe(200);
  });
});

describe('oss enable', () => {
  const statusOf = async (id: string) => (await gw.json(`${base}/detail?id=${id}`, { token: admin })).body.data.status;

  it('enables one configuration and disables the others of the tenant', async () => {
    const a = await addOss('local-a');
    const b = await addOss('local-b');
    expect(await statusOf(a)).toBe(1); // the engine's default on add
    const res = await gw.json(`${base}/enable?id=${a}`, { method: 'POST', token: admin });
    expect(res.body).toMatchObject({ code: 200, msg: '操作成功' });
    expect([await statusOf(a), await statusOf(b)]).toEqual([1, 0]);
    await gw.json(`${base}/enable?id=${b}`, { method: 'POST', token: admin });
    expect([await statusOf(a), await statusOf(b)]).toEqual([0, 1]);
    // The enabled local-disk configuration's endpoint becomes the answered domain.
    expect((await upload('x.jpg')).body.data.domain).toBe('http://files.example.com');
  });

  it('refuses a missing, malformed or unknown id', async () => {
    expect((await gw.json(`${base}/enable`, { method: 'POST', token: admin })).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: id [id]' });
    expect((await gw.json(`${base}/enable?id=1;drop`, { method: 'POST', token: admin })).body).toMatchObject({ code: 400, msg: '无效的ID [id]' });
    expect((await gw.json(`${base}/enable?id=123`, { method: 'POST', token: admin })).body.code).toBe(404);
  });

  it('changes no configuration when it refuses an id', async () => {
    await addOss('local-e');
    const statuses = async () => (await gw.json(`${base}/list?size=100`, { token: admin })).body.data.records.map((r: { id: string; status: number }) => [r.id, r.status]);
    const before = await statuses();
    for (const query of ['', '?id=%20', '?id=1;drop']) {
      expect((await gw.json(`${base}/enable${query}`, { method: 'POST', token: admin })).body).toMatchObject({ code: 400, success: false, msg: expect.stringContaining('[id]') });
    }
    expect(await statuses()).toEqual(before);
  });

  it('is an administrator write', async () => {
    const id = await addOss('local-c');
    expect((await gw.json(`${base}/enable?id=${id}`, { method: 'POST', token: clerk })).body.code).toBe(403);
  });
});
