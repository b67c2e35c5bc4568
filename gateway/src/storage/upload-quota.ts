import type { Repositories } from '../crud/repositories.ts';
import { paramValue } from '../auth/params.ts';
import type { Env } from '../env.ts';
import type { QuotaLimits } from './stored-objects.ts';

/** Platform params (bytes) that override UPLOAD_QUOTA_USER_BYTES and UPLOAD_QUOTA_TENANT_BYTES. */
export const UPLOAD_QUOTA_PARAMS = { userBytes: 'upload.userQuotaBytesPerDay', tenantBytes: 'upload.tenantQuotaBytesPerDay' } as const;

/** A param holding a whole number of bytes; anything else leaves the setting as configured. */
const bytesOf = (v: string | undefined) => (v !== undefined && /^\s*[1-9]\d{0,15}\s*$/.test(v) ? Number(v) : undefined);

/** Today's limits: the platform params where they hold a byte count, the gateway's settings otherwise. */
export async function uploadQuotas(env: Pick<Env, 'UPLOAD_QUOTA_USER_BYTES' | 'UPLOAD_QUOTA_TENANT_BYTES'>, repos: Repositories): Promise<QuotaLimits> {
  const [user, tenant] = await Promise.all([paramValue(repos, UPLOAD_QUOTA_PARAMS.userBytes), paramValue(repos, UPLOAD_QUOTA_PARAMS.tenantBytes)]);
  return { userBytes: bytesOf(user) ?? env.UPLOAD_QUOTA_USER_BYTES, tenantBytes: bytesOf(tenant) ?? env.UPLOAD_QUOTA_TENANT_BYTES };
}

/** Start of the console's day holding `now` (the day a quota counts). */
export function startOfConsoleDay(now: Date, utcOffsetMin: number): Date {
  const dayMs = 86_400_000;
  const local = now.getTime() + utcOffsetMin * 60_000;
  return new Date(local - (local % dayMs) - utcOffsetMin * 60_000);
}
