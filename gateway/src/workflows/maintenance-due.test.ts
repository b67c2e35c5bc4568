import { describe, expect, it } from 'vitest';
import { dueReminder, latestPerVehicle } from './maintenance-due.ts';

const record = (over: Record<string, unknown>) => ({ id: '10', vehicleId: '1', maintainType: 2, maintainDate: '2026-01-01', ...over });
const rule = { remindBeforeDays: 7, remindBeforeKm: 1000 };

describe('maintenance falling due', () => {
  it('by date within the reminder days, and overdue after it', () => {
    expect(dueReminder(record({ nextMaintainDate: '2026-03-10' }), rule, undefined, '2026-03-01')).toBeUndefined();
    expect(dueReminder(record({ nextMaintainDate: '2026-03-08' }), rule, undefined, '2026-03-01')).toMatchObject({ daysLeft: 7, remindType: 1, expired: false });
    expect(dueReminder(record({ nextMaintainDate: '2026-02-27' }), rule, undefined, '2026-03-01')).toMatchObject({ daysLeft: -2, expired: true });
  });

  it('by mileage within the reminder km of the current odometer, whichever comes first', () => {
    const r = record({ nextMaintainDate: '2026-06-01', nextMaintainMileageKm: 20000 });
    expect(dueReminder(r, rule, 18500, '2026-03-01')).toBeUndefined();
    expect(dueReminder(r, rule, 19200.5, '2026-03-01')).toMatchObject({ kmLeft: 799.5, remindType: 2 });
    expect(dueReminder(r, rule, 20100, '2026-05-30')).toMatchObject({ kmLeft: -100, remindType: 3, expired: true });
    expect(dueReminder(r, undefined, 19600, '2026-03-01')).toMatchObject({ remindType: 2 });
  });

  it('looks at the latest maintenance of each vehicle only', () => {
    const rows = [record({ id: '1', maintainDate: '2026-01-01' }), record({ id: '2', maintainDate: '2026-02-01' }), record({ id: '3', vehicleId: '2' })];
    expect(latestPerVehicle(rows).map((r) => r.id)).toEqual(['2', '3']);
  });
});
