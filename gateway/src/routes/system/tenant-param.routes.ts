import { z } from 'zod';
import { ADMIN_TENANT_ID, idString, Msg, parseIdList, dateTimeString } from '@wdiov/contracts';
import { createRouter } from '../../lib/create-app.ts';
import { data, success } from '../../lib/envelope.ts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import { parseWith } from '../../lib/read-input.ts';
import { systemPrincipal } from '../../crud/principal.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { ALL } from './grants.ts';
import { commonText } from '../../lib/texts/common-text.ts';
import { systemText } from '../../lib/texts/system-text.ts';

const tenantIdParam = z.string().regex(/^\d{6}$/, { error: () => systemText('tenantIdFormat') });
const eqFilter = (field: string, column: string, value: string) => ({ key: field, field, column, op: 'equal' as const, value });

/**
 * The host name of a domain as a tenant stores it or a sign-in page sends it: BladeX consoles send
 * their address (`http://fleet.example.com:1888/`), ours the bare host name.
 */
export function hostOf(domain: string): string {
  return domain.trim().toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '').split(/[/?#]/)[0]!.replace(/:\d+$/, '');
}

/** Tenant calls (setting, data source, product package, info by domain) and param getValueByKey. */
export function tenantParamRoutes({ repos }: BespokeDeps) {
  const router = createRouter();
  const tenants = () => repos.get('tenant');
  const byTenantId = async (principal: Parameters<ReturnType<typeof tenants>['all']>[0], tenantId: string) => {
    const [row] = await tenants().all(principal, { ...ALL, filters: [eqFilter('tenantId', 'tenant_id', tenantId)] });
    if (!row) throw notFound(commonText('tenantMissing', { id: tenantId }));
    return row;
  };

  router.get('/tenant/select', async (c) => data(c, (await tenants().all(c.get('principal'), ALL)).map((t) => ({ id: t.id, tenantId: t.tenantId, tenantName: t.tenantName }))));

  router.post('/tenant/setting', async (c) => {
    const q = c.req.query();
    const ids = parseIdList(q.ids);
    if (!ids) throw badRequest(commonText('idList', { key: 'ids' }));
    const values = parseWith(z.object({
      accountNumber: z.coerce.number({ error: () => systemText('accountQuota') }).int().min(-1).optional(),
      expireTime: dateTimeString.optional(),
    }), { accountNumber: q.accountNumber || undefined, expireTime: q.expireTime || undefined });
    for (const id of ids) {
      if (!(await tenants().update(c.get('principal'), id, values))) throw notFound(commonText('tenantMissing', { id }));
    }
    return success(c, Msg.success);
  });

  router.post('/tenant/datasource', async (c) => {
    const tenantId = parseWith(tenantIdParam, c.req.query('tenantId') ?? '');
    const datasourceId = parseWith(idString, c.req.query('datasourceId') ?? '');
    const tenant = await byTenantId(c.get('principal'), tenantId);
    await tenants().update(c.get('principal'), String(tenant.id), { datasourceId });
    return success(c, Msg.success);
  });

  router.get('/tenant/package-detail', async (c) => {
    const tenantId = parseWith(tenantIdParam, c.req.query('tenantId') ?? '');
    const tenant = await byTenantId(c.get('principal'), tenantId);
    if (!tenant.packageId) return data(c, {}, Msg.noData);
    return data(c, (await repos.get('tenantPackage').detail(c.get('principal'), String(tenant.packageId))) ?? {});
  });

  router.post('/tenant/package-setting', async (c) => {
    const tenantId = parseWith(tenantIdParam, c.req.query('tenantId') ?? '');
    const rawPackage = c.req.query('packageId');
    const packageId = rawPackage ? parseWith(idString, rawPackage) : null;
    const tenant = await byTenantId(c.get('principal'), tenantId);
    await tenants().update(c.get('principal'), String(tenant.id), { packageId });
    return success(c, Msg.success);
  });

  /** Public: the sign-in page asks which tenant a domain belongs to. */
  router.get('/tenant/info', async (c) => {
    const domain = parseWith(z.string().trim().max(255), c.req.query('domain') ?? '');
    const platform = systemPrincipal(ADMIN_TENANT_ID);
    const host = hostOf(domain);
    let row = domain ? (await tenants().all(platform, { ...ALL, filters: [eqFilter('domainUrl', 'domain_url', domain)] }))[0] : undefined;
    if (!row && host) {
      // Stored and sent forms differ (scheme, port, path): compare host names. Tenants are few.
      const withDomain = await tenants().all(platform, { ...ALL, filters: [{ key: 'domainUrl', field: 'domainUrl', column: 'domain_url', op: 'notnull' as const, value: null }] });
      row = withDomain.find((t) => typeof t.domainUrl === 'string' && hostOf(t.domainUrl) === host);
    }
    return data(c, row ? { tenantId: row.tenantId, domain: row.domainUrl, backgroundUrl: row.backgroundUrl ?? '' } : {});
  });

  /** A tenant answers its domain under the specification's name too (the table's is domainUrl). */
  router.get('/tenant/detail', async (c) => {
    const id = parseWith(idString, c.req.query('id') ?? '');
    const row = await tenants().detail(c.get('principal'), id);
    if (!row) throw notFound(commonText('tenantMissing', { id }));
    return data(c, { ...row, domain: row.domainUrl ?? '' });
  });

  router.get('/param/getValueByKey', async (c) => {
    const key = parseWith(z.string().trim().min(1, { error: () => `${systemText('paramKey')} [paramKey]` }).max(255), c.req.query('paramKey') ?? '');
    const [row] = await repos.get('param').all(c.get('principal'), { ...ALL, filters: [eqFilter('paramKey', 'param_key', key)] });
    return data(c, row ? String(row.paramValue) : '', row ? Msg.success : Msg.noData);
  });
  return router;
}
