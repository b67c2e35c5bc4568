import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';

/**
 * J1939 DM1 fault dictionary: (SPN, FMI) of an ECU → name, level and advice. `bcd` is the
 * spec's opaque lookup key beside SPN/FMI (an OEM ECU/source code; no public definition), kept
 * as text. Uniqueness is per (ECU, SPN, FMI), which single-field `unique` cannot say.
 */
export const canMessageFaultCode = defineEntity({
  ...BASE,
  name: 'canMessageFaultCode',
  path: 'canMessageFaultCode',
  table: 'wdiov_can_message_fault_code',
  title: { zh: 'CAN故障码', en: 'CAN fault code' },
  fields: {
    ecuId: f.ref('ECU', 'ECU', 'ecuManage', 'ecuName', { search: 'equal' }),
    bcd: f.text('BCD码', 'BCD', { max: 32, search: 'equal' }),
    spn: f.int('SPN', 'SPN', { required: true, min: 0, max: 524287, search: 'equal' }),
    fmi: f.int('FMI', 'FMI', { required: true, min: 0, max: 31, search: 'equal' }),
    faultName: f.text('故障名称', 'Fault name', { required: true, max: 128, search: 'like' }),
    faultLevel: f.dict('故障等级', 'Fault level', 'alarm_level', { numeric: true, search: 'equal' }),
    description: f.text('故障描述', 'Description', { max: 1000, multiline: true, list: false }),
    solution: f.text('处理建议', 'Advice', { max: 1000, multiline: true, list: false }),
  },
});

/**
 * UDS (ISO 14229) DTCs as displayed per SAE J2012: letter P/C/B/U, four hex digits, optional
 * failure-type byte (U0073-04). The same DTC can mean different faults on different ECUs, so it
 * is not unique on its own.
 */
export const udsDiagnoseFaultCode = defineEntity({
  ...BASE,
  name: 'udsDiagnoseFaultCode',
  path: 'udsDiagnoseFaultCode',
  table: 'wdiov_uds_diagnose_fault_code',
  title: { zh: 'UDS诊断故障码', en: 'UDS fault code' },
  fields: {
    dtc: f.text('故障码', 'DTC', {
      required: true, max: 8, search: 'like', index: true, example: 'P0143',
      pattern: { regex: /^[PCBU][0-3][0-9A-F]{3}(-[0-9A-F]{2})?$/, message: '故障码格式应为P0A1B或U0073-04' },
    }),
    ecuId: f.ref('ECU', 'ECU', 'ecuManage', 'ecuName', { search: 'equal' }),
    faultName: f.text('故障名称', 'Fault name', { required: true, max: 128, search: 'like' }),
    faultLevel: f.dict('故障等级', 'Fault level', 'alarm_level', { numeric: true, search: 'equal' }),
    description: f.text('故障描述', 'Description', { max: 1000, multiline: true, list: false }),
    solution: f.text('处理建议', 'Advice', { max: 1000, multiline: true, list: false }),
  },
});
