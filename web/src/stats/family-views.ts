import { ENERGY_STORAGE_ROUTE, STATS_DETAIL_ROUTES, STATS_FAMILIES } from '@wdiov/contracts';
import type { ViewLoader } from '../app/view-registry';

/** The statistics screens by menu path (the families share one chunk), spread into the shell's view registry. */
export const statsViews: Record<string, ViewLoader> = {
  ...Object.fromEntries(
    STATS_FAMILIES.map((f): [string, ViewLoader] => [f.route, () => import('./StatsFamilyScreen').then((m) => ({ default: m.familyScreen(f.path) }))]),
  ),
  [ENERGY_STORAGE_ROUTE]: () => import('./EnergyStoragePage'),
  // The specification's detail routes, opened from the families' rows (not menus).
  [STATS_DETAIL_ROUTES.hop]: () => import('./HopDetailPage'),
  [STATS_DETAIL_ROUTES.changes]: () => import('./ChangesDetailPage'),
  [STATS_DETAIL_ROUTES.driverBehavior]: () => import('./DriverBehaviorPage'),
};
