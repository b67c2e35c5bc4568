import { entityList, type EntityName } from '../entities/registry.ts';
import type { AnyEntity } from '../entity/define-entity.ts';
import { workflowButtons } from '../workflows/index.ts';
import { screenCallButtons, screenCallReads } from '../workflows/screen-calls.ts';
import { ENERGY_STORAGE_ROUTE, STATS_FAMILIES } from '../stats/families.ts';

/** A seeded button: [code suffix, name, API path, English name]. */
export type ButtonSeed = [code: string, name: string, path: string, en: string];

/** The standard buttons of an entity's screen: [code suffix, name, English name, operation of the entity's routes]. */
export const STANDARD_BUTTONS = [
  ['add', '新增', 'Add', 'submit'],
  ['edit', '修改', 'Edit', 'submit'],
  ['delete', '删除', 'Delete', 'remove'],
  ['view', '查看', 'View', 'detail'],
] as const;

/** A seeded menu (category 1) with its buttons (category 2). */
export interface MenuSeed {
  code: string;
  name: string;
  /** English name (entity screens use the entity's English title). */
  en?: string;
  /** Console route of the screen (menus) or API path the button calls (buttons). */
  path: string;
  icon?: string;
  /** Entity whose list/form screen this is: its CRUD buttons are added. */
  entity?: string;
  /** Standard buttons to leave out (the tenant package screen has no view). */
  without?: ('add' | 'edit' | 'delete' | 'view')[];
  /** Extra buttons: [code suffix, name, API path, English name]. */
  buttons?: ButtonSeed[];
  /** Entities the screen's dialogs read beyond its entity and its form's references (what they pick from). */
  reads?: EntityName[];
  /**
   * The screen is a page of its own over the entity's calls (a workbench), not its generic list
   * and form: the entity still drives its buttons and grants, the walks of generic screens leave it out.
   */
  ownPage?: true;
  /** 2 = opens in a new window. */
  isOpen?: 1 | 2;
  children?: MenuSeed[];
}

const crud = (code: string, name: string, path: string, entity: string, extra: Partial<MenuSeed> = {}): MenuSeed => ({
  code, name, path, entity, ...extra,
});

