import { dispatch } from '../entities/vehteam/dispatch.ts';
import { defineWorkflow } from './define-workflow.ts';

/**
 * A dispatch order (spec §4: submit, toDeploy, revoke, close). A draft is edited and submitted;
 * a submitted order is deployed (the vehicle leaves) and later closed. Revoking a submitted or
 * deployed order takes it back to the drafting side with a reason; it may be edited and submitted again.
 * Deploying records when the vehicle left (and its odometer, when given), closing when it came back.
 */
export const dispatchWorkflow = defineWorkflow({
  entity: dispatch,
  statusField: 'dispatchStatus',
  initial: 'draft',
  states: {
    draft: { value: 1, label: { zh: '草稿', en: 'Draft' } },
    submitted: { value: 2, label: { zh: '已提交', en: 'Submitted' } },
    deployed: { value: 3, label: { zh: '已派车', en: 'Deployed' } },
    revoked: { value: 4, label: { zh: '已撤销', en: 'Revoked' } },
    closed: { value: 5, label: { zh: '已关闭', en: 'Closed' } },
  },
  editableIn: ['draft', 'revoked'],
  transitions: {
    submit: {
      call: 'submit', from: ['draft', 'revoked'], to: 'submitted', button: 'edit', icon: 'pi pi-send',
      label: { zh: '提交', en: 'Submit' }, confirm: { zh: '确定提交该派车单?', en: 'Submit this dispatch order?' },
    },
    deploy: {
      call: 'toDeploy', from: ['submitted'], to: 'deployed', button: 'deploy', icon: 'pi pi-truck', severity: 'success',
      label: { zh: '派车', en: 'Deploy' }, confirm: { zh: '确定派车?', en: 'Deploy the vehicle for this order?' },
      note: { key: 'remark', label: { zh: '备注', en: 'Remark' }, required: false, max: 500 },
      fields: ['departOdometer'], records: { at: 'departTime' },
    },
    revoke: {
      call: 'revoke', from: ['submitted', 'deployed'], to: 'revoked', button: 'revoke', icon: 'pi pi-undo', severity: 'warning',
      label: { zh: '撤销', en: 'Revoke' },
      note: { key: 'reason', label: { zh: '撤销原因', en: 'Reason' }, required: true, max: 500 },
    },
    close: {
      call: 'close', from: ['deployed'], to: 'closed', button: 'close', icon: 'pi pi-lock', severity: 'danger',
      label: { zh: '关闭', en: 'Close' }, confirm: { zh: '确定关闭该派车单?', en: 'Close this dispatch order?' },
      note: { key: 'remark', label: { zh: '备注', en: 'Remark' }, required: false, max: 500 },
      fields: ['returnOdometer'], records: { at: 'returnTime' },
    },
  },
});
