import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';
import { MAC } from './patterns.ts';

/** A bluetooth key/terminal paired with a vehicle; the MAC is what the app pairs with. */
export const bluetoothTerminal = defineEntity({
  ...BASE,
  name: 'bluetoothTerminal',
  path: 'bluetoothTerminal',
  table: 'wdiov_bluetooth_terminal',
  title: { zh: '蓝牙终端', en: 'Bluetooth terminal' },
  fields: {
    macAddress: f.text('MAC地址', 'MAC address', { required: true, max: 17, unique: true, search: 'like', ...MAC }),
    deviceName: f.text('设备名称', 'Device name', { max: 64, search: 'like' }),
    vehicleId: f.ref('绑定车辆', 'Vehicle', 'vehicle', 'vin', { search: 'equal' }),
    terminalModelId: f.ref('终端型号', 'Terminal model', 'terminalModel', 'modelName', { list: false }),
    firmwareVersion: f.text('固件版本', 'Firmware version', { max: 32 }),
    bindTime: f.datetime('绑定时间', 'Bound at'),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
