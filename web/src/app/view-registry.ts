import type { EntityName } from '@wdiov/contracts/entities/registry';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { entityRoutes } from '../crud/entity-routes';
import { monitoringViews } from '../monitoring/views';
import { statsViews } from '../stats/family-views';
import { safetyViews } from '../safety/safety-views';

type ViewModule = { default: ComponentType };
export type ViewLoader = () => Promise<ViewModule>;

/** The generic list page of an entity (one chunk shared by every entity). */
const genericView = (entity: string): ViewLoader => () =>
  import('../crud/GenericScreen').then((m) => ({ default: m.screenFor(entity) }));

const dictView = (entity: 'dict' | 'dictBiz', layout: 'horizontal' | 'vertical'): ViewLoader => () =>
  import('../pages/system/DictScreen').then((m) => ({ default: m.dictScreen(entity, layout) }));

/** The generic list with the seeded row calls of its screen (pages/system/RowCallScreen.tsx). */
const rowCallView = (entity: EntityName, calls: { button: string; icon: string }[]): ViewLoader => () =>
  import('../pages/system/RowCallScreen').then((m) => ({ default: m.rowCallScreen(entity, calls) }));

const recordDetailView = (entity: EntityName): ViewLoader => () =>
  import('../workflows/RecordDetailPage').then((m) => ({ default: m.recordDetailPage(entity) }));

/** System screens that need more than the generic page (spec part 1 §2), by the entity's typed name. */
const entityScreens: { readonly [N in EntityName]?: ViewLoader } = {
  param: () => import('../pages/system/ParamPage'),
  tenantPackage: () => import('../pages/system/TenantPackagePage'),
  user: () => import('../pages/system/UserPage'),
  role: () => import('../pages/system/RolePage'),
  menu: () => import('../pages/system/MenuPage'),
  region: () => import('../pages/system/RegionPage'),
  topMenu: () => import('../pages/system/TopMenuPage'),
  dict: dictView('dict', 'horizontal'),
  dictBiz: dictView('dictBiz', 'horizontal'),
  forwardPlatform: () => import('../forward/ForwardPlatformPage'),
  forwardRecord: () => import('../forward/ForwardRecordPage'),
  notifyChannel: () => import('../notify/NotifyChannelPage'),
  teamVehicle: () => import('../workflows/TeamVehiclePage'),
  operateRecord: () => import('../workflows/OperateRecordPage'),
  witCockpitTerminal: () => import('../workflows/CockpitTerminalPage'),
  bluetoothTerminal: () => import('../workflows/BluetoothTerminalPage'),
  alarmHandleConfig: () => import('../workflows/AlarmHandleConfigPage'),
  vehicleModel: () => import('../workflows/VehicleModelPage'),
  vehicle: () => import('../share/VehicleScreen'),
  electronicFence: () => import('../monitoring/ElectronicFencePage'),
  oss: rowCallView('oss', [{ button: 'enable', icon: 'pi pi-power-off' }]),
  sms: () => import('../pages/system/SmsPage'),
  code: () => import('../pages/system/CodePage'),
  tenant: () => import('../pages/system/TenantPage'),
  model: () => import('../pages/system/ModelPage'),
};

/** Every entity of the registry at the path the seeded menu tree gives it. */
const entityViews: Record<string, ViewLoader> = Object.fromEntries(
  entityRoutes().map((r) => [r.path, entityScreens[r.entity as EntityName] ?? genericView(r.entity)]),
);

/**
 * Menu path → lazily loaded view (one chunk each). A path of the user's menu tree
 * without an entry here shows the generic placeholder page.
 * To plug in a screen, add one line: `'/system/param': () => import('../views/system/ParamPage'),`
 */
export const viewRegistry: Record<string, ViewLoader> = {
  ...entityViews,
  '/wel/index': () => import('../pages/WelcomePage'),
  // The console (spec part 1 §2): hidden from the menu, opened from the user menu.
  '/wel/dashboard': () => import('../workflows/ConsolePage'),
  '/info/index': () => import('../pages/profile/ProfilePage'),
  '/dict-horizontal/index': dictView('dict', 'horizontal'),
  '/dict-vertical/index': dictView('dict', 'vertical'),
  // The specification's detail routes of records (`?id=`) and its vehicle list path.
  '/repairRecordDetails/index': recordDetailView('repairRecord'),
  '/maintainRecordDetail/index': recordDetailView('maintainRecord'),
  '/vehicle/index': () => import('../share/VehicleScreen'),
  '/system/sso': () => import('../sso/SsoProviderPage'),
  ...monitoringViews,
  ...statsViews,
  ...safetyViews,
};

export function hasView(path: string): boolean {
  return path in viewRegistry;
}

const cache = new Map<string, LazyExoticComponent<ComponentType>>();
/** A view's chunk once asked for: a preload at boot and the first render share one request. */
const loading = new Map<string, Promise<ViewModule>>();

export function loadViewOnce(path: string, loader: ViewLoader): Promise<ViewModule> {
  let module = loading.get(path);
  if (!module) {
    module = loader();
    loading.set(path, module);
    // A chunk that failed (a deploy replaced it, the network dropped) is asked for again next time.
    module.catch(() => loading.delete(path));
  }
  return module;
}

/** Starts loading the view of a path, if it has one, without rendering it. */
export function preloadView(path: string): void {
  const loader = viewRegistry[path];
  if (loader) loadViewOnce(path, loader).catch(() => undefined);
}

/** One lazy component per path, created once so React keeps its state across renders. */
export function lazyView(path: string): LazyExoticComponent<ComponentType> | undefined {
  const loader = viewRegistry[path];
  if (!loader) return undefined;
  let view = cache.get(path);
  if (!view) {
    view = lazy(() => loadViewOnce(path, loader));
    cache.set(path, view);
  }
  return view;
}
