import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';

/** Terminal type data, shared by T-BOX, bluetooth and cockpit terminals. */
export const terminalModel = defineEntity({
  ...BASE,
  name: 'terminalModel',
  path: 'terminalModel',
  table: 'wdiov_terminal_model',
  title: { zh: '终端型号', en: 'Terminal model' },
  fields: {
    modelName: f.text('型号名称', 'Model name', { required: true, max: 64, search: 'like' }),
    modelCode: f.text('型号编码', 'Model code', { required: true, max: 32, unique: true, search: 'like' }),
    manufacturer: f.text('生产厂家', 'Manufacturer', { max: 64, search: 'like' }),
    category: f.dict('终端类别', 'Category', 'terminal_category', { numeric: true, search: 'equal' }),
    protocol: f.dict('通信协议', 'Protocol', 'terminal_protocol', { numeric: true }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
