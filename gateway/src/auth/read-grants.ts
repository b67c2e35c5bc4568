import { entityByName, entityList, STATS_FAMILIES, type AnyEntity, type FieldDef } from '@wdiov/contracts';
import { menuTree, statsMenuCode, type MenuSeed } from '@wdiov/contracts/menu/menu-tree';

/**
 * Which screens let a caller read what. Reads are granted like writes: a read needs the menu
 * of a screen that shows the data (its own entity, the entities its form picks from, the live
 * calls of the monitoring screens), or an API scope, or the administrator role. The platform's
 * own tables are for administrators only, as BladeX's `@PreAuth` has them.
 */

/** What every signed-in user reads about themselves and to draw the console. */
export const SELF_SERVICE_READS: RegExp[] = [
  /^\/api\/wdiov-auth\/oauth\/user-info$/,
  /^\/api\/wdiov-user\/info$/,
  /^\/api\/wdiov-system\/menu\/(routes|buttons|top-menu)$/,
  /^\/api\/wdiov-system\/(dict|dict-biz)\/(dictionary|dictionary-tree)$/,
  /^\/api\/wdiov-system\/param\/getValueByKey$/,
  // Every map page reads its basemap before drawing.
  /^\/api\/wdiov-system\/map\/basemap$/,
  // The administrative regions, reference data like the dictionaries: every place picker reads them.
  /^\/api\/wdiov-system\/region\/(select|lazy-tree|lazy-list|detail)$/,
  /^\/api\/wdiov-base\/online-user$/,
  // The shell's notice popover: the caller's own notifications and the tenant's notices.
  /^\/api\/wdiov-desk\/notice\/inbox$/,
];

/**
 * The switch-identity dialog lists the caller's depts and roles (`?userId=` their own, or none):
 * anyone may read their own; another user's need the grants of the screens that show depts/roles.
 */
export const OWN_IDENTITY_READS = /^\/api\/wdiov-system\/(dept|role)\/select$/;

export function isOwnIdentityRead(path: string, userIdParam: string | undefined, callerId: string): boolean {
  return OWN_IDENTITY_READS.test(path) && (userIdParam === undefined || userIdParam === callerId);
}

/** Platform administration: clients, tenants, data sources, params, menus, logs, code generation. */
export const ADMIN_ONLY: RegExp[] = [
  /^\/api\/wdiov-system\/(tenant|tenant-package|client|param|menu|topmenu|log-usual|log-api|log-error|log-operation|api-scope|data-scope)(\/|$)/,
  /^\/api\/wdiov-develop\//,
  /^\/api\/wdiov-auth\/oauth\/clear-cache$/,
  // A tenant's identity providers: its administrators set them (writes are theirs by default).
  /^\/api\/wdiov-auth\/sso\/provider\//,
];

/**
 * What reaches beyond one tenant (tenants, clients, the shared params, menus and scopes, code
 * generation, caches, moving a vehicle between tenants): the platform administrator's only, never
 * an administrator role of another tenant.
 */
export const PLATFORM_ONLY: RegExp[] = [
  /^\/api\/wdiov-system\/(tenant|tenant-package|client|param|menu|api-scope|data-scope)(\/|$)/,
  /^\/api\/wdiov-develop\//,
  /^\/api\/wdiov-auth\/oauth\/clear-cache$/,
  /^\/api\/wdiov-base\/vehicle\/transfer$/,
];

/** POST calls that only read (reports, lookups): authorized as reads. */
export const READ_ONLY_POSTS = new Set([
  '/api/wdiov-base/vehicleAlarmData/alarmCount',
  '/api/wdiov-base/vehicleAlarmData/dailyAlarmReport',
  '/api/wdiov-base/vehicleAlarmData/last7DayAlarm',
  '/api/wdiov-base/vehicleFaultData/faultCount',
  '/api/wdiov-base/vehicleFaultData/dailyFaultReport',
  '/api/wdiov-base/alarmHandleTeam/listUserAlarmConfig',
  '/api/wdiov-base/alarmHandleTeam/handleTeamByAlarmType',
  '/api/wdiov-base/alarmHandleTeam/handleTeamByFaultCode',
  '/api/wdiov-base/dataMessage/dataMessageDetail',
  '/api/wdiov-base/vehicleBigData/resolveDetail',
]);

/** The monitoring screens (and the data board) read the live state and history of the fleet. */
const MONITORING_SCREENS = ['wel', 'live_map', 'trajectory', 'vehicle_alarm', 'vehicle_fault', 'fence_access', 'message_parsing', 'remote_diagnose', 'large_screen',
  'safety_warning', 'safety_profile', 'data_quality', 'safety_model_level',
  ...STATS_FAMILIES.map((f) => statsMenuCode(f.path)), statsMenuCode('energyStorageStatis')];
