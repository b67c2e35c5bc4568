import { and, desc, eq, gte } from 'drizzle-orm';
import { SAFETY_ITEM_CODES, formatDateTime, rangeRms } from '@wdiov/contracts';
import { SAFETY_PROFILE_DAYS, safetyProfileRoute, type SafetyDayFigure, type SafetyProfileItem } from '@wdiov/contracts/api/safety-profile.route';
import { safetyDaily } from '../db/schema/index.ts';
import { routeOf } from '../lib/contract.ts';
import { createRouter } from '../lib/create-app.ts';
import { data } from '../lib/envelope.ts';
import { dayOf } from '../stats/day-figures.ts';
import { requireVehicle } from '../routes/base/fleet.ts';
import type { BespokeDeps } from '../routes/bespoke-deps.ts';

const DAY_MS = 86_400_000;
/** Warnings read for one profile: an item is raised at most once per vehicle and day, so this covers months of every item. */
const WARNINGS_READ = 2000;

type DayRow = typeof safetyDaily.$inferSelect;

/** C.6–C.8's ε of a day's run segment, %, one decimal; null on a day without a reading. */
const hotPercent = (hotS: number, readS: number) => (readS > 0 ? Math.round((hotS / readS) * 1000) / 10 : null);

/** Each model's figure of a day row: what its Annex C rule compares with its threshold. */
const MODEL_FIGURES: Record<string, { figure: SafetyDayFigure; of: (r: DayRow) => number | null }> = {
  C1: { figure: 'episodes', of: (r) => r.c1Episodes },
  C2: { figure: 'episodes', of: (r) => r.c2Episodes },
  C3: { figure: 'rangeVolts', of: (r) => (r.chargeSamples > 0 ? Math.round(rangeRms(r.chargeRangeSq, r.chargeSamples) * 1000) / 1000 : null) },
  C4: { figure: 'episodes', of: (r) => r.c4Episodes },
  C5: { figure: 'episodes', of: (r) => r.c5Episodes },
  C9: { figure: 'insulationLowFrames', of: (r) => r.insulationLow },
  C10: { figure: 'samplingFaultFrames', of: (r) => r.samplingFaults },
  C11: { figure: 'lastSoc', of: (r) => r.lastSoc },
  C6: { figure: 'hotPercent', of: (r) => hotPercent(r.c6HotS, r.c6ReadS) },
  C7: { figure: 'hotPercent', of: (r) => hotPercent(r.c7HotS, r.c7ReadS) },
  C8: { figure: 'hotPercent', of: (r) => hotPercent(r.c8HotS, r.c8ReadS) },
};

const str = (v: unknown) => (v === null || v === undefined ? '' : v instanceof Date ? '' : String(v));

/**
 * One vehicle's safety profile: for every item its newest warning, and per day of the last 30
 * its figure — a model's from the day totals (wdiov_safety_daily), a fault item's the warnings
 * it raised that day. The vehicle must be one the caller may see (a 404 otherwise); its
 * warnings are read through their repository, so tenant and data scope hold for them as well.
 */
export function safetyProfileRoutes({ db, repos, env }: BespokeDeps) {
  const router = createRouter();
  const offset = env.UTC_OFFSET_MIN;

  router.openapi(routeOf(safetyProfileRoute), async (c) => {
    const principal = c.get('principal');
    const vin = c.req.valid('query').vin.toUpperCase();
    const vehicle = await requireVehicle(repos, principal, { vin });
    const today = dayOf(Date.now(), offset);
    const days = Array.from({ length: SAFETY_PROFILE_DAYS }, (_, i) =>
      new Date(Date.parse(`${today}T00:00:00Z`) - (SAFETY_PROFILE_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10));
    const warnings = repos.get('safetyWarning');
    const w = warnings.columns;
    const [dayRows, warningRows] = await Promise.all([
      db.select().from(safetyDaily).where(and(eq(safetyDaily.tenantId, principal.tenantId), eq(safetyDaily.vin, vin), gte(safetyDaily.day, days[0]!))),
      db.select({ id: w.id!, item: w.item!, level: w.level!, raisedTime: w.raisedTime!, deadline: w.deadline!, status: w.warningStatus!, detail: w.detail! })
        .from(warnings.table).where(and(await warnings.scope(principal), eq(w.vin!, vin))).orderBy(desc(w.raisedTime!)).limit(WARNINGS_READ),
    ]);
    const byDay = new Map(dayRows.map((r) => [r.day, r]));
    const raisedPerDay = new Map<string, number>();
    const newest = new Map<string, SafetyProfileItem['last']>();
    for (const r of warningRows) {
      const raised = r.raisedTime instanceof Date ? r.raisedTime : new Date(String(r.raisedTime));
      const item = String(r.item);
      const key = `${item}/${dayOf(raised.getTime(), offset)}`;
      raisedPerDay.set(key, (raisedPerDay.get(key) ?? 0) + 1);
      if (newest.has(item)) continue;
      const deadline = r.deadline instanceof Date ? formatDateTime(r.deadline, offset) : str(r.deadline);
      newest.set(item, { id: String(r.id), raisedTime: formatDateTime(raised, offset), level: Number(r.level), deadline, status: Number(r.status ?? 0), detail: str(r.detail) });
    }
    const items = SAFETY_ITEM_CODES.map((item): SafetyProfileItem => {
      const model = MODEL_FIGURES[item];
      const trend = item.startsWith('F')
        ? days.map((d) => raisedPerDay.get(`${item}/${d}`) ?? 0)
        : model ? days.map((d) => { const r = byDay.get(d); return r ? model.of(r) : null; }) : days.map(() => null);
      return { item, figure: item.startsWith('F') ? 'warnings' : model?.figure ?? 'none', trend, last: newest.get(item) ?? null };
    });
    return data(c, { vin, plateNumber: String(vehicle.plateNumber ?? ''), days, items });
  });
  return router;
}
