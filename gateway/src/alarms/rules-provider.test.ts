import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemPrincipal } from '../crud/principal.ts';
import { createTestGateway, type TestGateway } from '../../test/test-gateway.ts';
import { addVehicle } from '../routes/base/test-support.ts';
import { AlarmConfigRules, type VehicleRules } from './rules-provider.ts';

const sys = systemPrincipal('000000');
let gw: TestGateway;
let rules: AlarmConfigRules;
let org: Record<'company' | 'fleet' | 'team' | 'other', string>;
let vehicle: Record<'inTeam' | 'inFleet' | 'inCompany' | 'inOther', string>;
let teamConfig: string;

/** The overspeed threshold a vehicle's rules apply, or undefined when none does. */
const overspeedOf = (r: VehicleRules) => (r.frame.find((a) => a.rule.type === 'platform:overspeed')?.params as { overspeedKmh: number } | undefined)?.overspeedKmh;
const typesOf = (r: VehicleRules) => [...r.frame, ...r.silence].map((a) => a.rule.type).filter((t) => t.startsWith('platform:'));
const config = (orgId: string, values: Record<string, unknown>) =>
  gw.repos.get('alarmConfig').insert(sys, { configName: `rules of ${orgId}`, orgId, alarmLevel: 2, isEnabled: 1, ...values });

beforeAll(async () => {
  gw = await createTestGateway();
  const token = await gw.signIn();
  const orgs = gw.repos.get('org');
  const company = await orgs.insert(sys, { parentId: '0', orgName: '总公司' });
  const fleet = await orgs.insert(sys, { parentId: company, orgName: '一车队' });
  const team = await orgs.insert(sys, { parentId: fleet, orgName: '一班组' });
  const other = await orgs.insert(sys, { parentId: '0', orgName: '另一公司' });
  org = { company, fleet, team, other };
  vehicle = {
    inTeam: await addVehicle(gw, token, 'LRULESORG00000001', '粤B·R0001', { orgId: team }),
    inFleet: await addVehicle(gw, token, 'LRULESORG00000002', '粤B·R0002', { orgId: fleet }),
    inCompany: await addVehicle(gw, token, 'LRULESORG00000003', '粤B·R0003', { orgId: company }),
    inOther: await addVehicle(gw, token, 'LRULESORG00000004', '粤B·R0004', { orgId: other }),
  };
  await config(company, { overspeedKmh: 100, lowSocPercent: 10, offlineMinutes: 30 });
  // Stricter, but switched off: it governs nothing.
  await config(fleet, { overspeedKmh: 60, isEnabled: 0 });
  teamConfig = await config(team, { overspeedKmh: 120, overspeedSeconds: 15 });
  rules = new AlarmConfigRules(gw.repos);
  await rules.ready('000000');
});
afterAll(() => gw.dispose());

describe('alarm rules per vehicle', () => {
  it('applies the nearest enabled configuration up the organisation tree, not the strictest', () => {
    const team = rules.forVehicle('000000', vehicle.inTeam);
    expect(overspeedOf(team)).toBe(120);
    expect(team.frame.find((a) => a.rule.type === 'platform:overspeed')!.holdMs).toBe(15_000);
    // The team's row leaves low SOC and offline empty: they are off there.
    expect(typesOf(team)).toEqual(['platform:overspeed']);
    // The fleet's disabled row is passed over for the company's.
    expect(overspeedOf(rules.forVehicle('000000', vehicle.inFleet))).toBe(100);
    expect(typesOf(rules.forVehicle('000000', vehicle.inCompany))).toEqual(['platform:overspeed', 'platform:lowSoc', 'platform:offline']);
    expect(rules.forVehicle('000000', vehicle.inCompany).silence[0]!.silenceMs).toBe(30 * 60_000);
  });

  it('gives a vehicle outside every configured organisation its own alarms only', () => {
    for (const id of [vehicle.inOther, '999999']) {
      const r = rules.forVehicle('000000', id);
      expect(typesOf(r)).toEqual([]);
      expect(r.reported.get('insulation')?.rule.type).toBe('gb:insulation');
    }
  });

  it('resolves a vehicle once: its rules are held, and shared by the vehicles one row governs', () => {
    expect(rules.forVehicle('000000', vehicle.inTeam)).toBe(rules.forVehicle('000000', vehicle.inTeam));
    expect(rules.forVehicle('000000', vehicle.inFleet)).toBe(rules.forVehicle('000000', vehicle.inCompany));
  });

  it('follows a change of configuration, organisation or handling switch once invalidated', async () => {
    expect(rules.mustHandle('000000', 'gb:socLow')).toBe(true);
    await gw.repos.get('alarmHandleConfig').insert(sys, { alarmType: 'gb:socLow', alarmName: 'SOC低报警', isHandle: 0 });
    await gw.repos.get('alarmHandleConfig').insert(sys, { alarmType: 'gb:socHigh', alarmName: 'SOC过高报警', isHandle: 1 });
    await gw.repos.get('alarmConfig').update(sys, teamConfig, { isEnabled: 0 });
    await gw.repos.get('vehicle').update(sys, vehicle.inOther, { orgId: org.fleet });
    await rules.invalidate();
    expect(rules.mustHandle('000000', 'gb:socLow')).toBe(false);
    expect(rules.mustHandle('000000', 'gb:socHigh')).toBe(true);
    // Another tenant's switches are its own.
    expect(rules.mustHandle('000001', 'gb:socLow')).toBe(true);
    expect(overspeedOf(rules.forVehicle('000000', vehicle.inTeam))).toBe(100);
    expect(overspeedOf(rules.forVehicle('000000', vehicle.inOther))).toBe(100);
  });
});
