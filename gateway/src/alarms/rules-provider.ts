import { and, eq } from 'drizzle-orm';
import { ALARM_RULES, entityByName, type AlarmRule } from '@wdiov/contracts';
import { systemPrincipal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';
import { TenantCached } from './tenant-cache.ts';

const TTL_MS = 30_000;
const ALL = { filters: [], ascs: [], descs: [] };
const ROWS_MAX = 1_000_000;

/** A rule switched on for a vehicle, with the parameters its governing configuration gives it. */
export interface ActiveRule {
  readonly rule: AlarmRule;
  readonly params: unknown;
  /** How long the condition must last before it is an alarm (0: at once). */
  readonly holdMs: number;
  /** The level of its alarms where the evaluation gives none (silence rules). */
  readonly level: number;
}

/** What the engine evaluates for one vehicle. */
export interface VehicleRules {
  /** Rules evaluated on every live frame. */
  readonly frame: readonly ActiveRule[];
  /** Rules evaluated on the frames that report their key, by that key. */
  readonly reported: ReadonlyMap<string, ActiveRule>;
  /** Silence rules (offline), with how long a vehicle may be silent. */
  readonly silence: readonly (ActiveRule & { readonly silenceMs: number })[];
}

/**
 * The rules of a vehicle governed by `row` (an alarm configuration row, or none): the vehicle's
 * own alarms always, each platform rule the row's parameters switch on.
 */
export function vehicleRulesOf(row: Record<string, unknown> | undefined): VehicleRules {
  const frame: ActiveRule[] = [];
  const reported = new Map<string, ActiveRule>();
  const silence: (ActiveRule & { silenceMs: number })[] = [];
  for (const rule of ALARM_RULES) {
    if (rule.kind === 'fence') continue;
    const params = rule.paramsOf(row);
    if (params === undefined) continue;
    const level = rule.levelOf?.(params) ?? rule.level;
    if (rule.kind === 'silence') silence.push({ rule, params, level, holdMs: 0, silenceMs: rule.silenceMs!(params) });
    else if (rule.reports !== undefined) reported.set(rule.reports, { rule, params, level, holdMs: rule.holdMs?.(params) ?? 0 });
    else frame.push({ rule, params, level, holdMs: rule.holdMs?.(params) ?? 0 });
  }
  return Object.freeze({ frame, reported, silence });
}

const UNCONFIGURED = vehicleRulesOf(undefined);

/** The rules per vehicle and the handling switches of a tenant, read without waiting once the tenant is loaded. */
export interface RulesProvider {
  ready(tenantId: string): Promise<void>;
  loaded(tenantId: string): boolean;
  /** The vehicle's rules (the vehicle's own alarms only while the tenant is not loaded). */
  forVehicle(tenantId: string, vehicleId: string): VehicleRules;
  /** Whether an alarm of the type needs an operator: a type without a handling row does. */
  mustHandle(tenantId: string, alarmType: string): boolean;
}

interface TenantRules {
  /** Vehicle id → its organisation and that organisation's ancestors, nearest first. */
  orgChainOf(vehicleId: string): readonly string[];
  /** Organisation id → the enabled configuration row that governs it directly. */
  configByOrg: ReadonlyMap<string, Record<string, unknown>>;
  /** Alarm type → isHandle, for the types that have a handling row. */
  handling: ReadonlyMap<string, boolean>;
  /** Resolved once per vehicle; vehicles governed by the same row share one value. */
  byVehicle: Map<string, VehicleRules>;
  byConfig: Map<Record<string, unknown>, VehicleRules>;
}

const newer = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const at = (r: Record<string, unknown>) => String(r.updateTime ?? r.createTime ?? '');
  return at(a) !== at(b) ? at(a) > at(b) : BigInt(String(a.id ?? 0)) > BigInt(String(b.id ?? 0));
};

