import type { Telemetry } from '@wdiov/contracts';

/** A live snapshot of a parked vehicle with every reading present; override what a test looks at. */
export function snapshot(vin: string, ts: number, over: Partial<Telemetry> = {}): Telemetry {
  return {
    tenantId: '000000', vin, vehicleId: `v-${vin}`, plate: '粤B00001', ts, receivedAt: ts, reissue: false,
    lng: 114.05, lat: 22.54, fixValid: true, heading: 90, speedKmh: 0, mileageKm: 1000, socPercent: 80,
    totalVoltageV: 600, totalCurrentA: 0, vehicleState: 1, chargeState: 3, state: 2, alarmLevel: 0,
    maxCellVoltageV: 3.6, minCellVoltageV: 3.58, maxCellNo: 1, minCellNo: 2, maxTempC: 30, minTempC: 25,
    ...over,
  };
}
