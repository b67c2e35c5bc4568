import { vehicle } from './base/vehicle.ts';
import { terminal } from './base/terminal.ts';
import { terminalChange } from './base/terminal-change.ts';
import { motor } from './base/motor.ts';
import { motorModel } from './base/motor-model.ts';
import { battery } from './base/battery.ts';
import { batteryPack } from './base/battery-pack.ts';
import { batteryModel } from './base/battery-model.ts';
import { terminalModel } from './base/terminal-model.ts';
import { customer } from './base/customer.ts';
import { chargeStation } from './base/charge-station.ts';
import { chargePile } from './base/charge-pile.ts';
import { chargeFee } from './base/charge-fee.ts';
import { vehicleModel, vehicleModelEcu } from './base/vehicle-model.ts';
import { distributor } from './base/distributor.ts';
import { salesRegion } from './base/sales-region.ts';
import { bluetoothTerminal } from './base/bluetooth-terminal.ts';
import { witCockpitTerminal } from './base/wit-cockpit-terminal.ts';
import { serviceStation } from './base/service-station.ts';
import { ecuManage } from './base/ecu-manage.ts';
import { canMessageFaultCode, udsDiagnoseFaultCode } from './base/fault-codes.ts';
import { alarmHandleTeam, alarmHandleConfig } from './base/alarm-handle.ts';
import { forwardPlatform, forwardPlatformVehicle, forwardBlacklist, forwardRecord } from './base/forward-platform.ts';
import { notifyChannel, notifyRecord } from './base/notify.ts';
import { reportAutoSend } from './base/report-auto-send.ts';
import { electronicFence, electronicFenceVehicle } from './base/electronic-fence.ts';
import { instructRecord } from './base/instruct-record.ts';
import { vehicleRemark } from './base/vehicle-remark.ts';
import { org } from './vehteam/org.ts';
import { teamVehicle } from './vehteam/team-vehicle.ts';
import { driver } from './vehteam/driver.ts';
import { route } from './vehteam/route.ts';
import { dispatch } from './vehteam/dispatch.ts';
import { bill } from './vehteam/bill.ts';
import { maintainRule } from './vehteam/maintain-rule.ts';
import { maintainRecord } from './vehteam/maintain-record.ts';
import { repairRecord } from './vehteam/repair-record.ts';
import { alarmConfig } from './vehteam/alarm-config.ts';
import { trailerVehicle } from './vehteam/trailer-vehicle.ts';
import { account } from './vehteam/account.ts';
import { logisticsEnterprise } from './pm/logistics-enterprise.ts';
import { logisticsDriver } from './pm/logistics-driver.ts';
import { logisticsInsurance } from './pm/logistics-insurance.ts';
import { logisticsRecord } from './pm/logistics-record.ts';
import { storage, storageArea } from './pm/storage.ts';
import { storageRecord } from './pm/storage-record.ts';
import { movementRecord } from './pm/movement-record.ts';
import { vehiclePm } from './pm/vehicle-pm.ts';
import { operateRecord } from './pm/operate-record.ts';

/**
 * The business entities (spec part 2 §3/§7), to be spread into the main registry. Keys are
 * the entity names, grouped by service and topic (menus and docs list them in this order).
 */
export const businessEntities = {
  // wdiov-base: vehicles and their parts
  vehicle,
  vehicleModel,
  vehicleModelEcu,
  terminal,
  terminalModel,
  terminalChange,
  bluetoothTerminal,
  witCockpitTerminal,
  motor,
  motorModel,
  battery,
  batteryPack,
  batteryModel,
  ecuManage,
  canMessageFaultCode,
  udsDiagnoseFaultCode,
  // wdiov-base: sales and service network
  customer,
  distributor,
  salesRegion,
  serviceStation,
  chargeStation,
  chargePile,
  chargeFee,
  // wdiov-base: alarms, fences, instructions, forwarding
  alarmHandleTeam,
  alarmHandleConfig,
  notifyChannel,
  notifyRecord,
  electronicFence,
  electronicFenceVehicle,
  instructRecord,
  vehicleRemark,
  forwardPlatform,
  forwardPlatformVehicle,
  forwardBlacklist,
  forwardRecord,
  reportAutoSend,
  // wdiov-vehteam
  org,
  teamVehicle,
  driver,
  route,
  dispatch,
  bill,
  maintainRule,
  maintainRecord,
  repairRecord,
  alarmConfig,
  trailerVehicle,
  account,
  // wdiov-pm
  logisticsEnterprise,
  logisticsDriver,
  logisticsInsurance,
  logisticsRecord,
  storage,
  storageArea,
  storageRecord,
  movementRecord,
  vehiclePm,
  operateRecord,
} as const;
