import { ADMIN_TENANT_ID, Msg } from '@wdiov/contracts';
import {
  paramValueByKeyRoute, tenantDatasourceRoute, tenantDetailRoute, tenantInfoRoute, tenantPackageDetailRoute,
  tenantPackageSettingRoute, tenantSelectRoute, tenantSettingRoute,
} from '@wdiov/contracts/api/tenant.route';
import { createRouter } from '../../lib/create-app.ts';
import { routeOf } from '../../lib/contract.ts';
import { data, success } from '../../lib/envelope.ts';
import { notFound } from '../../lib/api-error.ts';
import { systemPrincipal } from '../../crud/principal.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { ALL } from './grants.ts';
import { commonText } from '../../lib/texts/common-text.ts';

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

  router.openapi(routeOf(tenantSelectRoute), async (c) => data(c, (await tenants().all(c.get('principal'), ALL)).map((t) => ({ id: String(t.id), tenantId: String(t.tenantId), tenantName: String(t.tenantName ?? '') }))));

  router.openapi(routeOf(tenantSettingRoute), async (c) => {
    const { ids, accountNumber, expireTime } = c.req.valid('query');
    // A blank one stays as it is.
    const values = { ...(accountNumber === undefined ? {} : { accountNumber }), ...(expireTime === undefined ? {} : { expireTime }) };
    for (const id of ids) {
      if (!(await tenants().update(c.get('principal'), id, values))) throw notFound(commonText('tenantMissing', { id }));
    }
    return success(c, Msg.success);
  });

  router.openapi(routeOf(tenantDatasourceRoute), async (c) => {
    const { tenantId, datasourceId } = c.req.valid('query');
    const tenant = await byTenantId(c.get('principal'), tenantId);
    await tenants().update(c.get('principal'), String(tenant.id), { datasourceId });
    return success(c, Msg.success);
  });

  router.openapi(routeOf(tenantPackageDetailRoute), async (c) => {
    const tenant = await byTenantId(c.get('principal'), c.req.valid('query').tenantId);
    if (!tenant.packageId) return data(c, {}, Msg.noData);
    return data(c, (await repos.get('tenantPackage').detail(c.get('principal'), String(tenant.packageId))) ?? {});
  });

  router.openapi(routeOf(tenantPackageSettingRoute), async (c) => {
    const { tenantId, packageId } = c.req.valid('query');
    const tenant = await byTenantId(c.get('principal'), tenantId);
    await tenants().update(c.get('principal'), String(tenant.id), { packageId: packageId ?? null });
    return success(c, Msg.success);
  });

  /** Public: the sign-in page asks which tenant a domain belongs to. */
  router.openapi(routeOf(tenantInfoRoute), async (c) => {
    const { domain } = c.req.valid('query');
    const platform = systemPrincipal(ADMIN_TENANT_ID);
    const host = hostOf(domain);
    let row = domain ? (await tenants().all(platform, { ...ALL, filters: [eqFilter('domainUrl', 'domain_url', domain)] }))[0] : undefined;
    if (!row && host) {
      // Stored and sent forms differ (scheme, port, path): compare host names. Tenants are few.
      const withDomain = await tenants().all(platform, { ...ALL, filters: [{ key: 'domainUrl', field: 'domainUrl', column: 'domain_url', op: 'notnull' as const, value: null }] });
      row = withDomain.find((t) => typeof t.domainUrl === 'string' && hostOf(t.domainUrl) === host);
    }
    return data(c, row ? { tenantId: String(row.tenantId), domain: String(row.domainUrl), backgroundUrl: String(row.backgroundUrl ?? '') } : {});
  });

  /** A tenant answers its domain under the specification's name too (the table's is domainUrl). */
  router.openapi(routeOf(tenantDetailRoute), async (c) => {
    const { id } = c.req.valid('query');
    const row = await tenants().detail(c.get('principal'), id);
    if (!row) throw notFound(commonText('tenantMissing', { id }));
    return data(c, { ...row, domain: row.domainUrl ?? '' });
  });

  router.openapi(routeOf(paramValueByKeyRoute), async (c) => {
    const [row] = await repos.get('param').all(c.get('principal'), { ...ALL, filters: [eqFilter('paramKey', 'param_key', c.req.valid('query').paramKey)] });
    return data(c, row ? String(row.paramValue) : '', row ? Msg.success : Msg.noData);
  });
  return router;
}
