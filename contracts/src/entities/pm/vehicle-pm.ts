import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { PM } from '../base/common.ts';

/**
 * A vehicle's inventory/sales state between plant and customer (one row per vehicle):
 * where it is stocked, and to whom and when it was sold and delivered.
 */
export const vehiclePm = defineEntity({
  ...PM,
  name: 'vehiclePm',
  path: 'vehiclePm',
  table: 'wdiov_vehicle_pm',
  title: { zh: '车辆库存', en: 'Vehicle inventory' },
  fields: {
    vehicleId: f.ref('车辆', 'Vehicle', 'vehicle', 'vin', { required: '请选择车辆', unique: true, search: 'equal' }),
    pmStatus: f.dict('库存状态', 'Inventory status', 'pm_status', { numeric: true, required: '请选择库存状态', default: 1, search: 'equal' }),
    storageId: f.ref('所在仓库', 'Storage', 'storage', 'storageName', { search: 'equal' }),
    storageAreaId: f.ref('所在库区', 'Area', 'storageArea', 'areaName', { list: false }),
    inboundDate: f.date('入库日期', 'In stock since', { search: 'datege' }),
    distributorId: f.ref('经销商', 'Distributor', 'distributor', 'distributorName', { search: 'equal' }),
    customerId: f.ref('客户', 'Customer', 'customer', 'customerName', { list: false }),
    salesDate: f.date('销售日期', 'Sold on'),
    deliveryDate: f.date('交付日期', 'Delivered on', { list: false }),
    salesPrice: f.decimal('销售价格(元)', 'Price (CNY)', { min: 0, max: 100000000, list: false }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
