import { createHash } from 'node:crypto';
import { entities } from '@wdiov/contracts';
import { Command } from '@wdiov/contracts/protocol/index';
import { systemPrincipal } from '../../crud/principal.ts';
import type { TestGateway } from '../../../test/test-gateway.ts';
import { entitySamples } from '../../../test/entity-samples.ts';
import { loginFrame, realtimeFrame, type Snapshot } from '../../../test/gbt-frames.ts';
import { terminal as tcpTerminal, until as untilWithin } from '../../../test/terminal-client.ts';

/** Helpers for the wdiov-base route tests (real frames over TCP, a second tenant). */

export async function until<T>(probe: () => Promise<T | undefined | null | false> | T | undefined | null | false, ms = 8000): Promise<T> {
  return untilWithin(probe, ms);
}

export type FrameSpec = Snapshot;

/** A 2016 realtime frame whose readings may be the sentinels. */
export const realtime = realtimeFrame;

/** A terminal on a real TCP connection to the ingest, logged in. */
export async function terminal(gw: TestGateway, vin: string) {
  const t = tcpTerminal(gw.streaming!.ingest!.port);
  await t.ready;
  t.send(loginFrame(vin, Date.now()));
  await until(() => t.answers.find((a) => a.ok && a.frame.command === Command.vehicleLogin));
  return { socket: t.socket, answers: t.answers, send: t.send, close: () => t.socket.destroy() };
}

/** Adds a vehicle through the API (with the rows its references need) and answers its id. */
const samples = new WeakMap<TestGateway, Promise<Record<string, unknown>>>();
export async function addVehicle(gw: TestGateway, token: string, vin: string, plateNumber: string, overrides: Record<string, unknown> = {}) {
  if (!samples.has(gw)) samples.set(gw, entitySamples(gw, token).sample(entities.vehicle));
  const sample = await samples.get(gw)!;
  return gw.repos.get('vehicle').insert(systemPrincipal('000000'), { ...sample, vin, plateNumber, terminalId: null, ...overrides });
}

/** A second tenant with an administrator; answers the administrator's token. */
export async function otherTenant(gw: TestGateway, tenantId = '000001', account = 'boss'): Promise<string> {
  const platform = systemPrincipal('000000');
  await gw.repos.get('tenant').insert(platform, { tenantId, tenantName: `租户${tenantId}` });
  const sys = systemPrincipal(tenantId);
  const roleId = await gw.repos.get('role').insert(sys, { parentId: '0', roleName: 'administrator', roleAlias: 'administrator', sort: 1 });
  const deptId = await gw.repos.get('dept').insert(sys, { parentId: '0', deptName: `${account}-dept`, fullName: `${account}-dept`, sort: 1, deptCategory: 1 });
  await gw.repos.get('user').insert(sys, { account, realName: account, password: createHash('md5').update('pw').digest('hex'), roleId, deptId });
  return gw.signIn(account, 'pw', tenantId);
}
