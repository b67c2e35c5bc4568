// A terminal sending frames of VINs no vehicle holds: each frame is refused, and the log gets
// one row per VIN for the interval, not one per frame.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseFlag } from '@wdiov/contracts/protocol/index';
import { systemPrincipal } from '../../gateway/src/crud/principal.ts';
import { loginFrame } from '../../gateway/test/gbt-frames.ts';
import { terminal, until } from '../../gateway/test/terminal-client.ts';
import { startSecurityServer, type SecurityServer } from './security-server.ts';

const FRAMES = 60;
const VINS = ['LUNKNOWNVIN000001', 'LUNKNOWNVIN000002'];
let server: SecurityServer;
beforeAll(async () => {
  server = await startSecurityServer();
}, 60_000);
afterAll(() => server?.stop());

const unknownVinRows = async () => (await server.gw.repos.get('logUsual').all(systemPrincipal('000000'), { filters: [], ascs: [], descs: [] }))
  .filter((r) => r.logId === 'ingest-unknown-vin');

describe('frames of unknown VINs', () => {
  it('are each refused, and logged once per VIN', async () => {
    const t = terminal(server.gw.streaming!.ingest!.port);
    await t.ready;
    for (let i = 0; i < FRAMES; i++) for (const vin of VINS) t.send(loginFrame(vin, Date.now(), i + 1));
    await until(() => t.answers.length >= FRAMES * VINS.length, 15_000);
    expect(t.answers.every((a) => a.ok && a.frame.responseFlag !== ResponseFlag.success)).toBe(true);
    const rows = await until(async () => {
      const found = await unknownVinRows();
      return found.length >= VINS.length && found;
    }, 10_000);
    // A moment more: a row per frame would still be arriving.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await unknownVinRows()).length).toBe(VINS.length);
    expect(rows.map((r) => /未知车架号登录: (\w+)/.exec(String(r.logData))?.[1]).sort()).toEqual(VINS);
    t.socket.destroy();
  });
});
