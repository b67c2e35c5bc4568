/**
 * Caches a gateway keeps of master data, named so that an entity's definition can say which of
 * them hold its rows (`caches`): after a write, every gateway drops those (through the change
 * subject), and nothing else needs to know the entity.
 * - `fences`, `rules`, `teams`, `directory`, `scopes`: the live path's (fences and their vehicles,
 *   alarm rules per vehicle with the handling switches, handling teams, the vehicle directory, the sockets' vehicle scopes);
 * - `places`: the tenant's own places (stations, storages, fences) that locations are worded by;
 * - `dictionaries`: dictionary labels; `access`: the access policy and the data scopes;
 * - `signIn`: the clients, tenants and roles a sign-in reads; `params`: the switch parameters (single session);
 * - `channels`: the notification channels deliveries send through.
 * Reference labels are dropped after every write, whatever the entity.
 */
export const ENTITY_CACHES = ['fences', 'rules', 'teams', 'directory', 'scopes', 'places', 'dictionaries', 'access', 'signIn', 'params', 'channels'] as const;

export type EntityCache = (typeof ENTITY_CACHES)[number];
