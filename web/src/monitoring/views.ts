import type { ViewLoader } from '../app/view-registry';

/**
 * The monitoring screens by menu path, each its own lazily loaded chunk. Spread into the
 * shell's view registry; paths without a menu entry (details, fence drawing) still open.
 */
export const monitoringViews: Record<string, ViewLoader> = {
  '/monitoring/map': () => import('./LiveMapPage'),
  '/alarm/vehicleAlarm': () => import('./VehicleAlarmPage'),
  '/alarm/vehicleFault': () => import('./VehicleFaultPage'),
  '/fenceAccessRecord/index': () => import('./FenceAccessPage'),
  '/base/electronicFence/draw': () => import('./FenceEditorPage'),
  '/trajectory/index': () => import('./TrajectoryPage'),
  '/alarmMessageParsing/index': () => import('./MessageParsingPage'),
  '/vehicleDetails/index': () => import('./VehicleDetailPage'),
  '/vehVehicleDetail/index': () => import('./VehicleDetailPage'),
  '/remoteDiagnose/index': () => import('../diagnosis/RemoteDiagnosisPage'),
};
