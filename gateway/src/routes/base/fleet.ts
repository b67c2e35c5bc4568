import { formatDateTime, VehicleRunState, type ListFilter, type Telemetry } from '@wdiov/contracts';
import type { Principal } from '../../crud/principal.ts';
import type { Repositories } from '../../crud/repositories.ts';
import type { Json } from '../../crud/serialize.ts';
import { notFound } from '../../lib/api-error.ts';
import { commonText } from '../../lib/texts/common-text.ts';
import type { LatestState } from '../../live/latest-state.ts';

/** Vehicles of the caller (tenant and data scope) and their live state. */

export const ALL = { filters: [] as ListFilter[], ascs: [] as string[], descs: [] as string[] };

export const equal = (field: string, value: string, column = field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)): ListFilter =>
  ({ key: field, field, column, op: 'equal', value });

export const STATE_NAMES: Record<number, string> = { 1: '行驶', 2: '停车', 3: '充电', 4: '离线' };

/** The spec's speed convention: km/h, −0.1 invalid (or never reported), −0.2 abnormal. */
export const speedValue = (s: Telemetry['speedKmh'] | number | null | undefined): number =>
  typeof s === 'number' ? s : s === 'abnormal' ? -0.2 : -0.1;

/** The vehicle a VIN or plate names in the caller's tenant; 404 when there is none. */
export async function requireVehicle(repos: Repositories, principal: Principal, by: { vin?: string; plateNumber?: string }): Promise<Json> {
  const filters = by.vin ? [equal('vin', by.vin)] : by.plateNumber ? [equal('plateNumber', by.plateNumber)] : [];
  const [row] = filters.length ? await repos.get('vehicle').all(principal, { ...ALL, filters }, [], 1) : [];
  if (!row) throw notFound(commonText('vehicleMissing', { id: by.vin ?? by.plateNumber ?? '' }));
  return row;
}

export interface FleetRow { id: string; vin: string; plateNumber: string; orgId: string }

/** Every vehicle the caller may see, lightly (no labels): trees and counts. */
export async function fleetRows(repos: Repositories, principal: Principal, limit = 100_000): Promise<FleetRow[]> {
  const rows = await repos.get('vehicle').pick(principal, ['id', 'vin', 'plateNumber', 'orgId'], [{ field: 'id', asc: true }], limit);
  return rows.map((r) => ({ id: String(r.id), vin: String(r.vin), plateNumber: String(r.plateNumber ?? ''), orgId: String(r.orgId ?? '0') }));
}

/** The latest snapshot of a vehicle, only when it belongs to the caller's tenant. */
export function snapshotOf(latest: LatestState, principal: Principal, vin: string): Telemetry | undefined {
  const t = latest.get(vin);
  return t && t.tenantId === principal.tenantId ? t : undefined;
}

const reading = (r: Telemetry['socPercent'] | undefined) => (r === undefined ? null : r);

/** A snapshot as the monitor shows it; a vehicle never heard from is offline with empty readings. */
export function liveView(t: Telemetry | undefined, utcOffsetMin: number) {
  const state = t?.state ?? VehicleRunState.offline;
  return {
    online: state !== VehicleRunState.offline,
    state,
    stateName: STATE_NAMES[state] ?? '',
    speed: speedValue(t?.speedKmh),
    soc: reading(t?.socPercent),
    voltage: reading(t?.totalVoltageV),
    current: reading(t?.totalCurrentA),
    mileage: reading(t?.mileageKm),
    lng: t?.lng ?? null,
    lat: t?.lat ?? null,
    heading: t?.heading ?? 0,
    alarmLevel: t?.alarmLevel ?? 0,
    lastTime: t ? formatDateTime(t.ts, utcOffsetMin) : '',
    receivedTime: t ? formatDateTime(t.receivedAt, utcOffsetMin) : '',
  };
}

export interface FleetCounts {
  total: number; online: number; offline: number; driving: number; parked: number; charging: number; alarm: number; onlineRate: number;
}

/** Counts by live state over the caller's vehicles (a vehicle never heard from counts as offline); `rows` when already read. */
export async function fleetCounts(repos: Repositories, latest: LatestState, principal: Principal, rows?: { vin: string }[]): Promise<FleetCounts> {
  const vins = new Set((rows ?? (await fleetRows(repos, principal))).map((r) => r.vin));
  return countsOf(vins.size, liveOf(latest, principal.tenantId).filter((t) => vins.has(t.vin)));
}

/** The tenant's snapshots of vehicles online now (any vehicle heard from, in the caller's fleet or not). */
export const liveOf = (latest: LatestState, tenantId: string): Telemetry[] =>
  latest.ofTenant(tenantId).filter((t) => t.state !== VehicleRunState.offline);

/** Counts by live state of a fleet of `total` vehicles whose online ones are `live`. */
export function countsOf(total: number, live: Telemetry[]): FleetCounts {
  const by = (state: number) => live.filter((t) => t.state === state).length;
  return {
    total,
    online: live.length,
    offline: total - live.length,
    driving: by(VehicleRunState.driving),
    parked: by(VehicleRunState.parked),
    charging: by(VehicleRunState.charging),
    alarm: live.filter((t) => t.alarmLevel > 0).length,
    onlineRate: total === 0 ? 0 : Math.round((live.length / total) * 10_000) / 100,
  };
}
