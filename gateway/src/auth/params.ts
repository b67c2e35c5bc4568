import { ADMIN_TENANT_ID } from '@wdiov/contracts';
import { MemoCache } from '../crud/memo-cache.ts';
import { systemPrincipal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';
import { isOn } from './session-kicks.ts';

/** The value of a platform param (the param table is shared by every tenant); undefined when absent. */
export async function paramValue(repos: Repositories, key: string): Promise<string | undefined> {
  const [row] = await repos.get('param').all(systemPrincipal(ADMIN_TENANT_ID), {
    filters: [{ key: 'paramKey', field: 'paramKey', column: 'param_key', op: 'equal', value: key }], ascs: [], descs: [],
  }, [], 1);
  return row ? String(row.paramValue ?? '') : undefined;
}

/** A switch param: 'true', '1', 'on' or 'yes'. */
export const paramIsOn = async (repos: Repositories, key: string) => isOn(await paramValue(repos, key));

/** A write of a param on another replica reaches this one within this (as grants do, access-policy.ts). */
const TTL_MS = 30_000;

/**
 * Switch params read on every sign-in (account.singleSession), remembered until a param is
 * written on this gateway (`invalidate`, at once) or the TTL passes.
 */
export class SwitchParams {
  private readonly values = new MemoCache<boolean>(TTL_MS);

  constructor(private readonly repos: Repositories) {}

  isOn(key: string): Promise<boolean> {
    return this.values.get(key, () => paramIsOn(this.repos, key));
  }

  invalidate(): void {
    this.values.clear();
  }
}
