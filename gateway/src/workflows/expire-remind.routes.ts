import { z } from 'zod';
import { formatDateTime, toPage } from '@wdiov/contracts';
import { createRouter } from '../lib/create-app.ts';
import { data } from '../lib/envelope.ts';
import { parseWith } from '../lib/read-input.ts';
import { workflowText } from '../lib/texts/workflow-text.ts';
import type { Repositories } from '../crud/repositories.ts';
import { listQueryOf } from '../crud/crud-router.ts';
import { dueReminder, latestPerVehicle, type Reminder } from './maintenance-due.ts';

const PageQuery = z.object({
  current: z.coerce.number({ error: () => workflowText('currentNotPositive') }).int().min(1).default(1),
  size: z.coerce.number({ error: () => workflowText('sizeOutOfRange', { limit: 500 }) }).int().min(1).max(500).default(10),
});

export interface ExpireRemindDeps {
  repos: Repositories;
  utcOffsetMin: number;
  /** A vehicle's current odometer (the live state), if known. */
  mileageOf(vin: string, tenantId: string): number | undefined;
}

/**
 * alarmRecord/selectExpireRemind: the vehicles whose maintenance falls due (by date or by
 * mileage, within their rule's reminder margins, or overdue), most urgent first, paged.
 */
export function expireRemindRoutes({ repos, utcOffsetMin, mileageOf }: ExpireRemindDeps) {
  const router = createRouter();
  router.get('/api/wdiov-vehteam/alarmRecord/selectExpireRemind', async (c) => {
    const { current, size } = parseWith(PageQuery, c.req.query());
    const principal = c.get('principal');
    const today = formatDateTime(Date.now(), utcOffsetMin).slice(0, 10);
    const records = latestPerVehicle(await repos.get('maintainRecord').all(principal, listQueryOf({})));
    const rules = new Map((await repos.get('maintainRule').all(principal, listQueryOf({}))).map((r) => [String(r.id), r]));
    const vehicles = new Map((await repos.get('vehicle').all(principal, listQueryOf({}))).map((v) => [String(v.id), v]));
    const due: (Reminder & { vin: unknown; plateNumber: unknown })[] = [];
    for (const record of records) {
      const vehicle = vehicles.get(String(record.vehicleId));
      if (!vehicle) continue;
      const rule = record.maintainRuleId ? rules.get(String(record.maintainRuleId)) : undefined;
      const reminder = dueReminder(record, rule, mileageOf(String(vehicle.vin), principal.tenantId), today);
      if (reminder) due.push({ ...reminder, vin: vehicle.vin, plateNumber: vehicle.plateNumber });
    }
    const urgency = (r: Reminder) => Math.min(r.daysLeft ?? Infinity, r.kmLeft === null ? Infinity : r.kmLeft / 100);
    due.sort((a, b) => urgency(a) - urgency(b));
    return data(c, toPage(due.slice((current - 1) * size, current * size), due.length, current, size, []));
  });
  return router;
}
