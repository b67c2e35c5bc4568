import type { QueryClient } from '@tanstack/react-query';

/**
 * Every query of an entity's rows (lists, pickers, options, details) is keyed with the entity's
 * name first, so that a write of that entity refreshes everything that shows it, wherever it is.
 */
export const entityQueryKey = (entityName: string) => [entityName] as const;

/**
 * The notice popover's boxes: under the notice entity's key, so a notice written in its screen
 * shows in the popover at once.
 */
export const inboxQueryKey = [...entityQueryKey('notice'), 'inbox'] as const;

/** After a write of the entity: every query keyed by it is stale; the ones on screen load again. */
export function invalidateEntity(client: QueryClient, entityName: string): Promise<void> {
  return client.invalidateQueries({ queryKey: entityQueryKey(entityName) });
}

/** The safety workbench's warnings under the warning entity's key, so a handled warning refreshes every list and profile. */
export const safetyWarningsKey = (filters: object) => [...entityQueryKey('safetyWarning'), 'workbench', filters] as const;

/** One vehicle's safety profile: its warnings are part of it, so it sits under the warning entity's key too. */
export const safetyProfileKey = (vin: string) => [...entityQueryKey('safetyWarning'), 'profile', vin] as const;

/** Data quality per vehicle and day (read from the daily statistics). */
export const dataQualityKey = (filters: object) => ['dataQuality', filters] as const;
/** The model-level figures read warnings, so a handled or new warning refreshes them with the warning entity's key. */
export const modelLevelKey = (filters: object) => [...entityQueryKey('safetyWarning'), 'modelLevel', filters] as const;
