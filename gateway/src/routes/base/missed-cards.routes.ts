import { missedCardsRoute } from '@wdiov/contracts/api/missed-cards.route';
import { gte } from 'drizzle-orm';
import { AlarmCardType, alarmCardData, locationText, type AlarmCardData } from '@wdiov/contracts';
import type { Json } from '../../crud/serialize.ts';
import { createRouter } from '../../lib/create-app.ts';
import { routeOf } from '../../lib/contract.ts';
import { data } from '../../lib/envelope.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { ALL } from './fleet.ts';

/** The oldest a catch-up reaches back: a console away longer reads the alarm lists instead. */
export const MISSED_CARDS_MAX_AGE_MS = 24 * 3_600_000;
/** At most this many cards of each kind, the newest. */
export const MISSED_CARDS_PER_KIND = 100;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/**
 * The cards a console missed while its live link was down: each stored alarm, fault and fence
 * event that opened since `since` (reaching back a day at most), as the card its live call carried,
 * with the same id, so the console shows each once beside the live ones.
 */
export function missedCardRoutes({ repos, env, geocoder }: BespokeDeps) {
  const router = createRouter();
  const offset = env.UTC_OFFSET_MIN;
  const parseTime = (s: unknown) => {
    const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text(s));
    if (!match) return Date.now();
    const [, y, mo, d, h, mi, se] = match.map(Number) as number[];
    return Date.UTC(y!, mo! - 1, d!, h!, mi!, se!) - offset * 60_000;
  };
  const durationOf = (row: Json) => {
    const stored = num(row.duration);
    return stored ?? Math.max(0, Math.round((Date.now() - parseTime(row.startTime ?? row.accessTime)) / 1000));
  };
  const common = (row: Json) => ({
    id: text(row.id), vin: text(row.vin), carPlate: text(row.plateNumber), espeed: num(row.speed) ?? -0.1,
    elng: num(row.lng), elat: num(row.lat),
  });
  const opened = (entity: 'vehicleAlarmData' | 'vehicleFaultData' | 'fenceAccessRecord', timeField: string, since: Date) => {
    const repo = repos.get(entity);
    return (principal: Parameters<typeof repo.all>[0]) => repo.all(principal, ALL, [gte(repo.columns[timeField]!, since)], MISSED_CARDS_PER_KIND);
  };

  router.openapi(routeOf(missedCardsRoute), async (c) => {
    const principal = c.get('principal');
    const since = new Date(Math.max(c.req.valid('query').since, Date.now() - MISSED_CARDS_MAX_AGE_MS));
    const [alarms, faults, fences] = await Promise.all([
      opened('vehicleAlarmData', 'startTime', since)(principal),
      opened('vehicleFaultData', 'startTime', since)(principal),
      opened('fenceAccessRecord', 'accessTime', since)(principal),
    ]);
    const cards: (AlarmCardData & { at: number })[] = [
      ...alarms.map((r) => ({
        ...common(r), type: AlarmCardType.alarm, level: num(r.alarmLevel) ?? undefined, alarmType: text(r.alarmType),
        alarmName: text(r.alarmName) || text(r.alarmType), stime: text(r.startTime), duration: durationOf(r), at: parseTime(r.startTime),
      })),
      ...faults.map((r) => ({
        ...common(r), type: AlarmCardType.fault, level: num(r.faultLevel) ?? undefined, faultCode: text(r.faultCode),
        faultName: text(r.faultName) || text(r.faultCode), stime: text(r.startTime), duration: durationOf(r), at: parseTime(r.startTime),
      })),
      ...fences.map((r) => ({
        ...common(r), type: AlarmCardType.fence, fenceId: text(r.fenceId), fenceName: text(r.fenceName), accessType: num(r.accessType) ?? undefined,
        accessTime: text(r.accessTime), stime: text(r.accessTime), duration: durationOf(r), at: parseTime(r.accessTime),
      })),
    ];
    // Oldest first: the console shows them in the order they opened, as it would have live.
    cards.sort((a, b) => a.at - b.at);
    // Worded from the geocoder's cache, else offline: a catch-up of hundreds of cards asks the online service nothing.
    const located = await Promise.all(cards.map(async ({ at: _at, ...card }) => {
      if (!geocoder || card.elng == null || card.elat == null) return card;
      const location = await geocoder.locate(principal.tenantId, card.elng, card.elat, 50, false);
      return { ...card, address: locationText(location, 'zh'), location };
    }));
    return data(c, located.map((card) => alarmCardData.parse(withoutEmpty(card))));
  });
  return router;
}

/** Optional card fields the row left empty are left out, as the live card leaves them out. */
function withoutEmpty(card: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(card).filter(([k, v]) => v !== undefined && !(v === '' && k !== 'carPlate')));
}
