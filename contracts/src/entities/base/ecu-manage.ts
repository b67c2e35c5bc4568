import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';
import { CAN_ID } from './patterns.ts';

/**
 * An electronic control unit. J1939 faults are unique only per (source address, SPN, FMI), so
 * the source address is kept; UDS needs the request/response CAN ids to address the ECU.
 */
export const ecuManage = defineEntity({
  ...BASE,
  name: 'ecuManage',
  path: 'ecuManage',
  table: 'wdiov_ecu_manage',
  title: { zh: 'ECU管理', en: 'ECU' },
  fields: {
    ecuName: f.text('ECU名称', 'ECU name', { required: true, max: 64, search: 'like' }),
    ecuCode: f.text('ECU编码', 'ECU code', { required: true, max: 32, unique: true, search: 'like' }),
    ecuProtocol: f.dict('诊断协议', 'Diagnostic protocol', 'ecu_protocol', { numeric: true, search: 'equal' }),
    sourceAddress: f.int('J1939源地址', 'J1939 source address', { min: 0, max: 253 }),
    requestCanId: f.text('UDS请求ID', 'UDS request id', { max: 10, list: false, ...CAN_ID }),
    responseCanId: f.text('UDS响应ID', 'UDS response id', { max: 10, list: false, ...CAN_ID, example: '7E8' }),
    supplier: f.text('供应商', 'Supplier', { max: 64, search: 'like' }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
