import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';

/**
 * A downlink instruction to a vehicle's terminal (GB/T 32960 query/set parameters, terminal
 * control). Rows are written by instructRecord/issue; the terminal's answer fields are set by
 * the server when the reply arrives, never by a submit.
 */
export const instructRecord = defineEntity({
  ...BASE,
  name: 'instructRecord',
  path: 'instructRecord',
  table: 'wdiov_instruct_record',
  title: { zh: '指令记录', en: 'Instruction record' },
  fields: {
    vehicleId: f.ref('车辆', 'Vehicle', 'vehicle', 'vin', { required: '请选择车辆', search: 'equal' }),
    instructType: f.dict('指令类型', 'Instruction type', 'instruct_type', { numeric: true, required: '请选择指令类型', search: 'equal' }),
    /** Parameter ids and values, e.g. `{"0x02": 10}`, or the control id and its argument. */
    content: f.json('指令内容', 'Content', { list: false }),
    issueTime: f.datetime('下发时间', 'Issued at', { search: 'datege' }),
    instructStatus: f.dict('指令状态', 'Status', 'instruct_status', { numeric: true, default: 1, search: 'equal', readOnly: true, form: false }),
    responseTime: f.datetime('应答时间', 'Answered at', { readOnly: true, form: false }),
    responseData: f.json('应答内容', 'Answer', { readOnly: true, form: false, list: false }),
    failReason: f.text('失败原因', 'Failure reason', { max: 255, readOnly: true, form: false }),
    remark: f.text('备注', 'Remark', { max: 255, list: false }),
  },
});
