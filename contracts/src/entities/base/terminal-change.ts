import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';

/** History of terminals fitted to, swapped on or removed from a vehicle (audit of data ownership). */
export const terminalChange = defineEntity({
  ...BASE,
  name: 'terminalChange',
  // A recorded change decides which terminal may log its vehicle in (ingest/terminal-binding.ts).
  caches: ['directory'],
  path: 'terminalChange',
  table: 'wdiov_terminal_change',
  title: { zh: '终端变更记录', en: 'Terminal change' },
  defaultSort: { column: 'change_time', asc: false },
  fields: {
    vehicleId: f.ref('车辆', 'Vehicle', 'vehicle', 'vin', { required: '请选择车辆', search: 'equal' }),
    changeType: f.dict('变更类型', 'Change type', 'terminal_change_type', { numeric: true, required: '请选择变更类型', search: 'equal' }),
    oldTerminalId: f.ref('原终端', 'Previous terminal', 'terminal', 'terminalNo'),
    newTerminalId: f.ref('新终端', 'New terminal', 'terminal', 'terminalNo'),
    changeTime: f.datetime('变更时间', 'Changed at', { required: true, search: 'datege' }),
    handlerName: f.text('经办人', 'Handled by', { max: 32 }),
    reason: f.text('变更原因', 'Reason', { max: 255 }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
