import { and, eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ADMIN_TENANT_ID } from '@wdiov/contracts';
import { createHash } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { tenantTable } from '../db/schema/index.ts';
import { systemPrincipal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';
import { BASE_DICTIONARIES } from '@wdiov/contracts/entities/system-dictionaries';
import { BUSINESS_DICTIONARIES } from '@wdiov/contracts/entities/business-dictionaries';
import { ensureMenus } from './ensure-menus.ts';
import { menuTree } from '@wdiov/contracts/menu/menu-tree';
import { seedDemoFleet } from './demo-fleet.ts';
import { ensureRegions } from './regions.ts';
import { ensureWorkflowRoles } from './workflow-roles.ts';
import type { Dictionaries } from '../crud/dictionaries.ts';
import { ensureAlarmTypes } from './alarm-types.ts';

/** Well-known ids of the seed rows (the BladeX seed ids, so imported data lines up). */
export const SEED = {
  adminUserId: '1123598821738675201',
  adminRoleId: '1123598816738675201',
  rootDeptId: '1123598813738675201',
  ceoPostId: '1123598817738675201',
  tenantRowId: '1123598820738675201',
  clientId: '1123598811738675201',
} as const;

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/**
 * First-start data: tenant 000000, the administrator role, the root dept, the `admin` account
 * (password `admin`, sent md5-hashed by the console), the OAuth client saber/saber_secret, the
 * params the console reads, and the base dictionaries. Runs once: a database that already has
 * tenant 000000 is left alone.
 */
export async function seed(db: Db, repos: Repositories): Promise<boolean> {
  const t = getTableColumns(tenantTable) as Record<string, PgColumn>;
  const [existing] = await db.select({ id: t.id! }).from(tenantTable).where(and(eq(t.tenantId!, ADMIN_TENANT_ID), eq(t.isDeleted!, 0))).limit(1);
  if (existing) return false;
  const sys = systemPrincipal(ADMIN_TENANT_ID);
  await repos.get('tenant').insert(sys, { tenantId: ADMIN_TENANT_ID, tenantName: '管理组', linkman: 'admin', accountNumber: -1 }, SEED.tenantRowId);
  await repos.get('client').insert(sys, { clientId: 'saber', clientSecret: 'saber_secret' }, SEED.clientId);
  for (const [code, name, items] of [...BASE_DICTIONARIES, ...BUSINESS_DICTIONARIES]) {
    const parentId = await repos.get('dict').insert(sys, { parentId: '0', code, dictKey: '-1', dictValue: name, sort: 1, isSealed: 0 });
    let sort = 1;
    for (const [key, value] of items) {
      await repos.get('dict').insert(sys, { parentId, code, dictKey: key, dictValue: value, sort: sort++, isSealed: 0 });
    }
  }
  await repos.get('dept').insert(sys, { parentId: '0', ancestors: '0', deptCategory: 1, deptName: '总部', fullName: '车联网运营总部', sort: 1 }, SEED.rootDeptId);
  await repos.get('role').insert(sys, { parentId: '0', roleName: '超级管理员', roleAlias: 'administrator', sort: 1 }, SEED.adminRoleId);
  await repos.get('post').insert(sys, { category: 1, postCode: 'ceo', postName: '首席执行官', sort: 1 }, SEED.ceoPostId);
  await repos.get('user').insert(sys, {
    account: 'admin', password: md5('admin'), name: '管理员', realName: '管理员',
    roleId: SEED.adminRoleId, deptId: SEED.rootDeptId, postId: SEED.ceoPostId, userType: 1, email: 'admin@example.com',
  }, SEED.adminUserId);
  const params: [string, string, string][] = [
    ['是否开放注册', 'account.registerUser', 'false'],
    ['账号初始密码', 'account.initPassword', '123456'],
    ['登录失败锁定次数', 'account.failCount', '5'],
    ['告警弹窗推送开关', 'alarm.websocket.switch', '1'],
  ];
  for (const [paramName, paramKey, paramValue] of params) {
    await repos.get('param').insert(sys, { paramName, paramKey, paramValue });
  }
  return true;
}

/**
 * Seeds a new database (with the demo fleet when asked), then adds whatever menus and seeded
 * roles (workflow-roles.ts) the running version has and the data lacks, and the administrative regions once.
 */
export async function prepareData(
  db: Db,
  repos: Repositories,
  demo?: { dictionaries: Dictionaries },
): Promise<{ seeded: boolean; menusAdded: number; demoVehicles: number; regionsAdded: number }> {
  const seeded = await seed(db, repos);
  // Before the demo fleet: its vehicles and organisations lie in regions that must exist.
  // (Also for a database that predates the region import.)
  const regionsAdded = await ensureRegions(db);
  const demoVehicles = seeded && demo ? await seedDemoFleet(repos, demo.dictionaries) : 0;
  const menusAdded = await ensureMenus(db, repos, menuTree(), SEED.adminRoleId);
  await ensureWorkflowRoles(db, repos);
  await ensureAlarmTypes(db, repos);
  return { seeded, menusAdded, demoVehicles, regionsAdded };
}