/**
 * Alarm rules per vehicle from the alarm configuration (alarmConfig), the organisation tree, the
 * vehicles' organisations and the handling switches (alarmHandleConfig): a configuration row
 * governs the vehicles of its organisation and below, the nearest enabled one winning (never the
 * strictest), a disabled row governs nothing. Loaded per tenant off the hot path, resolved once
 * per vehicle, dropped when any of those rows change.
 */
export class AlarmConfigRules extends TenantCached<TenantRules> implements RulesProvider {
  constructor(private readonly repos: Repositories, onError: (err: unknown, tenantId: string) => void = () => {}) {
    super(TTL_MS, onError);
  }

  forVehicle(tenantId: string, vehicleId: string): VehicleRules {
    const tenant = this.cached(tenantId);
    if (!tenant) return UNCONFIGURED;
    let rules = tenant.byVehicle.get(vehicleId);
    if (!rules) tenant.byVehicle.set(vehicleId, (rules = this.resolve(tenant, vehicleId)));
    return rules;
  }

  mustHandle(tenantId: string, alarmType: string): boolean {
    return this.cached(tenantId)?.handling.get(alarmType) ?? true;
  }

  private resolve(tenant: TenantRules, vehicleId: string): VehicleRules {
    for (const orgId of tenant.orgChainOf(vehicleId)) {
      const row = tenant.configByOrg.get(orgId);
      if (!row) continue;
      let rules = tenant.byConfig.get(row);
      if (!rules) tenant.byConfig.set(row, (rules = vehicleRulesOf(row)));
      return rules;
    }
    return UNCONFIGURED;
  }

  protected async load(tenantId: string): Promise<TenantRules> {
    const principal = systemPrincipal(tenantId);
    const rowsOf = async (name: 'alarmConfig' | 'org' | 'alarmHandleConfig') => (entityByName(name) ? this.repos.get(name).all(principal, ALL, [], ROWS_MAX) : []);
    const [configs, orgs, handles, vehicleOrgs] = await Promise.all([
      rowsOf('alarmConfig'), rowsOf('org'), rowsOf('alarmHandleConfig'), this.vehicleOrgs(tenantId),
    ]);
    const configByOrg = new Map<string, Record<string, unknown>>();
    for (const row of configs) {
      if (Number(row.isEnabled) !== 1 || row.orgId === null || row.orgId === undefined) continue;
      const orgId = String(row.orgId);
      const held = configByOrg.get(orgId);
      if (!held || newer(row, held)) configByOrg.set(orgId, row);
    }
    const parentOf = new Map(orgs.map((o) => [String(o.id), String(o.parentId ?? '0')]));
    const chains = new Map<string, string[]>();
    const chainOf = (orgId: string): string[] => {
      let chain = chains.get(orgId);
      if (chain) return chain;
      chain = [];
      // Bounded by the tree's size, so a parent loop in bad rows cannot hang the load.
      for (let id: string | undefined = orgId; id && id !== '0' && chain.length <= parentOf.size; id = parentOf.get(id)) chain.push(id);
      chains.set(orgId, chain);
      return chain;
    };
    const handling = new Map(handles.map((h) => [String(h.alarmType), Number(h.isHandle) === 1]));
    return {
      orgChainOf: (vehicleId) => {
        const orgId = vehicleOrgs.get(vehicleId);
        return orgId ? chainOf(orgId) : [];
      },
      configByOrg, handling, byVehicle: new Map(), byConfig: new Map(),
    };
  }

  /** Only the two columns the rules need, for every vehicle of the tenant: a fleet is thousands of rows. */
  private async vehicleOrgs(tenantId: string): Promise<Map<string, string>> {
    if (!entityByName('vehicle')) return new Map();
    const repo = this.repos.get('vehicle');
    const col = repo.columns;
    const rows = await repo.db.select({ id: col.id!, orgId: col.orgId! }).from(repo.table)
      .where(and(eq(col.tenantId!, tenantId), eq(col.isDeleted!, 0)));
    return new Map(rows.filter((r) => r.orgId !== null).map((r) => [String(r.id), String(r.orgId)]));
  }
}
