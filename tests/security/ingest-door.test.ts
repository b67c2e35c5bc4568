import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import { entities } from '@wdiov/contracts';
import { Command } from '@wdiov/contracts/protocol/index';
import { systemPrincipal } from '../../gateway/src/crud/principal.ts';
import { entitySamples } from '../../gateway/test/entity-samples.ts';
import { heartbeatFrame, loginFrame } from '../../gateway/test/gbt-frames.ts';
import { terminal, until } from '../../gateway/test/terminal-client.ts';
import { startSecurityServer, type SecurityServer } from './security-server.ts';

/**
 * Hostile TCP connections to the ingest port cannot exhaust the gateway's file handles: past
 * the cap they are closed at once, silent ones are closed when their login deadline passes, a
 * half-sent frame closes its connection, and the API and real vehicles carry on.
 */
const CAP = 40;
const VIN = 'LSECURITY00000001';
let server: SecurityServer;
let ingestPort: number;
const hostile: Socket[] = [];

beforeAll(async () => {
  server = await startSecurityServer({
    INGEST_MAX_CONNECTIONS: String(CAP), INGEST_LOGIN_TIMEOUT_MS: '1500', INGEST_FRAME_TIMEOUT_MS: '1000',
  });
  ingestPort = server.gw.streaming!.ingest!.port;
  const sample = await entitySamples(server.gw, server.admin).sample(entities.vehicle);
  await server.gw.repos.get('vehicle').insert(systemPrincipal('000000'), { ...sample, vin: VIN, plateNumber: '粤B·S00001' });
});
afterAll(async () => {
  for (const s of hostile) s.destroy();
  await server.stop();
});

const opened = (s: Socket) => new Promise<void>((r) => { s.once('connect', () => r()); s.once('error', () => r()); });
const closed = (s: Socket) => new Promise<void>((r) => { if (s.destroyed) r(); else s.once('close', () => r()); });

describe('the ingest port', () => {
  it('closes connections past the cap at once, and /api/health still answers', async () => {
    const guard = server.gw.streaming!.ingest!.guard;
    for (let i = 0; i < CAP + 30; i++) {
      const s = connect(ingestPort, '127.0.0.1');
      s.on('error', () => {});
      hostile.push(s);
    }
    await Promise.all(hostile.map(opened));
    await until(() => guard.stats.refusedFull >= 30, 5000);
    expect(guard.connections).toBeLessThanOrEqual(CAP);
    // Answered, not timed: a shared machine may be slow, a gateway stalled by the flood never answers.
    const health = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(15_000) });
    expect(health.status).toBe(200);
  });

  it('closes connections that never log in, and a real vehicle then logs in', async () => {
    const guard = server.gw.streaming!.ingest!.guard;
    await until(() => guard.connections === 0, 10_000);
    expect(guard.stats.loginTimeouts).toBeGreaterThan(0);
    const t = terminal(ingestPort);
    await t.ready;
    t.send(loginFrame(VIN, Date.now()));
    const ack = await until(() => t.answers.find((a) => a.ok && a.frame.command === Command.vehicleLogin));
    expect(ack).toBeTruthy();
    t.socket.destroy();
  });

  it('closes a connection that leaves a frame half-sent', async () => {
    const guard = server.gw.streaming!.ingest!.guard;
    const t = terminal(ingestPort);
    await t.ready;
    t.send(loginFrame(VIN, Date.now()));
    await until(() => t.answers.find((a) => a.ok && a.frame.command === Command.vehicleLogin));
    const before = guard.stats.frameTimeouts;
    t.send(heartbeatFrame(VIN).slice(0, 10));
    await Promise.race([closed(t.socket), new Promise((_, reject) => setTimeout(() => reject(new Error('still open')), 10_000))]);
    expect(guard.stats.frameTimeouts).toBe(before + 1);
  });
});
