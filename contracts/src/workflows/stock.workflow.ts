import { logisticsRecord } from '../entities/pm/logistics-record.ts';
import { movementRecord } from '../entities/pm/movement-record.ts';
import { storageRecord } from '../entities/pm/storage-record.ts';
import { vehiclePm } from '../entities/pm/vehicle-pm.ts';
import { defineWorkflow } from './define-workflow.ts';

/** What a transfer that moved a stock can no longer change: the vehicle and where it goes from and to. */
const TRANSFER_FIXED = ['vehicleId', 'fromStorageId', 'toStorageId'];

const sales = { call: 'updateAakSales', button: 'sales', buttonLabel: { zh: '销售', en: 'Sales' } } as const;

/**
 * A vehicle's stock state (spec §7 wdiov-pm: storage and movement records, vehiclePm
 * updateAakSales). Storage records move it in and out of a storage, movement records between
 * storages, transfers (logistics.workflow.ts) ship it away and let it arrive in their target
 * storage; the sales call sells, delivers or takes back a stocked vehicle, its body's
 * `pmStatus` naming the outcome. A vehicle without a stock row is `unstocked` (value 0, never
 * stored): its first storage-in creates the row. Every move also writes the operate stream (the
 * vehicle's history) and the trail.
 */
export const stockWorkflow = defineWorkflow({
  entity: vehiclePm,
  statusField: 'pmStatus',
  initial: 'inStorage',
  states: {
    unstocked: { value: 0, label: { zh: '未入库', en: 'Not in stock' } },
    inStorage: { value: 1, label: { zh: '在库', en: 'In storage' } },
    inTransit: { value: 2, label: { zh: '在途', en: 'In transit' } },
    sold: { value: 3, label: { zh: '已销售', en: 'Sold' } },
    delivered: { value: 4, label: { zh: '已交付', en: 'Delivered' } },
    returned: { value: 5, label: { zh: '已退回', en: 'Returned' } },
  },
  transitions: {
    stockIn: {
      call: 'storageRecord', from: ['unstocked', 'inTransit', 'returned'], to: 'inStorage', button: 'add',
      label: { zh: '入库', en: 'Stock in' },
      recordedBy: { entity: storageRecord, key: 'vehicleId', when: { field: 'recordType', value: 1 }, fixed: ['vehicleId', 'recordType', 'storageId', 'storageAreaId'] },
    },
    stockOut: {
      call: 'storageRecord', from: ['inStorage'], to: 'inTransit', button: 'add',
      label: { zh: '出库', en: 'Stock out' },
      recordedBy: { entity: storageRecord, key: 'vehicleId', when: { field: 'recordType', value: 2 }, fixed: ['vehicleId', 'recordType', 'storageId', 'storageAreaId'] },
    },
    ship: {
      call: 'logisticsRecord', from: ['unstocked', 'inStorage', 'returned'], to: 'inTransit', button: 'edit',
      label: { zh: '发运', en: 'Ship' },
      recordedBy: { entity: logisticsRecord, key: 'vehicleId', transition: 'depart', fixed: TRANSFER_FIXED },
    },
    arrive: {
      call: 'logisticsRecord', from: ['inTransit'], to: 'inStorage', button: 'edit',
      label: { zh: '到达入库', en: 'Arrive' },
      recordedBy: { entity: logisticsRecord, key: 'vehicleId', transition: 'arrive', fixed: TRANSFER_FIXED },
    },
    move: {
      call: 'movementRecord', from: ['inStorage'], to: 'inStorage', button: 'add',
      label: { zh: '移库', en: 'Move' },
      recordedBy: { entity: movementRecord, key: 'vehicleId', fixed: ['vehicleId', 'fromStorageId', 'fromAreaId', 'toStorageId', 'toAreaId'] },
    },
    sell: {
      ...sales, from: ['inStorage'], to: 'sold', icon: 'pi pi-shopping-cart', severity: 'success',
      label: { zh: '销售', en: 'Sell' }, confirm: { zh: '确定将该车辆登记为已销售?', en: 'Record this vehicle as sold?' },
      fields: ['customerId', 'distributorId', 'salesPrice'], records: { at: 'salesDate' },
    },
    deliver: {
      ...sales, from: ['sold'], to: 'delivered', icon: 'pi pi-check-circle',
      label: { zh: '交付', en: 'Deliver' }, confirm: { zh: '确定该车辆已交付客户?', en: 'Has the customer taken delivery?' },
      records: { at: 'deliveryDate' },
    },
    return: {
      ...sales, from: ['sold', 'delivered'], to: 'returned', icon: 'pi pi-replay', severity: 'warning',
      label: { zh: '退回', en: 'Return' },
      note: { key: 'remark', label: { zh: '退回原因', en: 'Reason' }, required: true, max: 500 },
    },
  },
});

/** The operate stream's type of each stock move (dictionary operate_type). */
export const OPERATE_TYPE_OF: Record<keyof typeof stockWorkflow.transitions, number> = {
  stockIn: 1, stockOut: 2, move: 3, ship: 4, sell: 5, return: 6, arrive: 7, deliver: 8,
};
