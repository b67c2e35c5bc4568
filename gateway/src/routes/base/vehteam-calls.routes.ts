import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idString, Msg, parseIdList, type EntityName } from '@wdiov/contracts';
import { appVehicleBindings } from '../../db/schema/app-bindings.ts';
import { treeNodes, type TreeNode } from '../../crud/tree.ts';
import { listQueryOf } from '../../crud/crud-router.ts';
import type { Principal } from '../../crud/principal.ts';
import { createRouter } from '../../lib/create-app.ts';
import { data, success } from '../../lib/envelope.ts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import { nextId } from '../../lib/ids.ts';
import { parseWith, queryObject } from '../../lib/read-input.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { vinParam } from './inputs.ts';
import { vehicleText } from '../../lib/texts/vehicle-text.ts';
import { commonText } from '../../lib/texts/common-text.ts';
import { statsVehicleRoutes } from './stats-vehicle.routes.ts';

/** A fleet vehicle named by its roster id (`id`), its master vehicle (`vehicleId`) or its VIN. */
const VehicleParamQuery = z.object({ id: idString.optional(), vehicleId: idString.optional(), vin: vinParam.optional() })
  .refine((q) => q.id ?? q.vehicleId ?? q.vin, { error: () => `${vehicleText('whichVehicle')} [id|vehicleId|vin]` });

/** Calls the specification lists under wdiov-vehteam that the statistics serve under wdiov-base too. */
const SHARED_STATS = ['/vehicleReport/page', '/routeTimeline/page'];

/** A router holding only `paths` of `source`, with its handlers (one implementation, two mount points). */
function onlyRoutes(source: ReturnType<typeof createRouter>, paths: readonly string[]) {
  const out = createRouter();
  for (const r of source.routes) if (paths.includes(r.path) && r.method === 'GET') out.get(r.path, r.handler);
  return out;
}

/** The record of each vehicle a manage page shows: the newest by this date field. */
const MANAGED: [EntityName, string][] = [['maintainRecord', 'maintainDate'], ['repairRecord', 'repairDate']];

/**
 * The bespoke calls of wdiov-vehteam (spec §7), mounted at /api/wdiov-vehteam before the generic
 * routes: a fleet vehicle's parameters (getVehicleParam), binding fleet vehicles to the caller's
 * app (appBind), the organisation tree of the alarm rules (alarmConfig/orgTree), the
 * maintenance and repair manage pages (one row per vehicle: its newest record), and the vehicle
 * report and route timeline of the statistics.
 */
export function vehteamCallRoutes(deps: BespokeDeps) {
  const { db, repos } = deps;
  const router = createRouter();
  // The fleet team's vehicle report and route timeline (spec §7 wdiov-vehteam) are the statistics' own.
  router.route('/', onlyRoutes(statsVehicleRoutes(deps), SHARED_STATS));

  /** Everything a fleet vehicle is set up with: roster entry, master vehicle, model, terminal, app binding. */
  router.get('/vehicle/getVehicleParam', async (c) => {
    const principal = c.get('principal');
    const q = parseWith(VehicleParamQuery, c.req.query());
    const team = repos.get('teamVehicle');
    let vehicleId = q.vehicleId;
    if (q.vin && !vehicleId) {
      const [v] = await repos.get('vehicle').all(principal, listQueryOf({ vin_equal: q.vin }), [], 1);
      if (!v) throw notFound(commonText('vehicleMissing', { id: String(q.vin) }));
      vehicleId = String(v.id);
    }
    const [roster] = q.id
      ? [await team.detail(principal, q.id)].filter(Boolean)
      : await team.all(principal, listQueryOf({ vehicleId_equal: vehicleId! }), [], 1);
    if (!roster) throw notFound(vehicleText('rosterMissing', { id: String(q.id ?? q.vin ?? vehicleId) }));
    const vehicle = await repos.get('vehicle').detail(principal, String(roster.vehicleId));
    const of = async (name: EntityName, id: unknown) => (id ? ((await repos.get(name).detail(principal, String(id))) ?? null) : null);
    const [bound] = await db.select({ id: appVehicleBindings.id }).from(appVehicleBindings)
      .where(and(eq(appVehicleBindings.userId, principal.userId), eq(appVehicleBindings.teamVehicleId, String(roster.id)))).limit(1);
    return data(c, {
      ...roster, vehicle: vehicle ?? null, vehicleModel: await of('vehicleModel', vehicle?.vehicleModelId),
      terminal: await of('terminal', vehicle?.terminalId), driver: await of('driver', roster.driverId), appBound: Boolean(bound),
    });
  });

  /** Binds the caller's app to exactly the fleet vehicles given (`ids`, comma-joined roster ids; empty unbinds all). */
  router.post('/vehicle/appBind', async (c) => {
    const principal = c.get('principal');
    const raw = c.req.query('ids') ?? '';
    const ids = raw.trim() === '' ? [] : parseIdList(raw);
    if (!ids) throw badRequest(`${commonText('idList', { key: 'ids' })} [ids]`);
    if (ids.length > 500) throw badRequest(`${vehicleText('bindAtMost', { limit: 500 })} [ids]`);
    const team = repos.get('teamVehicle');
    const visible = ids.length ? await team.all(principal, listQueryOf({}), [inArray(team.columns.id!, ids)], 500) : [];
    const missing = ids.filter((id) => !visible.some((v) => String(v.id) === id));
    if (missing.length) throw notFound(vehicleText('rosterMissing', { id: missing.join(',') }));
    const b = appVehicleBindings;
    await db.transaction(async (tx) => {
      await tx.delete(b).where(and(eq(b.tenantId, principal.tenantId), eq(b.userId, principal.userId)));
      if (ids.length) {
        const now = new Date();
        await tx.insert(b).values([...new Set(ids)].map((teamVehicleId) => ({ id: nextId(), tenantId: principal.tenantId, userId: principal.userId, teamVehicleId, createTime: now })));
      }
    });
    repos.get('user').record({ principal, action: 'appBind', id: principal.userId, changes: { teamVehicleIds: [...new Set(ids)] } });
    return success(c, Msg.success);
  });

  /** The organisation tree with, on each node, how many alarm rules apply to that organisation. */
  router.get('/alarmConfig/orgTree', async (c) => {
    const principal = c.get('principal');
    const orgs = await repos.get('org').all(principal, listQueryOf({ ascs: 'sort' }));
    const configs = repos.get('alarmConfig');
    const counts = new Map<string, number>();
    for (const r of await configs.all(principal, listQueryOf({}))) counts.set(String(r.orgId), (counts.get(String(r.orgId)) ?? 0) + 1);
    const annotate = (nodes: TreeNode[]): (TreeNode & { configCount: number })[] =>
      nodes.map((n) => ({ ...n, configCount: counts.get(n.id) ?? 0, ...(n.children ? { children: annotate(n.children) } : {}) }));
    return data(c, annotate(treeNodes(orgs, 'orgName')));
  });

  for (const [name, dateField] of MANAGED) {
    router.get(`/${name}/manage/page`, async (c) => {
      const principal: Principal = c.get('principal');
      const repo = repos.get(name);
      const col = repo.columns;
      const newest = sql`${col.id} in (select distinct on (${col.vehicleId}) ${col.id} from ${repo.table}
        where ${col.tenantId} = ${principal.tenantId} and ${col.isDeleted} = 0
        order by ${col.vehicleId}, ${col[dateField]} desc nulls last, ${col.id} desc)`;
      return data(c, await repo.page(principal, listQueryOf(queryObject(c)), [newest]));
    });
  }

  return router;
}
