import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestGateway, type TestGateway } from '../../../test/test-gateway.ts';
import { entities } from '@wdiov/contracts';
import { entitySamples } from '../../../test/entity-samples.ts';
import { deviceText } from '../../lib/texts/device-text.ts';

const post = (gw: TestGateway, path: string, token: string) => gw.json(path, { method: 'POST', token });

describe('video calls without a video service', () => {
  let gw: TestGateway;
  let token: string;
  beforeAll(async () => {
    gw = await createTestGateway();
    token = await gw.signIn();
  });
  afterAll(() => gw.dispose());

  it('say clearly that none is configured, and closeRVC succeeds', async () => {
    for (const call of ['openRVC', 'startREC', 'stopREC']) {
      expect((await post(gw, `/api/wdiov-base/video/${call}?vin=LWDIOV00000000001&channel=2`, token)).body).toMatchObject({ code: 400, msg: deviceText('noVideoService') });
    }
    expect((await post(gw, '/api/wdiov-base/video/closeRVC?vin=LWDIOV00000000001', token)).body).toMatchObject({ code: 200, success: true });
  });

  it('refuse bad input with a 400 naming it', async () => {
    expect((await post(gw, '/api/wdiov-base/video/openRVC', token)).body).toMatchObject({ code: 400, msg: expect.stringMatching(/车架号/) });
    expect((await post(gw, '/api/wdiov-base/video/closeRVC?vin=LWDIOV00000000001&channel=99', token)).body).toMatchObject({ code: 400, msg: '通道号必须是1-32的整数 [channel]' });
  });
});

describe('video calls with a video service', () => {
  let gw: TestGateway;
  let token: string;
  let service: Server;
  const seen: string[] = [];
  beforeAll(async () => {
    service = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(req.url?.startsWith('/stopREC') ? { code: 500, msg: '未在录像' } : { code: 200, msg: 'ok', data: { url: 'rtmp://cam/1' } }));
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    gw = await createTestGateway({ VIDEO_SERVICE_URL: `http://127.0.0.1:${(service.address() as AddressInfo).port}/` });
    token = await gw.signIn();
    await entitySamples(gw, token).create(entities.vehicle, { vin: 'LWDVEH00000000001' });
  });
  afterAll(async () => {
    await gw.dispose();
    service.close();
  });

  it('relays the checked call and answers the service’s envelope', async () => {
    const open = await post(gw, '/api/wdiov-base/video/openRVC?vin=lwdveh00000000001', token);
    expect(open.body).toMatchObject({ code: 200, data: { url: 'rtmp://cam/1' } });
    expect(seen).toEqual(['POST /openRVC?vin=LWDVEH00000000001&channel=1']);
    expect((await post(gw, '/api/wdiov-base/video/stopREC?vin=LWDVEH00000000001', token)).body).toMatchObject({ code: 500, msg: '未在录像' });
  });

  it('relays nothing for a VIN no vehicle of the caller holds', async () => {
    seen.length = 0;
    expect((await post(gw, '/api/wdiov-base/video/openRVC?vin=LWDVEH00000000002', token)).body).toMatchObject({ code: 404, msg: '车辆不存在: LWDVEH00000000002' });
    expect(seen).toEqual([]);
  });
});
