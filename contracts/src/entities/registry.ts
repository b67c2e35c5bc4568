import type { AnyEntity } from '../entity/define-entity.ts';
import { client } from './system/client.ts';
import { dept } from './system/dept.ts';
import { dict, dictBiz } from './system/dict.ts';
import { menu } from './system/menu.ts';
import { param } from './system/param.ts';
import { post } from './system/post.ts';
import { role } from './system/role.ts';
import { tenant } from './system/tenant.ts';
import { tenantPackage } from './system/tenant-package.ts';
import { user } from './user/user.ts';
import { topMenu } from './system/top-menu.ts';
import { region } from './system/region.ts';
export { REGION_ROOT } from './system/region.ts';
import { dataScope, apiScope } from './system/scopes.ts';
import { logUsual, logApi, logError, logOperation } from './system/logs.ts';
import { notice } from './desk/notice.ts';
import { oss } from './resource/oss.ts';
import { sms } from './resource/sms.ts';
import { attach } from './resource/attach.ts';
import { datasource } from './develop/datasource.ts';
import { model, modelPrototype } from './develop/model.ts';
import { code, exportRecord } from './develop/code.ts';
import { vehicleAlarmData, vehicleFaultData, fenceAccessRecord } from './telemetry/vehicle-alarm-data.ts';
import { safetyWarning } from './telemetry/gbt45688-safety-warning.ts';
export { SafetyWarningStatus } from './telemetry/gbt45688-safety-warning.ts';
import { businessEntities } from './business-registry.ts';

/**
 * Every entity of the console. Adding a plain entity is one file under `entities/<service>/`
 * and one line here; tables, routes, schemas and screens follow from the definition.
 */
export const entities = {
  tenant,
  tenantPackage,
  client,
  user,
  role,
  dept,
  post,
  param,
  dict,
  dictBiz,
  menu,
  topMenu,
  region,
  dataScope,
  apiScope,
  logUsual,
  logApi,
  logError,
  logOperation,
  notice,
  oss,
  sms,
  attach,
  datasource,
  model,
  modelPrototype,
  code,
  exportRecord,
  vehicleAlarmData,
  vehicleFaultData,
  safetyWarning,
  fenceAccessRecord,
  ...businessEntities,
} as const;

export type EntityName = keyof typeof entities;

export const entityList: readonly AnyEntity[] = Object.values(entities) as unknown as AnyEntity[];

export function entityByName(name: string): AnyEntity | undefined {
  return (entities as unknown as Record<string, AnyEntity>)[name];
}
