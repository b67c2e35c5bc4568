import { speaker } from '../request-language.ts';

/** The forwarding calls' answers (forward/). */
export const forwardText = speaker(
  {
    chooseVehicles: () => '请选择车辆',
    badVehicleId: () => '车辆ID无效',
    tooManyVehicles: ({ limit }: { limit: number }) => `一次最多${limit}辆车`,
    statusNumber: () => '转发状态应为0或1',
    statusFlag: () => '转发状态应为0(停止)或1(转发)',
    startDate: () => '开始转发日期的格式应为 yyyy-MM-dd',
    vinTooLong: () => '车架号最多17位',
    vinOrVehicle: () => '请输入车架号或车辆ID',
    platformMissing: ({ id }: { id: string }) => `转发平台不存在: ${id}`,
    encryptionEdition: ({ edition }: { edition: string }) => `加密方式不属于 GB/T 32960-${edition} (SM2、SM4 仅用于 2025 版)`,
    badKey: () => '加密密钥无效',
    unreachable: () => '无法连接平台, 或平台未应答登录',
    badHost: () => '平台地址不是有效的IPv6地址',
  },
  {
    chooseVehicles: () => 'Please choose the vehicles',
    badVehicleId: () => 'Invalid vehicle id',
    tooManyVehicles: ({ limit }) => `At most ${limit} vehicles at a time`,
    statusNumber: () => 'The forwarding status must be 0 or 1',
    statusFlag: () => 'The forwarding status must be 0 (stopped) or 1 (forwarding)',
    startDate: () => 'The forwarding start date must look like yyyy-MM-dd',
    vinTooLong: () => 'A VIN is at most 17 characters',
    vinOrVehicle: () => 'Please enter a VIN or a vehicle id',
    platformMissing: ({ id }) => `No such forwarding platform: ${id}`,
    encryptionEdition: ({ edition }) => `This encryption is not of GB/T 32960-${edition} (SM2 and SM4 belong to the 2025 edition only)`,
    badKey: () => 'Invalid encryption key',
    unreachable: () => 'The platform cannot be reached or did not answer the login',
    badHost: () => 'Host: not a valid IPv6 address',
  },
);
