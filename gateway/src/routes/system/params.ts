import { ADMIN_TENANT_ID } from '@wdiov/contracts';
import { systemPrincipal } from '../../crud/principal.ts';
import type { Repositories } from '../../crud/repositories.ts';
import { ALL } from './grants.ts';

/** The value of a platform parameter (`account.initPassword` …), or undefined when it is not set. */
export async function paramValue(repos: Repositories, key: string): Promise<string | undefined> {
  const [row] = await repos.get('param').all(systemPrincipal(ADMIN_TENANT_ID), {
    ...ALL, filters: [{ key: 'paramKey', field: 'paramKey', column: 'param_key', op: 'equal', value: key }],
  });
  return row ? String(row.paramValue ?? '') : undefined;
}

/** A parameter read as a switch: `true`, `1` and `on` are on. */
export const paramIsOn = (value: string | undefined) => ['true', '1', 'on'].includes((value ?? '').trim().toLowerCase());
