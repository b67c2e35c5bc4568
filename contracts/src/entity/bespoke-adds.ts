import type { AnyEntity } from './define-entity.ts';

/**
 * Entities whose adding is more than storing a checked row, done by a submit of their own: a
 * tenant is set up with its administrator, a region is saved by its code, a dispatch, bill or
 * transfer starts its workflow, a storage or movement record moves a vehicle's stock. A
 * spreadsheet import stores rows as the generic submit does, so these are not imported.
 */
export const BESPOKE_ADDS: ReadonlySet<string> = new Set(['tenant', 'region', 'dispatch', 'bill', 'logisticsRecord', 'storageRecord', 'movementRecord']);

/** Whether a list of the entity imports spreadsheets. */
export const importable = (entity: AnyEntity): boolean => !BESPOKE_ADDS.has(entity.name);
