import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { systemPrincipal } from '../../crud/principal.ts';
import { createTestGateway, type TestGateway } from '../../../test/test-gateway.ts';
import { snapshot } from '../../../test/telemetry-fixture.ts';
import { startOfDay } from './events.ts';
import { addVehicle, otherTenant } from './test-support.ts';

const A = 'LSVAU2180N2310001';
const B = 'LSVAU2180N2310002';
const sys = systemPrincipal('000000');
const day = (back: number) => startOfDay(Date.now(), 480, back);
const dayKey = (back: number) => new Date(day(back).getTime() + 480 * 60_000).toISOString().slice(0, 10);
let gw: TestGateway;
let token: string;
const now = (t = token) => gw.json('/api/wdiov-base/dataBoard/now', { token: t });

beforeAll(async () => {
  gw = await createTestGateway();
  await addVehicle(gw, await gw.signIn(), A, '粤B·N0001');
  await addVehicle(gw, await gw.signIn(), B, '粤B·N0002');
  const alarm = (vin: string, start: Date) => gw.repos.get('vehicleAlarmData').insert(sys, { vin, alarmType: 'gb:socLow', alarmName: 'SOC低报警', alarmLevel: 2, startTime: start, isHandle: 0 });
  // Earlier today, before this session signs in; three days ago, already in the rollups.
  await alarm(A, new Date(Math.max(day(0).getTime() + 1, Date.now() - 30 * 60_000)));
  await alarm(A, new Date(day(3).getTime() + 3_600_000));
  // The rollups: 5 alarms of A three days ago; a partial count of today that the stored alarms supersede.
  await gw.database.db.execute(sql`INSERT INTO wdiov_stats_daily (tenant_id, vin, day, alarm_l2) VALUES
    ('000000', ${A}, ${dayKey(3)}::date, 5), ('000000', ${B}, ${dayKey(0)}::date, 9)`);
  token = await gw.signIn();
  const after = new Date(Date.now() + 10);
  await alarm(A, after);
  await alarm(A, after);
  await alarm(B, after);
  // Its terminal's clock says it began a little before the sign-in.
  await alarm(B, new Date(Date.now() - 20_000));
  await gw.repos.get('vehicleFaultData').insert(sys, { vin: B, faultCode: 'P0143', faultLevel: 1, startTime: after, isHandle: 0 });
  await gw.repos.get('fenceAccessRecord').insert(sys, { vin: A, fenceName: '园区', accessType: 1, accessTime: after });
  gw.latest.put(snapshot(A, Date.now(), { state: 2, speedKmh: 0 }));
  gw.latest.put(snapshot(B, Date.now(), { state: 1, speedKmh: 40 }));
});
afterAll(() => gw.dispose());

describe('dataBoard/now', () => {
  it('counts stored events begun since this session signed in and today, not from the rollups', async () => {
    const { body } = await now();
    expect(body.code).toBe(200);
    expect(body.data.sinceSignIn).toEqual({ alarms: 4, faults: 1, fences: 1 });
    expect(body.data.today).toEqual({ alarms: 5, faults: 1, fences: 1, date: dayKey(0) });
    expect(body.data.signedInAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('ranks vehicles by alarms over 30 days: today stored, earlier days from the rollups, none counted twice', async () => {
    expect((await now()).body.data.topAlarms).toEqual([
      { vin: A, plateNumber: '粤B·N0001', alarmCount: 8 },
      { vin: B, plateNumber: '粤B·N0002', alarmCount: 2 },
    ]);
  });

  it('counts the fleet from the latest state, parked included, as the map does', async () => {
    const { fleet } = (await now()).body.data;
    expect(fleet.parked).toBeGreaterThanOrEqual(1);
    expect(fleet.driving).toBeGreaterThanOrEqual(1);
    expect(fleet).toEqual((await gw.json('/api/wdiov-base/dataBoard/getRealTimeData', { token })).body.data);
  });

  it('keeps "since sign-in" across a reload of the same session, and starts a new session at zero', async () => {
    const first = (await now()).body.data;
    const again = (await now()).body.data;
    expect(again.signedInAt).toBe(first.signedInAt);
    expect(again.sinceSignIn).toEqual(first.sinceSignIn);
    const later = await gw.signIn();
    // That sign-in as if made five minutes on, past every event here and the minute allowed for terminals' clocks.
    await gw.database.db.execute(sql`UPDATE wdiov_refresh_token SET created_at = created_at + interval '5 minutes'
      WHERE created_at = (SELECT max(created_at) FROM wdiov_refresh_token)`);
    expect((await now(later)).body.data.sinceSignIn).toEqual({ alarms: 0, faults: 0, fences: 0 });
  });

  it('shows another tenant nothing of these', async () => {
    const data = (await now(await otherTenant(gw))).body.data;
    expect(data.today).toMatchObject({ alarms: 0, faults: 0, fences: 0 });
    expect(data.topAlarms).toEqual([]);
    expect(data.fleet.total).toBe(0);
  });

  it('is declared in the OpenAPI document', async () => {
    const doc = (await gw.json('/api/openapi.json', { token })).body as { paths: Record<string, unknown> };
    expect(doc.paths['/api/wdiov-base/dataBoard/now']).toBeDefined();
  });
});
