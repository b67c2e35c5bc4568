import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestGateway, postJson, type TestGateway } from '../../../../test/test-gateway.ts';

let gw: TestGateway;
let token: string;
beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
});
afterAll(() => gw.dispose());

const reGeo = (query: string, language?: string) =>
  gw.json(`/api/wdiov-resource/mapGeo/reGeoCode?${query}`, { token, headers: language ? { 'Accept-Language': language } : {} });
const setParam = async (paramKey: string, paramValue: string) => {
  const rows = (await gw.json(`/api/wdiov-system/param/list?paramKey=${encodeURIComponent(paramKey)}`, { token })).body.data.records as { id: string }[];
  const body = rows[0] ? { id: rows[0].id, paramName: paramKey, paramKey, paramValue } : { paramName: paramKey, paramKey, paramValue };
  expect((await gw.json('/api/wdiov-system/param/submit', postJson(body, token))).body.code).toBe(200);
};
const removeParam = async (paramKey: string) => {
  const rows = (await gw.json(`/api/wdiov-system/param/list?paramKey=${encodeURIComponent(paramKey)}`, { token })).body.data.records as { id: string }[];
  for (const row of rows) expect((await gw.json(`/api/wdiov-system/param/remove?ids=${row.id}`, { method: 'POST', token })).body.code).toBe(200);
};

describe('mapGeo/reGeoCode', () => {
  it('answers province and city from the offline data, ignoring a client key', async () => {
    const res = await reGeo('key=abc&amapKey=def&location=114.0579,22.5431&extensions=base');
    expect(res.body).toEqual({
      code: 200, success: true, msg: '操作成功',
      data: {
        formattedAddress: '广东省深圳市', province: '广东省', provinceCode: '440000', city: '深圳市', cityCode: '440300', location: '114.0579,22.5431',
        placeLocation: { address: '', district: '广东省深圳市' },
      },
    });
    expect((await reGeo('location=%20121.47%20,%2031.23')).body.data).toMatchObject({ formattedAddress: '上海市', city: '上海市', cityCode: '310100' });
  });

  it('names the nearest of the tenant\'s own places with its distance, in the request\'s language', async () => {
    const station = { stationName: '蛇口', stationCode: 'GEO-1', lng: 113.9172, lat: 22.4871 };
    expect((await gw.json('/api/wdiov-base/chargeStation/submit', postJson(station, token))).body.code).toBe(200);
    // ~330 m west of the station; the write reloads the tenant's places in the background.
    const zh = await vi.waitFor(async () => {
      const body = (await reGeo('location=113.914,22.4871')).body.data;
      expect(body.placeLocation.place).toBeDefined();
      return body;
    });
    expect(zh.formattedAddress).toMatch(/^广东省深圳市 近 蛇口充电站 3\d\d m$/);
    expect(zh.placeLocation.place).toMatchObject({ kind: 'chargeStation', name: '蛇口' });
    expect((await reGeo('location=113.914,22.4871', 'en')).body.data.formattedAddress).toMatch(/^3\d\d m from 蛇口 charging station, 广东省深圳市$/);
  });

  it('answers the address of AMap\'s regeo once a key is set, through the outgoing allow-list', async () => {
    const asked: string[] = [];
    const amap = http.createServer((req, res) => {
      asked.push(req.url!);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: '1', info: 'OK', regeocode: { formatted_address: '广东省深圳市福田区华强北街道' } }));
    });
    await new Promise<void>((r) => amap.listen(0, '127.0.0.1', r));
    try {
      await setParam('map.geocodeOrigin', `http://127.0.0.1:${(amap.address() as AddressInfo).port}`);
      await setParam('map.amapKey', 'web-key');
      const res = await reGeo('location=114.0856,22.5470', 'en');
      expect(res.body.data).toMatchObject({ formattedAddress: '广东省深圳市福田区华强北街道', city: '深圳市', placeLocation: { address: '广东省深圳市福田区华强北街道' } });
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatch(/^\/v3\/geocode\/regeo\?key=web-key&location=114\.09\d+%2C22\.54\d+/);
    } finally {
      await removeParam('map.amapKey');
      await new Promise<void>((r) => amap.close(() => r()));
    }
  });

  it('answers an empty address with a msg outside China', async () => {
    const res = await reGeo('location=139.69,35.69');
    expect(res.body).toMatchObject({ code: 200, msg: '坐标不在中国境内, 无法解析地址', data: { formattedAddress: '', province: '', location: '139.69,35.69' } });
  });

  it.each([
    ['no location', '', /缺少必要的请求参数: location \[location\]/],
    ['one number', 'location=114.05', /location 应为 经度,纬度.*\[location\]/],
    ['a location too long', `location=${'1'.repeat(65)}`, /location不能超过64个字符 \[location\]/],
    ['lat,lng words', 'location=abc,def', /经度,纬度/],
    ['a longitude past 180', 'location=181,22', /经度应在 -180 到 180 之间 \[location\]/],
    ['a latitude past 90', 'location=114,-91', /纬度应在 -90 到 90 之间 \[location\]/],
    ['exponent notation', 'location=1e2,22', /经度,纬度/],
    ['a batch of points', 'location=114,22|115,23', /经度,纬度/],
    ['SQL', `location=${encodeURIComponent("114,22' or 1=1--")}`, /经度,纬度/],
  ])('refuses %s', async (_n, query, msg) => {
    const res = await reGeo(query);
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toMatch(msg);
  });
});
