import { z } from 'zod';
import { spoken } from '../entity/validation-text.ts';
import { idString, requiredId, TENANT_ID_PATTERN } from '../wire/ids.ts';
import { dateTimeString } from '../wire/time.ts';
import { defineRoute } from './define-route.ts';
import { blankAsAbsent, idListParam } from './query-params.ts';
import { entityRow } from './tree-node.ts';

const SYSTEM = 'wdiov-system';
const TENANT_ID = { zh: '租户ID', en: 'The tenant id' };
const tenantId = z.string({ error: spoken('required', TENANT_ID) }).regex(TENANT_ID_PATTERN, { error: spoken('digits', TENANT_ID, undefined, '6') });

export const tenantSelectRoute = defineRoute({
  method: 'get', service: SYSTEM, path: '/tenant/select', summary: 'The tenants to choose from: id, tenant id and name',
  data: z.array(z.object({ id: z.string(), tenantId: z.string(), tenantName: z.string() })),
});

export const tenantSettingRoute = defineRoute({
  method: 'post', service: SYSTEM, path: '/tenant/setting', summary: 'Sets the account quota (-1 unlimited) and the expiry of tenants; a blank one stays as it is',
  query: z.object({
    ids: idListParam({ zh: '租户', en: 'The tenants' }),
    accountNumber: blankAsAbsent(z.coerce.number({ error: spoken('notInteger', { zh: '账号额度', en: 'The account quota' }) })
      .int({ error: spoken('notInteger', { zh: '账号额度', en: 'The account quota' }) }).min(-1, { error: spoken('tooSmall', { zh: '账号额度', en: 'The account quota' }, -1) })),
    expireTime: blankAsAbsent(dateTimeString),
  }),
  data: z.object({}),
});

export const tenantDatasourceRoute = defineRoute({
  method: 'post', service: SYSTEM, path: '/tenant/datasource', summary: 'Puts a tenant\'s data in a data source',
  query: z.object({ tenantId, datasourceId: requiredId({ zh: 'datasourceId', en: 'datasourceId' }) }),
  data: z.object({}),
});

export const tenantPackageDetailRoute = defineRoute({
  method: 'get', service: SYSTEM, path: '/tenant/package-detail', summary: 'The product package of a tenant ({} when it has none)',
  query: z.object({ tenantId }),
  data: entityRow,
});

export const tenantPackageSettingRoute = defineRoute({
  method: 'post', service: SYSTEM, path: '/tenant/package-setting', summary: 'Gives a tenant a product package; none clears it',
  query: z.object({ tenantId, packageId: blankAsAbsent(idString) }),
  data: z.object({}),
});

/** `tenant/info?domain=`: the tenant of a host, or `{}` when none claims it. */
export const tenantInfo = z.object({ tenantId: z.string().optional(), domain: z.string().optional(), backgroundUrl: z.string().optional() });

export const tenantInfoRoute = defineRoute({
  method: 'get', service: SYSTEM, path: '/tenant/info', summary: 'Public: the tenant a domain belongs to, for the sign-in page ({} when none claims it)',
  query: z.object({ domain: z.string().trim().max(255).default('') }),
  data: tenantInfo,
});

export const tenantDetailRoute = defineRoute({
  method: 'get', service: SYSTEM, path: '/tenant/detail', summary: 'A tenant, its domain also under the specification\'s name `domain`',
  query: z.object({ id: requiredId({ zh: 'id', en: 'id' }) }),
  data: entityRow,
});

const PARAM_KEY = { zh: '参数键名', en: 'the parameter key' };
export const paramValueByKeyRoute = defineRoute({
  method: 'get', service: SYSTEM, path: '/param/getValueByKey', summary: 'The value of a parameter by its key (\'\' when there is none)',
  query: z.object({ paramKey: z.string({ error: spoken('required', PARAM_KEY) }).trim().min(1, { error: spoken('required', PARAM_KEY) }).max(255, { error: spoken('tooLong', PARAM_KEY, 255) }) }),
  data: z.union([z.string(), z.number()]).nullish().transform((v) => v?.toString() ?? ''),
});