/** Screens of the shell specification, grouped as the BladeX console groups them. */
const SYSTEM: MenuSeed[] = [
  { code: 'wel', name: '数据看板', en: 'Data board', path: '/wel/index', icon: 'pi pi-home' },
  {
    code: 'system', name: '系统管理', en: 'System', path: '/system', icon: 'pi pi-cog', children: [
      crud('user', '用户管理', '/system/user', 'user', { buttons: [
        ['role', '角色配置', '/api/wdiov-user/grant', 'Grant roles'], ['reset', '密码重置', '/api/wdiov-user/reset-password', 'Reset password'],
        ['unlock', '账号解封', '/api/wdiov-user/unlock', 'Unlock account'], ['platform', '平台配置', '/api/wdiov-user/update-platform', 'Platform config'],
      ] }),
      crud('dept', '机构管理', '/system/dept', 'dept'),
      crud('post', '岗位管理', '/system/post', 'post'),
      crud('dict', '系统字典', '/system/dict', 'dict'),
      crud('dictbiz', '业务字典', '/system/dictbiz', 'dictBiz'),
      crud('menu', '菜单管理', '/system/menu', 'menu'),
      crud('topmenu', '顶部菜单', '/system/topmenu', 'topMenu', { buttons: [['setting', '菜单配置', '/api/wdiov-system/topmenu/grant', 'Menu config']] }),
      crud('param', '参数管理', '/system/param', 'param'),
      crud('tenant', '租户管理', '/system/tenant', 'tenant', { buttons: [
        ['setting', '授权配置', '/api/wdiov-system/tenant/setting', 'Tenant setting'], ['datasource', '数据源配置', '/api/wdiov-system/tenant/datasource', 'Data source'],
        ['package', '产品包配置', '/api/wdiov-system/tenant/package-setting', 'Product package'],
      ] }),
      crud('tenantpackage', '租户产品包', '/system/tenantpackage', 'tenantPackage', { without: ['view'] }),
      crud('client', '应用管理', '/system/client', 'client'),
      { code: 'sso', name: '单点登录', en: 'Single sign-on', path: '/system/sso', icon: 'pi pi-key', buttons: [
        ['add', '新增', '/api/wdiov-auth/sso/provider/submit', 'Add'], ['edit', '修改', '/api/wdiov-auth/sso/provider/submit', 'Edit'],
        ['delete', '删除', '/api/wdiov-auth/sso/provider/remove', 'Delete'],
      ] },
      crud('region', '行政区划', '/system/region', 'region'),
    ],
  },
  {
    code: 'authority', name: '权限管理', en: 'Authority', path: '/authority', icon: 'pi pi-lock', children: [
      crud('role', '角色管理', '/authority/role', 'role', { buttons: [['grant', '权限设置', '/api/wdiov-system/role/grant', 'Permissions']] }),
      crud('datascope', '数据权限', '/authority/datascope', 'dataScope'),
      crud('apiscope', '接口权限', '/authority/apiscope', 'apiScope'),
    ],
  },
  {
    code: 'monitor_log', name: '日志管理', en: 'Logs', path: '/monitor/log', icon: 'pi pi-list', children: [
      crud('log_usual', '通用日志', '/monitor/log/usual', 'logUsual', { without: ['add', 'edit', 'delete'] }),
      crud('log_api', '接口日志', '/monitor/log/api', 'logApi', { without: ['add', 'edit', 'delete'] }),
      crud('log_error', '错误日志', '/monitor/log/error', 'logError', { without: ['add', 'edit', 'delete'] }),
      crud('log_operation', '操作日志', '/monitor/log/operation', 'logOperation', { without: ['add', 'edit', 'delete'] }),
    ],
  },
  {
    code: 'resource', name: '资源管理', en: 'Resources', path: '/resource', icon: 'pi pi-box', children: [
      crud('oss', '对象存储', '/resource/oss', 'oss', { buttons: [['enable', '启用', '/api/wdiov-resource/oss/enable', 'Enable']] }),
      crud('sms', '短信配置', '/resource/sms', 'sms', { buttons: [
        ['enable', '启用', '/api/wdiov-resource/sms/enable', 'Enable'], ['send', '发送', '/api/wdiov-resource/sms/endpoint/send-message', 'Send'],
      ] }),
      crud('attach', '附件管理', '/resource/attach', 'attach'),
    ],
  },
  {
    code: 'desk', name: '工作台', en: 'Desk', path: '/desk', icon: 'pi pi-desktop', children: [crud('notice', '通知公告', '/desk/notice', 'notice')],
  },
  {
    code: 'tool', name: '研发工具', en: 'Developer tools', path: '/tool', icon: 'pi pi-wrench', children: [
      crud('code', '代码生成', '/tool/code', 'code', { buttons: [['gen', '代码生成', '/api/wdiov-develop/code/gen-code', 'Generate code'], ['copy', '复制', '/api/wdiov-develop/code/copy', 'Copy']] }),
      crud('datasource', '数据源管理', '/tool/datasource', 'datasource'),
      crud('model', '数据模型', '/tool/model', 'model', { buttons: [['prototype', '模型设计', '/api/wdiov-develop/model-prototype/submit-list', 'Model design']] }),
      // Not 'model_prototype': that is the code of the model screen's 'prototype' button (codes are unique).
      crud('model_field', '模型字段', '/tool/model-prototype', 'modelPrototype'),
    ],
  },
];

