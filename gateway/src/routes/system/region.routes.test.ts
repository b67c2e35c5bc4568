import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '@wdiov/contracts';
import { createTestGateway, postJson, type TestGateway } from '../../../test/test-gateway.ts';
import { sql } from 'drizzle-orm';
import { prepareData } from '../../seed/seed.ts';
import { ensureRegions } from '../../seed/regions.ts';
import type { Db } from '../../db/client.ts';

let gw: TestGateway;
let token: string;
const get = (path: string) => gw.json(path, { token });
const post = (path: string, body?: unknown) => (body === undefined ? gw.json(path, { method: 'POST', token }) : gw.json(path, postJson(body, token)));

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
});
afterAll(() => gw.dispose());

type TreeNode = { id: string; parentId: string; title: string; key: string; value: string; hasChildren: boolean };

describe('regions shipped with the console', () => {
  it('lazy-tree from the root lists the 34 provincial-level divisions', async () => {
    const roots = (await get('/api/wdiov-system/region/lazy-tree')).body.data as TreeNode[];
    expect(roots).toHaveLength(34);
    expect(roots[0]).toEqual({ id: '110000', parentId: '00', title: '北京市', key: '110000', value: '110000', hasChildren: true });
    expect(roots.map((r) => r.title)).toEqual(expect.arrayContaining(['上海市', '新疆维吾尔自治区', '澳门特别行政区']));
  });

  it('detail of 110000 is 北京市', async () => {
    expect((await get('/api/wdiov-system/region/detail?code=110000')).body.data).toMatchObject({ code: '110000', name: '北京市', regionLevel: 1, parentCode: '00' });
  });

  it('a district of Shanghai resolves to its city and province', async () => {
    const district = (await get('/api/wdiov-system/region/detail?code=310104')).body.data;
    expect(district).toMatchObject({ name: '徐汇区', regionLevel: 3, cityCode: '310100', cityName: '上海市', provinceCode: '310000', provinceName: '上海市', ancestors: '00,310000,310100' });
    const city = (await get(`/api/wdiov-system/region/detail?code=${district.parentCode}`)).body.data;
    const province = (await get(`/api/wdiov-system/region/detail?code=${city.parentCode}`)).body.data;
    expect([province.name, city.name, district.name]).toEqual(['上海市', '上海市', '徐汇区']);
    expect(province.parentCode).toBe('00');
  });

  it('select answers cascader options by parent code, leaves without children', async () => {
    const shanghai = (await get('/api/wdiov-system/region/select?code=310100')).body.data as { code: string; name: string; hasChildren: boolean }[];
    expect(shanghai.map((r) => r.name)).toContain('浦东新区');
    expect(shanghai.every((r) => r.hasChildren === false)).toBe(true);
    expect((await get('/api/wdiov-system/region/select')).body.data).toHaveLength(34);
    expect((await get('/api/wdiov-system/region/select?code=31;drop')).body.code).toBe(400);
  });

  it('the import runs once: a restart adds nothing and keeps what an operator removed', async () => {
    expect((await post('/api/wdiov-system/region/remove?id=310151')).body).toMatchObject({ code: 200 });
    const again = await prepareData(gw.database.db, gw.repos);
    expect(again.regionsAdded).toBe(0);
    expect((await get('/api/wdiov-system/region/detail?code=310151')).body.code).toBe(404);
  });

  it('a database older than the import keeps the regions an operator entered under their codes', async () => {
    const rolledBack = new Error('roll back');
    await expect(gw.database.db.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM wdiov_region`);
      await tx.execute(sql`INSERT INTO wdiov_region (id, code, parent_code, ancestors, name, region_level) VALUES (424242, '440300', '440000', '00,440000', '深圳(手工)', 2)`);
      const added = await ensureRegions(tx as unknown as Db);
      expect(added).toBeGreaterThan(3000);
      const [shenzhen] = (await tx.execute(sql`SELECT id::text AS id, name FROM wdiov_region WHERE code = '440300' AND is_deleted = 0`) as unknown as { rows: { id: string; name: string }[] }).rows;
      expect(shenzhen).toEqual({ id: '424242', name: '深圳(手工)' });
      const [district] = (await tx.execute(sql`SELECT parent_code FROM wdiov_region WHERE code = '440303'`) as unknown as { rows: { parent_code: string }[] }).rows;
      expect(district?.parent_code).toBe('440300');
      throw rolledBack;
    })).rejects.toBe(rolledBack);
  });
});

describe('regions identified by code', () => {
  it('an add under a region takes its place from the parent; the BladeX form’s subCode makes the code', async () => {
    const add = await post('/api/wdiov-system/region/submit', { parentCode: '310104', subCode: '001', name: '徐家汇街道', regionLevel: 4, parentName: '徐汇区', $regionLevel: '乡镇' });
    expect(add.body).toMatchObject({ code: 200, msg: '新增成功' });
    expect((await get('/api/wdiov-system/region/detail?code=310104001')).body.data).toMatchObject({
      name: '徐家汇街道', ancestors: '00,310000,310100,310104', provinceName: '上海市', cityName: '上海市', districtCode: '310104', districtName: '徐汇区',
    });
    const tree = (await get('/api/wdiov-system/region/lazy-tree?parentCode=310100')).body.data as TreeNode[];
    expect(tree.find((n) => n.id === '310104')?.hasChildren).toBe(true);
  });

  it('a submit of an existing code updates that region', async () => {
    const upd = await post('/api/wdiov-system/region/submit', { code: '310104001', parentCode: '310104', name: '徐家汇', regionLevel: 4 });
    expect(upd.body).toMatchObject({ code: 200, msg: '更新成功' });
    const rows = (await get('/api/wdiov-system/region/lazy-list?parentCode=310104')).body.data as { name: string }[];
    expect(rows.map((r) => r.name)).toEqual(['徐家汇']);
    // The same code sent as a number is the same region.
    expect((await post('/api/wdiov-system/region/submit', { code: 310104001, parentCode: '310104', name: '徐家汇街道', regionLevel: 4 })).body).toMatchObject({ code: 200, msg: '更新成功' });
  });

  it('keeps the code and place of a region with regions below it', async () => {
    const shanghai = (await get('/api/wdiov-system/region/detail?code=310100')).body.data as { id: string };
    const moved = await post('/api/wdiov-system/region/submit', { id: shanghai.id, code: '310199', parentCode: '310000', name: '上海市辖区', regionLevel: 2 });
    expect(moved.body.code).toBe(400);
    expect(moved.body.msg).toMatch(/下级/);
    expect((await get('/api/wdiov-system/region/detail?code=310100')).body.data).toMatchObject({ id: shanghai.id });
    // Its name may change.
    expect((await post('/api/wdiov-system/region/submit', { id: shanghai.id, name: '上海市市辖区' })).body.code).toBe(200);
  });

  it('refuses an unknown parent and a region under itself', async () => {
    expect((await post('/api/wdiov-system/region/submit', { code: '990101', parentCode: '990100', name: '无', regionLevel: 3 })).body.msg).toMatch(/上级区划不存在: 990100 \[parentCode\]/);
    expect((await post('/api/wdiov-system/region/submit', { code: '310104', parentCode: '310104001', name: '徐汇区', regionLevel: 3 })).body.msg).toMatch(/\[parentCode\]/);
  });

  it('remove takes codes, and a region only with its children', async () => {
    expect((await post('/api/wdiov-system/region/remove?id=310104')).body.msg).toMatch(/请先删除下级区划/);
    expect((await get('/api/wdiov-system/region/detail?code=310104')).body.data.name).toBe('徐汇区');
    expect((await post('/api/wdiov-system/region/remove?id=310104,310104001')).body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await get('/api/wdiov-system/region/detail?code=310104')).body.code).toBe(404);
    expect((await post('/api/wdiov-system/region/remove?id=310104')).body.code).toBe(404);
    expect((await post('/api/wdiov-system/region/remove?id=31;drop')).body.code).toBe(400);
  });
});

describe('region calls as declared contracts', () => {
  it('ignore query keys they do not know, and filter a level by the list filters', async () => {
    const plain = (await get('/api/wdiov-system/region/select?code=310100')).body.data as { code: string }[];
    const noisy = await get('/api/wdiov-system/region/select?code=310100&bogus=1&regionLevelx=9');
    expect(noisy.body.code).toBe(200);
    expect((noisy.body.data as { code: string }[]).map((r) => r.code)).toEqual(plain.map((r) => r.code));
    const named = (await get(`/api/wdiov-system/region/lazy-list?parentCode=310100&name_like=${encodeURIComponent('浦东')}`)).body.data as { name: string }[];
    expect(named.map((r) => r.name)).toEqual(['浦东新区']);
  });

  it('refuse a malformed code with a 400 naming it, in the request\'s language', async () => {
    const select = (await gw.json('/api/wdiov-system/region/select?code=31;drop', { token, headers: { 'Accept-Language': 'en' } })).body;
    expect(select).toMatchObject({ code: 400, success: false, msg: 'The region code must be 2-12 digits [code]' });
    expect((await get('/api/wdiov-system/region/lazy-tree?parentCode=abc')).body).toMatchObject({ code: 400, msg: '区划编号应为2-12位数字 [parentCode]' });
    expect((await get('/api/wdiov-system/region/detail')).body).toMatchObject({ code: 400, msg: '请输入区划编号 [code]' });
    expect((await get('/api/wdiov-system/region/detail?id=12ab')).body).toMatchObject({ code: 400, msg: expect.stringContaining('[id]') });
  });

  it('refuse a submit that is not an object, or whose id or code is not one', async () => {
    expect((await post('/api/wdiov-system/region/submit', [{ code: '4403' }])).body).toMatchObject({ code: 400, msg: '请求体必须是JSON对象' });
    expect((await post('/api/wdiov-system/region/submit', { code: true, name: '无' })).body).toMatchObject({ code: 400, msg: '区划编号必须是文本 [code]' });
    expect((await post('/api/wdiov-system/region/submit', { id: false, code: '4403' })).body).toMatchObject({ code: 400, msg: '无效的ID [id]' });
  });
});

describe('places picked from the regions', () => {
  it('an organisation, a vehicle or a fence lies in a region that exists', async () => {
    const org = entities.org.basePath;
    expect((await post(`${org}/submit`, { orgName: '浦东分部', regionCode: '310115' })).body).toMatchObject({ code: 200 });
    const [row] = (await get(`${org}/list?orgName=浦东分部`)).body.data.records;
    expect(row.regionCode).toBe('310115');
    expect((await post(`${org}/submit`, { id: row.id, regionCode: '999999' })).body.msg).toMatch(/所在地区不存在: 999999 \[regionCode\]/);
    expect((await post(`${org}/submit`, { orgName: '无效地区', regionCode: '31-15' })).body.msg).toMatch(/\[regionCode\]/);
    expect((await get(`${org}/detail?id=${row.id}`)).body.data.regionCode).toBe('310115');
  });
});
