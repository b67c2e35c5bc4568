import { describe, expect, it } from 'vitest';
import { OTHER_READINGS, servedPathOf } from '../src/routes/path-readings.ts';
import { postJson } from './test-gateway.ts';
import { signedInGateway } from './signed-in-gateway.ts';

const setup = signedInGateway();
const ask = (path: string, init: RequestInit = {}) => setup.gw.json(path, { ...init, token: setup.token });

describe('calls the specification leaves open to two readings', () => {
  it('maps each other reading onto the call it means, and nothing else', () => {
    expect(servedPathOf('/api/wdiov-pm/operateStream/page')).toBe('/api/wdiov-pm/operateRecord/operateStream/page');
    expect(servedPathOf('/api/wdiov-log/usual/detail')).toBe('/api/wdiov-system/log-usual/detail');
    expect(servedPathOf('/api/app-pm/storage/idleList')).toBe('/api/wdiov-pm/storage/idleList');
    expect(servedPathOf('/api/app-pm/storage/idleListX')).toBeUndefined();
    expect(servedPathOf('/api/wdiov-pm/operateRecord/operateStream/page')).toBeUndefined();
    for (const [, served] of OTHER_READINGS) expect(servedPathOf(served), served).toBeUndefined();
  });

  it.each([
    ['/api/wdiov-pm/transferRecord/page', '/api/wdiov-pm/logisticsRecord/transferRecord/page'],
    ['/api/wdiov-pm/inventorySale/page', '/api/wdiov-pm/operateRecord/inventorySale/page'],
    ['/api/wdiov-pm/app-pm/storage/idleList?days=0', '/api/wdiov-pm/storage/idleList?days=0'],
    ['/api/wdiov-log/usual/list', '/api/wdiov-system/log-api/list'.replace('log-api', 'log-usual')],
    ['/api/wdiov-log/api/list?size=1', '/api/wdiov-system/log-api/list?size=1'],
    ['/api/wdiov-log/error/list', '/api/wdiov-system/log-error/list'],
    // Refusals too: the same 400 under both readings.
    ['/api/wdiov-pm/operateStream/page', '/api/wdiov-pm/operateRecord/operateStream/page'],
    ['/api/wdiov-pm/operateDetail/list?vehicleId=x', '/api/wdiov-pm/operateRecord/operateDetail/list?vehicleId=x'],
  ])('%s answers as %s', async (other, served) => {
    const [a, b] = [await ask(other), await ask(served)];
    expect(a.status).toBe(b.status);
    expect(a.body.code).toBe(b.body.code);
    expect(a.body.msg).toBe(b.body.msg);
    if (b.body.data?.total !== undefined) expect(a.body.data.total).toBe(b.body.data.total);
  });

  it('passes a POST body through, and asks for a token under either reading', async () => {
    const body = postJson({ id: 'not-an-id' });
    const [a, b] = [await ask('/api/wdiov-pm/operateDetail/updateBase', body), await ask('/api/wdiov-pm/operateRecord/operateDetail/updateBase', body)];
    expect(b.status).toBe(400);
    expect([a.status, a.body.msg]).toEqual([b.status, b.body.msg]);
    const anonymous = await setup.gw.json('/api/wdiov-pm/transferRecord/page');
    expect(anonymous.status).toBe(401);
  });
});
