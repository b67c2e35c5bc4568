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
