import { speaker } from '../request-language.ts';

/** The role, tenant, region, dictionary, menu, post and log calls' answers (routes/system). */
export const systemText = speaker(
  {
    roleMissing: ({ id }: { id: string }) => `角色不存在: ${id}`,
    menuOutsidePackage: ({ id }: { id: string }) => `菜单不存在或不在产品包内: ${id}`,
    scopeMissing: ({ id }: { id: string }) => `权限不存在: ${id}`,
    topMenuMissing: ({ id }: { id: string }) => `顶部菜单不存在: ${id}`,
    menuMissing: ({ id }: { id: string }) => `菜单不存在: ${id}`,
    tenantIdsUsedUp: () => '租户ID已用尽',
    tenantIdTaken: ({ id }: { id: string }) => `租户ID已存在: ${id}`,
    regionMissing: ({ id }: { id: string }) => `行政区划不存在: ${id}`,
    regionChildrenFirst: () => '请先删除下级区划',
    otherTenantPosts: () => '不能查看其他租户的岗位',
    logsEmpty: () => '日志不能为空',
    logsAtMost: ({ limit }: { limit: number }) => `一次最多上传${limit}条日志`,
  },
  {
    roleMissing: ({ id }) => `No such role: ${id}`,
    menuOutsidePackage: ({ id }) => `No such menu, or not in the product package: ${id}`,
    scopeMissing: ({ id }) => `No such permission: ${id}`,
    topMenuMissing: ({ id }) => `No such top menu: ${id}`,
    menuMissing: ({ id }) => `No such menu: ${id}`,
    tenantIdsUsedUp: () => 'No tenant id is left',
    tenantIdTaken: ({ id }) => `The tenant id already exists: ${id}`,
    regionMissing: ({ id }) => `No such region: ${id}`,
    regionChildrenFirst: () => 'Remove the regions below it first',
    otherTenantPosts: () => "Cannot view another tenant's posts",
    logsEmpty: () => 'Send at least one log entry',
    logsAtMost: ({ limit }) => `At most ${limit} log entries at a time`,
  },
);
