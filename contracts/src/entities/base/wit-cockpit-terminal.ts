import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';

/** An intelligent-cockpit head unit (智能座舱终端); its alarms are read from cockpitAlarmData. */
export const witCockpitTerminal = defineEntity({
  ...BASE,
  name: 'witCockpitTerminal',
  path: 'witCockpitTerminal',
  table: 'wdiov_wit_cockpit_terminal',
  title: { zh: '智能座舱终端', en: 'Cockpit terminal' },
  fields: {
    deviceSn: f.text('设备序列号', 'Serial no.', { required: true, max: 64, unique: true, search: 'like' }),
    vehicleId: f.ref('绑定车辆', 'Vehicle', 'vehicle', 'vin', { search: 'equal' }),
    terminalModelId: f.ref('终端型号', 'Terminal model', 'terminalModel', 'modelName', { list: false }),
    systemVersion: f.text('系统版本', 'System version', { max: 32 }),
    appVersion: f.text('应用版本', 'App version', { max: 32 }),
    activateTime: f.datetime('激活时间', 'Activated at'),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
