import { speaker } from '../request-language.ts';

/** The live, vehicle, alarm, fleet-team and fence calls' refusals. */
export const vehicleText = speaker(
  {
    vinOrPlate: () => '请输入车架号或车牌号',
    idOrVin: () => '请输入车辆ID或车架号',
    whichVehicle: () => '请指定车辆',
    rosterMissing: ({ id }: { id: string }) => `车队车辆不存在: ${id}`,
    bindAtMost: ({ limit }: { limit: number }) => `一次最多绑定${limit}辆车`,
    chooseVehicles: () => '请选择车辆',
    badVehicleId: () => '车辆ID无效',
    fenceAtMost: ({ limit }: { limit: number }) => `一个围栏最多绑定${limit}辆车`,
    fenceMissing: ({ id }: { id: string }) => `电子围栏不存在: ${id}`,
    alarmMissing: ({ id }: { id: string }) => `车辆告警不存在: ${id}`,
    transferAdminOnly: () => '仅平台管理员可将车辆转移到其他租户',
    transferSameTenant: () => '车辆已属于该租户',
    transferNoTenant: ({ id }: { id: string }) => `租户不存在: ${id}`,
  },
  {
    vinOrPlate: () => 'Please enter a VIN or a plate number',
    idOrVin: () => 'Please enter a vehicle id or a VIN',
    whichVehicle: () => 'Please name the vehicle',
    rosterMissing: ({ id }) => `No such fleet vehicle: ${id}`,
    bindAtMost: ({ limit }) => `At most ${limit} vehicles can be bound at a time`,
    chooseVehicles: () => 'Please choose the vehicles',
    badVehicleId: () => 'Invalid vehicle id',
    fenceAtMost: ({ limit }) => `A fence binds at most ${limit} vehicles`,
    fenceMissing: ({ id }) => `No such fence: ${id}`,
    alarmMissing: ({ id }) => `No such vehicle alarm: ${id}`,
    transferAdminOnly: () => 'Only the platform administrator may move a vehicle to another tenant',
    transferSameTenant: () => 'The vehicle already belongs to that tenant',
    transferNoTenant: ({ id }) => `No such tenant: ${id}`,
  },
);