const MONITORING_READS = [
  'wdiov-base/vehicleMonitor', 'wdiov-base/dataBoard', 'wdiov-base/lastPlatformData', 'wdiov-base/historyTrack',
  'wdiov-base/vehicleAlarmData', 'wdiov-base/vehicleFaultData', 'wdiov-base/vehicleCanFaultData', 'wdiov-base/vehicleUdsFaultData',
  'wdiov-base/orgVehicleTree', 'wdiov-base/rdVehicleTree', 'wdiov-base/dataMessage', 'wdiov-base/vehicleBigData',
  'wdiov-base/remoteDiagnose', 'wdiov-base/instructRecord', 'wdiov-base/fenceAccessRecord', 'wdiov-base/electronicFence', 'wdiov-base/safetyWarning',
  'wdiov-base/safetyProfile', 'wdiov-base/dataQuality', 'wdiov-base/safetyModelLevel',
  'wdiov-base/electronicFenceVehicle', 'wdiov-base/vehicle/realtimeInfo', 'wdiov-base/vehicle/realtimeStatistics',
  'wdiov-base/vehicle/historyData', 'wdiov-base/vehicle/info', 'wdiov-base/vehicle/terminalList', 'wdiov-base/vehicle/list',
  'wdiov-resource/mapGeo', 'wdiov-vehteam/orgVehicleTree', 'wdiov-base/live-position', 'wdiov-base/vehicleShare/list',
  // The statistics screens read the daily rollups as the data board does.
  'wdiov-base/mileageStatistics', 'wdiov-base/vehicleOnlineDaily', 'wdiov-base/vehicleOfflineStatistics', 'wdiov-base/invalidDataStatistics',
  'wdiov-base/energyConsumptionStatistics', 'wdiov-base/vehicleHopStatistics', 'wdiov-base/largeScreenStatistics',
  'wdiov-base/vehicleConditionStatis', 'wdiov-base/energyStorageStatis', 'wdiov-base/vehicleReport', 'wdiov-base/routeTimeline',
  'wdiov-vehteam/vehicleReport', 'wdiov-vehteam/routeTimeline',
].map((p) => `/api/${p}`);

/** A path prefix and the menu codes of the screens that read under it. */
export interface ReadRule {
  prefix: string;
  codes: string[];
}

const dirOf = (apiPath: string) => apiPath.slice(0, apiPath.lastIndexOf('/'));

/** The entities a screen of `entity` shows: itself and what its form picks from. */
function shownBy(entity: AnyEntity): AnyEntity[] {
  const refs = (Object.values(entity.fields) as FieldDef[]).flatMap((f) => (f.ref ? [entityByName(f.ref.entity)].filter((e): e is AnyEntity => !!e) : []));
  return [entity, ...refs];
}

/** The read rules of a menu tree (the seeded one by default). */
export function readRules(tree: MenuSeed[] = menuTree(entityList)): ReadRule[] {
  const byPrefix = new Map<string, Set<string>>();
  const add = (prefix: string, code: string) => byPrefix.set(prefix, (byPrefix.get(prefix) ?? new Set()).add(code));
  const walk = (items: MenuSeed[]) => {
    for (const m of items) {
      const entity = m.entity ? entityByName(m.entity) : undefined;
      if (entity) for (const e of shownBy(entity)) add(e.basePath, m.code);
      // A screen's extra buttons call its own service: it reads there too.
      for (const [, , apiPath] of m.buttons ?? []) add(dirOf(apiPath), m.code);
      // What the screen's dialogs declare they pick from.
      for (const name of m.reads ?? []) {
        const read = entityByName(name);
        if (read) add(read.basePath, m.code);
      }
      walk(m.children ?? []);
    }
  };
  walk(tree);
  for (const prefix of MONITORING_READS) for (const code of MONITORING_SCREENS) add(prefix, code);
  return [...byPrefix].map(([prefix, codes]) => ({ prefix, codes: [...codes] }));
}

export const matchesAny = (patterns: RegExp[], path: string) => patterns.some((p) => p.test(path));

/** Menu codes whose screens read `path` (none: nobody but an administrator reads it). */
export function readersOf(rules: ReadRule[], path: string): Set<string> {
  const codes = new Set<string>();
  for (const r of rules) if (path === r.prefix || path.startsWith(r.prefix + '/')) r.codes.forEach((c) => codes.add(c));
  return codes;
}
