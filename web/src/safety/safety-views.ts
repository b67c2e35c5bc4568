import type { ViewLoader } from '../app/view-registry';

/** The GB/T 45688 screens by menu path (the workbench takes the place of the warnings' generic list). */
export const safetyViews: Record<string, ViewLoader> = {
  '/safety/warning': () => import('./SafetyWorkbenchPage'),
  '/safety/profile': () => import('./SafetyProfilePage'),
  '/safety/dataQuality': () => import('./DataQualityPage'),
  '/safety/modelLevel': () => import('./ModelLevelPage'),
};