/** Screens of the business specification that are not plain entity lists. */
const MONITORING: MenuSeed = {
  code: 'monitoring', name: '监控中心', en: 'Monitoring', path: '/monitoring', icon: 'pi pi-map', children: [
    { code: 'live_map', name: '实时监控', en: 'Live map', path: '/monitoring/map' },
    { code: 'trajectory', name: '轨迹回放', en: 'Track playback', path: '/trajectory/index' },
    { code: 'vehicle_alarm', name: '车辆告警', en: 'Vehicle alarms', path: '/alarm/vehicleAlarm', buttons: [
      ['handle', '处理', '/api/wdiov-base/vehicleAlarmData/handle', 'Handle'],
    ] },
    { code: 'vehicle_fault', name: '车辆故障', en: 'Vehicle faults', path: '/alarm/vehicleFault', buttons: [['handle', '处理', '/api/wdiov-base/vehicleCanFaultData/handle', 'Handle']] },
    // GB/T 45688 early warnings: the workbench lists and handles them (it replaces their generic list), the profile, the data quality and the model-level figures read beside it.
    { code: 'safety_warning', name: '安全预警', en: 'Safety warnings', path: '/safety/warning', entity: 'safetyWarning', ownPage: true, without: ['add', 'edit', 'delete'], buttons: [
      ['handle', '处置', '/api/wdiov-base/safetyWarning/handle', 'Handle'],
    ] },
    { code: 'safety_profile', name: '车辆安全画像', en: 'Vehicle safety profile', path: '/safety/profile' },
    { code: 'data_quality', name: '数据质量', en: 'Data quality', path: '/safety/dataQuality' },
    { code: 'safety_model_level', name: '车型安全统计', en: 'Model-level safety', path: '/safety/modelLevel' },
    { code: 'fence_access', name: '围栏进出记录', en: 'Fence access records', path: '/fenceAccessRecord/index' },
    { code: 'message_parsing', name: '报文解析', en: 'Message parsing', path: '/alarmMessageParsing/index' },
    { code: 'remote_diagnose', name: '远程诊断', en: 'Remote diagnosis', path: '/remoteDiagnose/index', buttons: [
      ['issue', '下发诊断', '/api/wdiov-base/remoteDiagnose/issueDiagnose', 'Send diagnosis'], ['instruct', '下发指令', '/api/wdiov-base/instructRecord/issue', 'Send command'],
    ] },
    { code: 'large_screen', name: '数据大屏', en: 'Large screen', path: '/largeScreen', isOpen: 2 },
  ],
};

/** Menu code of a statistics family's screen: mileageStatistics → stats_mileage_statistics. */
export const statsMenuCode = (path: string) => `stats_${path.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase())}`;

/** The statistics screens, one per family of contracts/stats/families.ts. */
const STATISTICS: MenuSeed = {
  code: 'statistics', name: '统计分析', en: 'Statistics', path: '/statistics', icon: 'pi pi-chart-bar',
  children: [
    ...STATS_FAMILIES.map((f) => ({ code: statsMenuCode(f.path), name: f.title.zh, en: f.title.en, path: f.route })),
    { code: statsMenuCode('energyStorageStatis'), name: '储能统计', en: 'Energy storage', path: ENERGY_STORAGE_ROUTE },
    // The specification lists exportRecord/list among the statistics calls: the exports are written
    // by the statistics screens, never by hand, so the screen only lists (and shows) them.
    crud('export_record', '导出记录', '/statistics/exportRecord', 'exportRecord', { without: ['add', 'edit', 'delete'] }),
  ],
};

const SERVICE_GROUPS: Record<string, { code: string; name: string; en: string; path: string; icon: string }> = {
  'wdiov-base': { code: 'base', name: '基础数据', en: 'Master data', path: '/base', icon: 'pi pi-database' },
  'wdiov-vehteam': { code: 'vehteam', name: '车队管理', en: 'Fleet team', path: '/vehteam', icon: 'pi pi-truck' },
  'wdiov-pm': { code: 'pm', name: '物流仓储', en: 'Logistics and storage', path: '/pm', icon: 'pi pi-warehouse' },
};

