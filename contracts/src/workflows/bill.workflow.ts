import { bill } from '../entities/vehteam/bill.ts';
import { defineWorkflow } from './define-workflow.ts';

const opinion = (required: boolean) => ({ key: 'auditOpinion', label: { zh: '审核意见', en: 'Audit opinion' }, required, max: 255 });
const auditButton = { button: 'audit', buttonLabel: { zh: '审核', en: 'Audit' } } as const;
const audited = { by: 'auditUserId', at: 'auditTime', note: 'auditOpinion' } as const;

/**
 * A fleet expense (spec §4: audit). A pending bill is approved or rejected through one call,
 * `bill/audit`, whose body names the outcome in `billStatus`; a rejection needs an opinion. The
 * auditor, the time and the opinion are kept on the bill. A rejected bill may be corrected and
 * sent back to audit.
 */
export const billWorkflow = defineWorkflow({
  entity: bill,
  statusField: 'billStatus',
  initial: 'pending',
  states: {
    pending: { value: 1, label: { zh: '待审核', en: 'Pending' } },
    approved: { value: 2, label: { zh: '审核通过', en: 'Approved' } },
    rejected: { value: 3, label: { zh: '审核驳回', en: 'Rejected' } },
  },
  editableIn: ['pending', 'rejected'],
  transitions: {
    approve: {
      call: 'audit', from: ['pending'], to: 'approved', ...auditButton, icon: 'pi pi-check', severity: 'success',
      label: { zh: '审核通过', en: 'Approve' }, note: opinion(false), records: audited,
    },
    reject: {
      call: 'audit', from: ['pending'], to: 'rejected', ...auditButton, icon: 'pi pi-times', severity: 'danger',
      label: { zh: '驳回', en: 'Reject' }, note: opinion(true), records: audited,
    },
    resubmit: {
      call: 'submit', from: ['rejected'], to: 'pending', button: 'edit', icon: 'pi pi-replay',
      label: { zh: '重新提交', en: 'Resubmit' }, confirm: { zh: '确定重新提交审核?', en: 'Send this bill back to audit?' },
    },
  },
});
