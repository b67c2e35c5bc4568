import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';
import { ICCID, IMEI, SIM_NO } from './patterns.ts';

/**
 * A telematics terminal (T-BOX). GB/T 32960 terminals log in with the ICCID, JT/T 808 ones
 * with the SIM number, so both are kept beside the IMEI. The vehicle points at its terminal
 * (not the reverse), so binding lives on the vehicle and its history in terminalChange.
 */
export const terminal = defineEntity({
  ...BASE,
  name: 'terminal',
  caches: ['directory'],
  path: 'terminal',
  table: 'wdiov_terminal',
  title: { zh: '终端', en: 'Terminal' },
  fields: {
    terminalNo: f.text('终端编号', 'Terminal no.', { required: true, max: 32, unique: true, search: 'like' }),
    imei: f.text('IMEI', 'IMEI', { required: true, max: 15, unique: true, search: 'like', ...IMEI }),
    iccid: f.text('ICCID', 'ICCID', { required: true, max: 20, unique: true, search: 'like', ...ICCID }),
    simNo: f.text('SIM卡号', 'SIM number', { max: 13, search: 'like', index: true, ...SIM_NO }),
    protocol: f.dict('通信协议', 'Protocol', 'terminal_protocol', { numeric: true, required: '请选择通信协议', search: 'equal' }),
    terminalModelId: f.ref('终端型号', 'Terminal model', 'terminalModel', 'modelName', { search: 'equal' }),
    firmwareVersion: f.text('固件版本', 'Firmware version', { max: 32 }),
    hardwareVersion: f.text('硬件版本', 'Hardware version', { max: 32, list: false }),
    terminalStatus: f.dict('终端状态', 'Terminal status', 'terminal_status', { numeric: true, default: 1, search: 'equal' }),
    installDate: f.date('安装日期', 'Install date', { list: false }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
