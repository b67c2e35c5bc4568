import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, type TestGateway } from '../../../../test/test-gateway.ts';

let gw: TestGateway;
let token: string;
beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
});
afterAll(() => gw.dispose());

const reGeo = (query: string) => gw.json(`/api/wdiov-resource/mapGeo/reGeoCode?${query}`, { token });

describe('mapGeo/reGeoCode', () => {
  it('answers province and city from the offline data, ignoring a client key', async () => {
    const res = await reGeo('key=abc&amapKey=def&location=114.0579,22.5431&extensions=base');
    expect(res.body).toEqual({
      code: 200, success: true, msg: '操作成功',
      data: { formattedAddress: '广东省深圳市', province: '广东省', provinceCode: '440000', city: '深圳市', cityCode: '440300', location: '114.0579,22.5431' },
    });
    expect((await reGeo('location=%20121.47%20,%2031.23')).body.data).toMatchObject({ formattedAddress: '上海市', city: '上海市', cityCode: '310100' });
  });

  it('answers an empty address with a msg outside China', async () => {
    const res = await reGeo('location=139.69,35.69');
    expect(res.body).toMatchObject({ code: 200, msg: '坐标不在中国境内, 无法解析地址', data: { formattedAddress: '', province: '', location: '139.69,35.69' } });
  });

  it.each([
    ['no location', '', /缺少必要的请求参数: location \[location\]/],
    ['one number', 'location=114.05', /location 应为 经度,纬度.*\[location\]/],
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
