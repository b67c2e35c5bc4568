import type { EntityConfig } from '../../entity/define-entity.ts';

/**
 * What every business entity shares: its service, and that it is tenant data with the full
 * BladeX audit columns (who/when created and changed, status, logical delete).
 */
export const business = (service: 'wdiov-base' | 'wdiov-vehteam' | 'wdiov-pm') =>
  ({ service, tenant: true, audit: 'full' }) as const satisfies Partial<EntityConfig>;

export const BASE = business('wdiov-base');
export const VEHTEAM = business('wdiov-vehteam');
export const PM = business('wdiov-pm');
