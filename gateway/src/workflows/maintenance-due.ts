import type { Prepare } from '../crud/behaviours.ts';

/** Reminder margins when a record follows no rule (or its rule gives none). */
export const DEFAULT_REMIND = { days: 7, km: 500 };

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const addDays = (date: string, days: number) => new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
const num = (v: unknown) => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v));

export type Row = Record<string, unknown>;

/**
 * A maintenance record's next due date and odometer follow its rule (every N days, every N km
 * from this maintenance) unless they were typed; the record then falls due by whichever comes first.
 */
export const nextMaintenance: Prepare = async (values, { repo, principal, mode, id, other }) => {
  const stored = mode === 'update' ? await repo.findRow(principal, id) : undefined;
  const record = { ...stored, ...values };
  if (!record.maintainRuleId) return values;
  const rule = await other('maintainRule').findRow(principal, String(record.maintainRuleId));
  if (!rule) return values;
  const out = { ...values };
  const date = typeof record.maintainDate === 'string' ? record.maintainDate : record.maintainDate instanceof Date ? record.maintainDate.toISOString().slice(0, 10) : undefined;
  const days = num(rule.intervalDays);
  if (values.nextMaintainDate == null && date && days) out.nextMaintainDate = addDays(date.slice(0, 10), days);
  const km = num(rule.intervalKm);
  const at = num(record.mileageKm);
  if (values.nextMaintainMileageKm == null && km && at !== undefined) out.nextMaintainMileageKm = at + km;
  return out;
};

export interface Reminder {
  maintainRecordId: string;
  vehicleId: string;
  maintainType: unknown;
  nextMaintainDate: string | null;
  nextMaintainMileageKm: number | null;
  currentMileageKm: number | null;
  /** Days until the due date (negative: overdue). */
  daysLeft: number | null;
  /** Km until the due odometer (negative: overdue). */
  kmLeft: number | null;
  /** 1: due by date, 2: due by mileage, 3: both. */
  remindType: 1 | 2 | 3;
  /** Past due (not only within the reminder margin). */
  expired: boolean;
}

/**
 * Whether a vehicle's latest maintenance falls due today: its next date within the rule's
 * reminder days, or its next odometer within the rule's reminder km of the current mileage.
 */
export function dueReminder(record: Row, rule: Row | undefined, currentMileageKm: number | undefined, today: string): Reminder | undefined {
  const remindDays = num(rule?.remindBeforeDays) ?? DEFAULT_REMIND.days;
  const remindKm = num(rule?.remindBeforeKm) ?? DEFAULT_REMIND.km;
  const nextDate = typeof record.nextMaintainDate === 'string' && record.nextMaintainDate ? record.nextMaintainDate.slice(0, 10) : null;
  const nextKm = num(record.nextMaintainMileageKm) ?? null;
  const daysLeft = nextDate ? dayNumber(nextDate) - dayNumber(today) : null;
  const kmLeft = nextKm !== null && currentMileageKm !== undefined ? Math.round((nextKm - currentMileageKm) * 10) / 10 : null;
  const byDate = daysLeft !== null && daysLeft <= remindDays;
  const byKm = kmLeft !== null && kmLeft <= remindKm;
  if (!byDate && !byKm) return undefined;
  return {
    maintainRecordId: String(record.id), vehicleId: String(record.vehicleId), maintainType: record.maintainType,
    nextMaintainDate: nextDate, nextMaintainMileageKm: nextKm, currentMileageKm: currentMileageKm ?? null, daysLeft, kmLeft,
    remindType: byDate && byKm ? 3 : byDate ? 1 : 2,
    expired: (daysLeft !== null && daysLeft < 0) || (kmLeft !== null && kmLeft < 0),
  };
}

/** The latest record of each vehicle (by maintenance date, then id): earlier ones are done with. */
export function latestPerVehicle(records: Row[]): Row[] {
  const latest = new Map<string, Row>();
  for (const r of records) {
    const key = String(r.vehicleId);
    const seen = latest.get(key);
    const later = !seen || String(r.maintainDate) > String(seen.maintainDate) || (String(r.maintainDate) === String(seen.maintainDate) && BigInt(String(r.id)) > BigInt(String(seen.id)));
    if (later) latest.set(key, r);
  }
  return [...latest.values()];
}
