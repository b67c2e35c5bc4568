import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemPrincipal } from '../../crud/principal.ts';
import { createTestGateway, type TestGateway } from '../../../test/test-gateway.ts';

let gw: TestGateway;
let token: string;
const sys = systemPrincipal('000000');
const VIN = 'LFAULTNAMES000001';

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
  const fault = (values: Record<string, unknown>) => gw.repos.get('vehicleFaultData').insert(sys, { vin: VIN, faultLevel: 1, startTime: new Date(), isHandle: 0, ...values });
  // As the alarm engine stores them: DM1 codes named by their numbers.
  await fault({ category: 'other', faultCode: '0004A8', faultName: 'SPN 168 FMI 4', spn: 168, fmi: 4 });
  await fault({ category: 'ress', faultCode: '000708', faultName: 'SPN 1800 FMI 16', spn: 1800, fmi: 16 });
  await fault({ category: 'uds', faultCode: 'U0073-04', faultName: '' });
  await gw.repos.get('canMessageFaultCode').insert(sys, { spn: 1800, fmi: 16, faultName: '电池包温度偏高', faultLevel: 2 });
  await gw.repos.get('udsDiagnoseFaultCode').insert(sys, { dtc: 'U0073', faultName: 'CAN总线关闭' });
});
afterAll(() => gw.dispose());

const names = async (language: string) => {
  const { body } = await gw.json(`/api/wdiov-base/vehicleFaultData/page?vin=${VIN}&size=10`, { token, headers: { 'Accept-Language': language } });
  const records = body.data.records as Record<string, unknown>[];
  return Object.fromEntries(records.map((r) => [String(r.faultCode), [r.categoryName, r.faultName, r.category]]));
};

describe('faults by name', () => {
  it('names each fault and its category in the request’s language, the tenant’s names of its codes first, the codes kept beside', async () => {
    expect(await names('en')).toEqual({
      '0004A8': ['Other fault', 'Battery potential (12 V): voltage below normal, or shorted to low source', 'other'],
      '000708': ['Traction battery (RESS) fault', '电池包温度偏高', 'ress'],
      'U0073-04': ['UDS trouble code', 'CAN总线关闭', 'uds'],
    });
    expect(await names('zh-CN')).toMatchObject({
      '0004A8': ['其他故障', '蓄电池电压(12V): 电压低于正常值或对低电平短路', 'other'],
    });
  });

  it('counts faults by level with the level names in the request’s language', async () => {
    const { body } = await gw.json(`/api/wdiov-base/vehicleFaultData/faultCount?vin=${VIN}`, { token, headers: { 'Accept-Language': 'en' } });
    expect(body.data.byLevel).toEqual([{ level: 1, levelName: 'Level 1 alarm', count: 3 }]);
  });
});
