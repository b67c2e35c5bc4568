import { describe, expect, it } from 'vitest';
import { entities, formatDateTime } from '@wdiov/contracts';
import { signedInGateway } from '../../test/signed-in-gateway.ts';

const setup = signedInGateway();

const daysAgo = (n: number) => formatDateTime(Date.now() - n * 86_400_000).slice(0, 10);

describe('maintenance rules and the expiry reminder', () => {
  it('dates the next maintenance from the rule and lists the vehicles falling due', async () => {
    const rule = await setup.samples.create(entities.maintainRule, { intervalDays: 30, remindBeforeDays: 7, intervalKm: 5000, remindBeforeKm: 500 });
    const [due, fresh] = [await setup.samples.create(entities.vehicle), await setup.samples.create(entities.vehicle)];
    const dueRecord = await setup.samples.create(entities.maintainRecord, { vehicleId: due, maintainRuleId: rule, maintainDate: daysAgo(25), mileageKm: 1000, nextMaintainDate: null, nextMaintainMileageKm: null });
    await setup.samples.create(entities.maintainRecord, { vehicleId: fresh, maintainRuleId: rule, maintainDate: daysAgo(0), mileageKm: 1000, nextMaintainDate: null, nextMaintainMileageKm: null });
    const detail = (await setup.gw.json(`${entities.maintainRecord.basePath}/detail?id=${dueRecord}`, { token: setup.token })).body.data;
    expect(detail.nextMaintainDate).toBe(daysAgo(-5));
    expect(Number(detail.nextMaintainMileageKm)).toBe(6000);

    const page = (await setup.gw.json('/api/wdiov-vehteam/alarmRecord/selectExpireRemind?current=1&size=50', { token: setup.token })).body.data;
    const vehicles = page.records.map((r: { vehicleId: string }) => r.vehicleId);
    expect(vehicles).toContain(due);
    expect(vehicles).not.toContain(fresh);
    expect(page.records.find((r: { vehicleId: string }) => r.vehicleId === due)).toMatchObject({ maintainRecordId: dueRecord, daysLeft: 5, remindType: 1, expired: false });
    expect((await setup.gw.json('/api/wdiov-vehteam/alarmRecord/selectExpireRemind?size=0', { token: setup.token })).body.code).toBe(400);
  });
});
