import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import { entityList } from '@wdiov/contracts/entities/registry';

/** Where an entity's screen lives and the menu code its buttons hang off (`<code>_add` …). */
export interface EntityRoute {
  entity: string;
  path: string;
  code: string;
}

/**
 * The shell's screens, placed explicitly by gateway/src/seed/menu-tree.ts (SYSTEM). Mirrored,
 * not imported: the seed module is server code. Keep the two in step.
 */
const SYSTEM_SCREENS: Record<string, [path: string, code: string]> = {
  user: ['/system/user', 'user'],
  dept: ['/system/dept', 'dept'],
  post: ['/system/post', 'post'],
  dict: ['/system/dict', 'dict'],
  dictBiz: ['/system/dictbiz', 'dictbiz'],
  menu: ['/system/menu', 'menu'],
  topMenu: ['/system/topmenu', 'topmenu'],
  param: ['/system/param', 'param'],
  tenant: ['/system/tenant', 'tenant'],
  tenantPackage: ['/system/tenantpackage', 'tenantpackage'],
  client: ['/system/client', 'client'],
  region: ['/system/region', 'region'],
  role: ['/authority/role', 'role'],
  dataScope: ['/authority/datascope', 'datascope'],
  apiScope: ['/authority/apiscope', 'apiscope'],
  logUsual: ['/monitor/log/usual', 'log_usual'],
  logApi: ['/monitor/log/api', 'log_api'],
  logError: ['/monitor/log/error', 'log_error'],
  oss: ['/resource/oss', 'oss'],
  sms: ['/resource/sms', 'sms'],
  attach: ['/resource/attach', 'attach'],
  notice: ['/desk/notice', 'notice'],
  code: ['/tool/code', 'code'],
  datasource: ['/tool/datasource', 'datasource'],
  model: ['/tool/model', 'model'],
};

/** Menu groups of the business services (SERVICE_GROUPS of the seed). */
const SERVICE_GROUP_PATHS: Record<string, string> = {
  'wdiov-base': '/base',
  'wdiov-vehteam': '/vehteam',
  'wdiov-pm': '/pm',
};

/** The seed's rule for every other entity: `<group path>/<entity path>`, code = snake_case name. */
export function entityRoute(entity: AnyEntity): EntityRoute {
  const fixed = SYSTEM_SCREENS[entity.name];
  if (fixed) return { entity: entity.name, path: fixed[0], code: fixed[1] };
  const group = SERVICE_GROUP_PATHS[entity.service] ?? `/${entity.service.replace('wdiov-', '')}`;
  const code = entity.name.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
  return { entity: entity.name, path: `${group}/${entity.path}`, code };
}

export function entityRoutes(entities: readonly AnyEntity[] = entityList): EntityRoute[] {
  return entities.map(entityRoute);
}

export function routeOfEntity(name: string): EntityRoute | undefined {
  return entityRoutes().find((r) => r.entity === name);
}
