import { paramValue } from '../auth/params.ts';
import type { Repositories } from '../crud/repositories.ts';
import type { Env } from '../env.ts';
import { entriesOf } from './address-ranges.ts';
import { createOutbound, OUTBOUND_ALLOW_PARAM, type Outbound } from './outbound-policy.ts';

/** The gateway's outbound policy: OUTBOUND_ALLOW, and the platform tenant's `outbound.allow` parameter. */
export function gatewayOutbound(env: Pick<Env, 'OUTBOUND_ALLOW'>, repos?: Repositories): Outbound {
  return createOutbound({
    allow: entriesOf(env.OUTBOUND_ALLOW),
    platformAllow: repos && (() => paramValue(repos, OUTBOUND_ALLOW_PARAM)),
  });
}