/** Calls of the forwarding screens beyond their lists and forms: granted as buttons, like every write. */
const FORWARD_BUTTONS: Record<string, ButtonSeed[]> = {
  forwardPlatform: [
    ['status', '转发开关', '/api/wdiov-base/forwardPlatform/update', 'Forwarding switch'],
    ['bind', '绑定车辆', '/api/wdiov-base/forwardPlatformVehicle/save', 'Bind vehicles'],
    ['blacklist', '转发黑名单', '/api/wdiov-base/forwardBlacklist/save', 'Forwarding blacklist'],
  ],
  forwardRecord: [['log', '车辆转发日志', '/api/wdiov-base/forwardLog/getVehicle', 'Vehicle forwarding log']],
  notifyChannel: [['test', '发送测试', '/api/wdiov-base/notifyChannel/test', 'Send a test']],
};

/** The fence editor, beside the fence list: it reads the fences and the vehicles it binds; saving needs the list's add or edit button. */
const FENCE_DRAWING: MenuSeed = {
  code: 'electronic_fence_draw', name: '围栏绘制', en: 'Fence drawing', path: '/base/electronicFence/draw', icon: 'pi pi-pencil',
  reads: ['electronicFence', 'electronicFenceVehicle', 'vehicle'],
};

/** Puts `item` right after the screen of `entity`, in whichever group holds it. */
function placeAfter(groups: Map<string, MenuSeed>, entity: EntityName, item: MenuSeed): void {
  for (const g of groups.values()) {
    const at = g.children!.findIndex((m) => m.entity === entity);
    if (at >= 0) g.children!.splice(at + 1, 0, item);
  }
}

/** Entities that already have a screen above. */
const placed = (menus: MenuSeed[]): Set<string> =>
  new Set(menus.flatMap((m) => [...(m.entity ? [m.entity] : []), ...placed(m.children ?? [])]));

/** A menu code from an entity name: vehicleModel → vehicle_model. */
const codeOf = (e: AnyEntity) => e.name.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());

/**
 * The whole seeded menu tree: the shell's screens, the monitoring screens, and one list screen
 * per remaining entity of the registry, grouped by service, so every entity has a screen.
 */
export function menuTree(entities: readonly AnyEntity[] = entityList): MenuSeed[] {
  const fixed = [...SYSTEM, MONITORING, STATISTICS];
  const done = placed(fixed);
  const groups = new Map<string, MenuSeed>();
  for (const e of entities) {
    if (done.has(e.name)) continue;
    const g = SERVICE_GROUPS[e.service] ?? { code: e.service.replace('wdiov-', ''), name: e.service, en: e.service, path: `/${e.service.replace('wdiov-', '')}`, icon: 'pi pi-folder' };
    if (!groups.has(g.code)) groups.set(g.code, { code: g.code, name: g.name, en: g.en, path: g.path, icon: g.icon, children: [] });
    const buttons = [...workflowButtons(e), ...screenCallButtons(e.name), ...(FORWARD_BUTTONS[e.name] ?? [])];
    const reads = screenCallReads(e.name);
    groups.get(g.code)!.children!.push(crud(codeOf(e), e.title.zh, `${g.path}/${e.path}`, e.name, { ...(buttons.length ? { buttons } : {}), ...(reads.length ? { reads } : {}) }));
  }
  placeAfter(groups, 'electronicFence', FENCE_DRAWING);
  return [SYSTEM[0]!, MONITORING, STATISTICS, ...groups.values(), ...SYSTEM.slice(1)];
}

/** English menu and button names by code: the console shows them when its language is English. */
export function englishMenuNames(tree: MenuSeed[] = menuTree()): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (items: MenuSeed[]) => {
    for (const m of items) {
      const entity = m.entity ? entityList.find((e) => e.name === m.entity) : undefined;
      out[m.code] = m.en ?? entity?.title.en ?? '';
      if (entity) for (const [code, , en] of STANDARD_BUTTONS) if (!m.without?.includes(code)) out[`${m.code}_${code}`] = en;
      for (const [code, , , en] of m.buttons ?? []) out[`${m.code}_${code}`] = en;
      walk(m.children ?? []);
    }
  };
  walk(tree);
  return out;
}
