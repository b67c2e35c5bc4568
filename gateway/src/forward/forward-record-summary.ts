/**
 * forwardRecord/summary: the forwarding records summed per platform (the record screen's
 * overview above its list): vehicles with a record, frames sent, acknowledged, as realtime and
 * as reissue, the largest backlog and the last send, beside the platform's link. One grouped
 * statement within the caller's tenant and data scope, whatever the number of vehicles.
 */
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { formatDateTime } from '@wdiov/contracts';
import type { Principal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';
import { ALL } from '../routes/base/fleet.ts';

export interface PlatformSummary {
  forwardPlatformId: string;
  platformName: string | null;
  forwardStatus: unknown;
  linkState: unknown;
  linkBacklog: unknown;
  linkError: string | null;
  vehicles: number;
  /** Counts as strings (64-bit, like the record's own). */
  framesSent: string;
  framesAcked: string;
  realtimeSent: string;
  reissueSent: string;
  /** The largest backlog (seconds) of its vehicles. */
  backlogSeconds: number;
  lastSendTime: string | null;
  /** Vehicles whose record holds an error. */
  vehiclesWithError: number;
}

export interface SummaryFilter {
  forwardPlatformId?: string;
  /** Part of a VIN. */
  vin?: string;
}

export async function forwardRecordSummary(repos: Repositories, principal: Principal, filter: SummaryFilter, utcOffsetMin: number): Promise<PlatformSummary[]> {
  const records = repos.get('forwardRecord');
  const c = records.columns;
  const where = and(
    await records.scope(principal),
    filter.forwardPlatformId ? eq(c.forwardPlatformId!, filter.forwardPlatformId) : undefined,
    filter.vin ? like(c.vin!, `%${filter.vin.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
  );
  const sums = await records.db.select({
    platformId: sql<string>`${c.forwardPlatformId}::text`,
    vehicles: sql<number>`count(*)::int`,
    framesSent: sql<string>`coalesce(sum(${c.framesSent}), 0)::text`,
    framesAcked: sql<string>`coalesce(sum(${c.framesAcked}), 0)::text`,
    realtimeSent: sql<string>`coalesce(sum(${c.realtimeSent}), 0)::text`,
    reissueSent: sql<string>`coalesce(sum(${c.reissueSent}), 0)::text`,
    backlogSeconds: sql<number>`coalesce(max(${c.backlogSeconds}), 0)::int`,
    lastSendTime: sql<string | null>`max(${c.lastSendTime})::text`,
    vehiclesWithError: sql<number>`count(${c.lastError})::int`,
  }).from(records.table).where(where).groupBy(c.forwardPlatformId!);
  if (sums.length === 0) return [];
  const platforms = repos.get('forwardPlatform');
  const rows = await platforms.all(principal, ALL, [inArray(platforms.columns.id!, sums.map((s) => s.platformId))]);
  const byId = new Map(rows.map((p) => [String(p.id), p]));
  return sums.map((s) => {
    const p = byId.get(s.platformId);
    return {
      forwardPlatformId: s.platformId, platformName: (p?.platformName as string | undefined) ?? null, forwardStatus: p?.forwardStatus ?? null,
      linkState: p?.linkState ?? null, linkBacklog: p?.linkBacklog ?? 0, linkError: (p?.linkError as string | undefined) ?? null,
      vehicles: s.vehicles, framesSent: s.framesSent, framesAcked: s.framesAcked, realtimeSent: s.realtimeSent, reissueSent: s.reissueSent,
      backlogSeconds: s.backlogSeconds, lastSendTime: s.lastSendTime ? formatDateTime(new Date(s.lastSendTime), utcOffsetMin) : null, vehiclesWithError: s.vehiclesWithError,
    };
  }).sort((a, b) => (a.platformName ?? '').localeCompare(b.platformName ?? ''));
}
