/** What forwarding reads from the database: the enabled platforms, their bound vehicles and blacklist. */
import { sql } from 'drizzle-orm';
import type { Edition } from '@wdiov/contracts/protocol/index';
import { queryRows, type Db } from '../db/client.ts';
import { forwardTargets, type ForwardTargets } from './forward-filter.ts';
import type { LinkState } from './link-state.ts';
import type { PlatformConfig } from './platform-forwarder.ts';

/** terminal_protocol dictionary keys that are GB/T 32960 editions. */
export const EDITION_OF: Record<number, Edition> = { 1: '2016', 2: '2025' };

interface PlatformRow {
  id: string; tenant_id: string; host: string; port: number; protocol: number | null; username: string | null;
  password: string | null; encryption: number | null; platform_code: string | null; encryption_key: string | null; frame_rate: number | null;
}

/** Every platform switched on, in every tenant. */
export async function loadEnabledPlatforms(db: Db): Promise<PlatformConfig[]> {
  const rows = await queryRows<PlatformRow>(db, sql`SELECT id::text AS id, tenant_id, host, port, protocol, username, password, encryption, platform_code, encryption_key, frame_rate
    FROM wdiov_forward_platform WHERE is_deleted = 0 AND forward_status = 1`);
  return rows.map((r) => {
    const edition = EDITION_OF[r.protocol ?? 1];
    return {
      id: r.id, tenantId: r.tenant_id, host: r.host, port: r.port, frameRate: r.frame_rate, encryptionKey: r.encryption_key,
      identity: edition
        ? { edition, platformCode: r.platform_code || (r.username ?? ''), username: r.username ?? '', password: r.password ?? '', encryptionRule: r.encryption ?? 1 }
        : null,
    };
  });
}

/** Start of a binding's start date in Beijing time (the frames' clock); no date = everything. */
export const startOfDayMs = (date: string | null) => (date ? Date.parse(`${date}T00:00:00+08:00`) : 0);

/** The vehicles the platform gets: bound, not blacklisted for it nor for every platform. */
export async function loadTargets(db: Db, platform: { id: string; tenantId: string }): Promise<ForwardTargets> {
  const bindings = await queryRows<{ vin: string; vehicle_id: string; start_date: string | null }>(db, sql`
    SELECT v.vin, b.vehicle_id::text AS vehicle_id, to_char(b.start_date, 'YYYY-MM-DD') AS start_date
    FROM wdiov_forward_platform_vehicle b JOIN wdiov_vehicle v ON v.id = b.vehicle_id AND v.is_deleted = 0
    WHERE b.is_deleted = 0 AND b.forward_platform_id = ${platform.id} AND b.tenant_id = ${platform.tenantId}`);
  const barred = await queryRows<{ vin: string }>(db, sql`
    SELECT v.vin FROM wdiov_forward_blacklist x JOIN wdiov_vehicle v ON v.id = x.vehicle_id
    WHERE x.is_deleted = 0 AND x.tenant_id = ${platform.tenantId} AND (x.forward_platform_id IS NULL OR x.forward_platform_id = ${platform.id})`);
  return forwardTargets(platform.tenantId, bindings.map((b) => ({ vin: b.vin, vehicleId: b.vehicle_id, fromMs: startOfDayMs(b.start_date) })), barred.map((b) => b.vin));
}

/** The link state shown on the platform list, with the backlog (seconds behind) while it drains. */
export async function writeLinkState(db: Db, platformId: string, state: LinkState, error: string | null, backlogSeconds = 0): Promise<void> {
  await db.execute(sql`UPDATE wdiov_forward_platform SET link_state = ${state}, link_error = ${error === null ? null : error.slice(0, 255)},
    link_backlog = ${backlogSeconds}, link_time = CASE WHEN link_state = ${state} THEN link_time ELSE now() END
    WHERE id = ${platformId}`);
}
