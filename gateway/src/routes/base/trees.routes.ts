import { z } from 'zod';
import { forest, withAncestors } from '../../crud/tree.ts';
import type { Principal } from '../../crud/principal.ts';
import type { Json } from '../../crud/serialize.ts';
import { createRouter } from '../../lib/create-app.ts';
import { data } from '../../lib/envelope.ts';
import { parseWith } from '../../lib/read-input.ts';
import type { Ctx } from '../../lib/types.ts';
import type { LatestState } from '../../live/latest-state.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { ALL, fleetRows, liveView, snapshotOf } from './fleet.ts';
import { LABELS, optionalInt, optionalText } from './inputs.ts';

const TreeQuery = z.object({
  keyword: optionalText(32, LABELS.keyword),
  vin: optionalText(17, LABELS.vin),
  plateNumber: optionalText(20, LABELS.plateNumber),
  /** A live state (1 driving, 2 parked, 3 charging, 4 offline); 0 or absent = every vehicle. */
  type: optionalInt(LABELS.vehicleState, 0, 4),
  state: optionalInt(LABELS.vehicleState, 0, 4),
});

interface OrgCount { total: number; online: number }

/**
 * The organisation tree with the caller's vehicles as leaves: each vehicle with its VIN, plate
 * and live state, each organisation with how many vehicles (and how many online) it holds,
 * sub-organisations included. With a keyword (plate or VIN, any part) or a state only the
 * matching vehicles and the organisations above them remain.
 */
export async function orgVehicleTree(deps: BespokeDeps, latest: LatestState, principal: Principal, input: Record<string, string>) {
  const q = parseWith(TreeQuery, input);
  const offset = deps.env.UTC_OFFSET_MIN;
  const keyword = q.keyword?.toUpperCase();
  const state = q.type || q.state || undefined;
  const orgs = await deps.repos.get('org').all(principal, { ...ALL, ascs: ['sort'] });
  const vehicles = (await fleetRows(deps.repos, principal))
    .map((v) => ({ v, live: liveView(snapshotOf(latest, principal, v.vin), offset) }))
    .filter(({ v, live }) => (!keyword || v.vin.includes(keyword) || v.plateNumber.toUpperCase().includes(keyword))
      && (!q.vin || v.vin.includes(q.vin.toUpperCase())) && (!q.plateNumber || v.plateNumber.includes(q.plateNumber))
      && (!state || live.state === state));
  const parentOf = new Map(orgs.map((o) => [String(o.id), String(o.parentId ?? '0')]));
  const counts = new Map<string, OrgCount>();
  for (const { v, live } of vehicles) {
    const seen = new Set<string>();
    for (let id: string | undefined = v.orgId; id && parentOf.has(id) && !seen.has(id); id = parentOf.get(id)) {
      seen.add(id);
      const n = counts.get(id) ?? { total: 0, online: 0 };
      n.total++;
      if (live.online) n.online++;
      counts.set(id, n);
    }
  }
  const filtered = Boolean(keyword || q.vin || q.plateNumber || state);
  const keep = filtered ? withAncestors(orgs, new Set(vehicles.map(({ v }) => v.orgId))) : undefined;
  const orgNodes = orgs.filter((o) => !keep || keep.has(String(o.id))).map((o) => {
    const id = String(o.id);
    return {
      id, parentId: String(o.parentId ?? '0'), title: String(o.orgName ?? ''), key: id, value: id, type: 'org',
      orgName: o.orgName, total: counts.get(id)?.total ?? 0, online: counts.get(id)?.online ?? 0,
    };
  });
  const vehicleNodes = vehicles.map(({ v, live }) => ({
    id: v.id, parentId: v.orgId, title: v.plateNumber || v.vin, key: v.id, value: v.id, type: 'vehicle',
    vehicleId: v.id, vin: v.vin, plateNumber: v.plateNumber, ...live,
  }));
  return forest([...orgNodes, ...vehicleNodes] as Json[]);
}

/** orgVehicleTree and rdVehicleTree under wdiov-base (the monitor's vehicle trees). */
export function treeRoutes(deps: BespokeDeps, latest: LatestState) {
  const router = createRouter();
  const tree = async (c: Ctx) => data(c, await orgVehicleTree(deps, latest, c.get('principal'), c.req.query()));
  router.get('/orgVehicleTree/getTree', tree);
  router.get('/rdVehicleTree/getVehTree', tree);
  router.get('/rdVehicleTree/getTree', tree);
  router.get('/rdVehicleTree/getRDTree', tree);
  return router;
}

/**
 * The spec's wdiov-vehteam path of the same tree, `orgVehicleTree/getTree`; mount at
 * /api/wdiov-vehteam. (`org/tree` is the generic tree route of the org entity.)
 */
export function vehteamTreeRoutes(deps: BespokeDeps, latest: LatestState) {
  const router = createRouter();
  router.get('/orgVehicleTree/getTree', async (c) => data(c, await orgVehicleTree(deps, latest, c.get('principal'), c.req.query())));
  return router;
}
