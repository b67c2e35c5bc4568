import { ENERGY_STORAGE_ROUTE, STATS_FAMILIES } from '@wdiov/contracts';
import type { ViewLoader } from '../app/view-registry';

/** The statistics screens by menu path (the families share one chunk), spread into the shell's view registry. */
export const statsViews: Record<string, ViewLoader> = {
  ...Object.fromEntries(
    STATS_FAMILIES.map((f): [string, ViewLoader] => [f.route, () => import('./StatsFamilyScreen').then((m) => ({ default: m.familyScreen(f.path) }))]),
  ),
  [ENERGY_STORAGE_ROUTE]: () => import('./EnergyStoragePage'),
};
