import { logisticsRecord } from '../entities/pm/logistics-record.ts';
import { defineWorkflow } from './define-workflow.ts';

/**
 * A vehicle's transfer by a carrier (spec §7: logisticsRecord/transferRecord submit, operateDetail
 * logistics update). A pending transfer departs (the vehicle leaves its storage and is in
 * transit), arrives (it enters the target storage) and is signed for; a transfer in transit may
 * be marked as an exception with a reason (the vehicle is still on its way) and arrives once sorted out. Departure and
 * arrival move the vehicle's stock (stock.workflow.ts: ship, arrive) in the same transaction.
 * The status changes by these transitions only, through submit with the target status. A
 * transfer is edited only while pending: once it departed, what it carries and where is history.
 */
export const logisticsWorkflow = defineWorkflow({
  entity: logisticsRecord,
  statusField: 'transferStatus',
  initial: 'pending',
  editableIn: ['pending'],
  states: {
    pending: { value: 1, label: { zh: '待发运', en: 'Pending' } },
    inTransit: { value: 2, label: { zh: '运输中', en: 'In transit' } },
    arrived: { value: 3, label: { zh: '已到达', en: 'Arrived' } },
    signed: { value: 4, label: { zh: '已签收', en: 'Signed for' } },
    exception: { value: 5, label: { zh: '异常', en: 'Exception' } },
  },
  transitions: {
    depart: {
      call: 'submit', from: ['pending'], to: 'inTransit', button: 'edit', icon: 'pi pi-truck', severity: 'success',
      label: { zh: '发运', en: 'Depart' }, confirm: { zh: '确定发运? 车辆将出库并转为在途。', en: 'Depart? The vehicle leaves its storage and is in transit.' },
      records: { at: 'departTime' },
    },
    arrive: {
      call: 'submit', from: ['inTransit', 'exception'], to: 'arrived', button: 'edit', icon: 'pi pi-flag', severity: 'success',
      label: { zh: '到达', en: 'Arrive' }, confirm: { zh: '确定到达? 车辆将入库到目的仓库。', en: 'Arrived? The vehicle enters the target storage.' },
      records: { at: 'arriveTime' },
    },
    sign: {
      call: 'submit', from: ['arrived'], to: 'signed', button: 'edit', icon: 'pi pi-check',
      label: { zh: '签收', en: 'Sign for' }, confirm: { zh: '确定已签收?', en: 'Signed for?' },
    },
    fail: {
      call: 'submit', from: ['inTransit'], to: 'exception', button: 'edit', icon: 'pi pi-exclamation-triangle', severity: 'warning',
      label: { zh: '异常', en: 'Exception' },
      note: { key: 'reason', label: { zh: '异常原因', en: 'Reason' }, required: true, max: 500 },
    },
  },
});
