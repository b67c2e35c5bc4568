import type { EntityName } from '../entities/registry.ts';
import type { Label } from '../entity/fields.ts';

/** A call a screen makes beyond its list, form and workflow actions, granted by a button of the screen. */
export interface ScreenCall {
  /** Button code suffix (`<menu code>_<button>`): the console shows the control only when granted. */
  button: string;
  label: Label;
  /** The API path; a write is refused to a role without the button, a read is the screen's. */
  path: string;
  /** Entities the call's dialog reads (what it picks from): a role holding the screen reads their lists too. */
  reads?: readonly EntityName[];
}

const OPERATE_DETAIL = '/api/wdiov-pm/operateRecord/operateDetail';

/**
 * The screens' own calls of the fleet-team and logistics services (spec §7): the maintenance
 * reminders of the maintenance record screen (and the console), binding fleet
 * vehicles to the caller's app and reading their daily report and route timeline, the operate detail's edits of a vehicle's stock, transfers and
 * movements, the handling switches of the alarm handling config screen, the cockpit alarms of the cockpit terminal screen and the key sync of the
 * bluetooth terminal screen.
 */
export const SCREEN_CALLS: { readonly [N in EntityName]?: readonly ScreenCall[] } = {
  // The ECU assignment dialog of a vehicle model picks from the ECU list ('ecus': vehicle_model_ecu is the code of the assignments' own screen).
  vehicleModel: [{ button: 'ecus', label: { zh: 'ECU配置', en: 'ECUs' }, path: '/api/wdiov-base/vehicleModel/saveEcu', reads: ['ecuManage'] }],
  maintainRecord: [{ button: 'remind', label: { zh: '到期提醒', en: 'Due reminders' }, path: '/api/wdiov-vehteam/alarmRecord/selectExpireRemind' }],
  teamVehicle: [
    { button: 'appbind', label: { zh: 'APP绑定', en: 'Bind to app' }, path: '/api/wdiov-vehteam/vehicle/appBind' },
    // The fleet team's own reads of its vehicles' days and routes (the monitoring screens read them too).
    { button: 'report', label: { zh: '车辆报表', en: 'Vehicle report' }, path: '/api/wdiov-vehteam/vehicleReport/page' },
    { button: 'timeline', label: { zh: '路线时间轴', en: 'Route timeline' }, path: '/api/wdiov-vehteam/routeTimeline/page' },
  ],
  operateRecord: [
    { button: 'base', label: { zh: '修改库存信息', en: 'Edit stock' }, path: `${OPERATE_DETAIL}/updateBase` },
    { button: 'logistics', label: { zh: '修改转运信息', en: 'Edit transfer' }, path: `${OPERATE_DETAIL}/updateLogistics` },
    { button: 'movement', label: { zh: '修改移库信息', en: 'Edit movement' }, path: `${OPERATE_DETAIL}/updateMovement` },
  ],
  // Which alarm types must be handled (spec §4): one type's switch, or every type at once.
  alarmHandleConfig: [
    { button: 'handle', label: { zh: '处理开关', en: 'Handling switch' }, path: '/api/wdiov-base/alarmHandleConfig/handle' },
    { button: 'unify', label: { zh: '统一处理', en: 'Set for all types' }, path: '/api/wdiov-base/alarmHandleConfig/unifyHandle' },
  ],
  witCockpitTerminal: [{ button: 'alarms', label: { zh: '座舱告警', en: 'Cockpit alarms' }, path: '/api/wdiov-base/cockpitAlarmData/page' }],
  bluetoothTerminal: [{ button: 'sync', label: { zh: '蓝牙同步', en: 'Key sync' }, path: '/api/wdiov-business/schedulingTask/vehicleBluetoothSync' }],
};

/** The seeded buttons of a screen's own calls: [code suffix, name, API path, English name]. */
export function screenCallButtons(entityName: string): [string, string, string, string][] {
  return (SCREEN_CALLS[entityName as EntityName] ?? []).map((c) => [c.button, c.label.zh, c.path, c.label.en]);
}

/** The entities a screen's own calls read beyond its entity and what its form picks from. */
export function screenCallReads(entityName: string): EntityName[] {
  return [...new Set((SCREEN_CALLS[entityName as EntityName] ?? []).flatMap((c) => c.reads ?? []))];
}
