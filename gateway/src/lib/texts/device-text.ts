import { speaker } from '../request-language.ts';

/** The video relay's, the bluetooth key sync's and the demo fleet registration's refusals. */
export const deviceText = speaker(
  {
    videoChannel: () => '通道号必须是1-32的整数',
    noVideoService: () => '未配置视频服务: 本平台不含视频服务, 请设置 VIDEO_SERVICE_URL 以接入视频',
    videoSilent: () => '视频服务无响应',
    videoFailed: () => '视频服务调用失败',
    videoNoVehicle: ({ vin }: { vin: string }) => `车辆不存在: ${vin}`,
    enterVins: () => '请输入车架号',
    syncAtMost: ({ limit }: { limit: number }) => `一次最多同步${limit}辆车`,
    badVin: ({ vin }: { vin: string }) => `车架号格式不正确: ${vin}`,
    demoSeed: () => '请输入种子',
    demoFrom: () => '请输入起始序号',
    demoTo: () => '请输入结束序号',
    demoCity: ({ cities }: { cities: string }) => `城市须为 ${cities}`,
    demoRange: ({ limit }: { limit: number }) => `每次注册 1 到 ${limit} 辆`,
    demoOff: () => '演示车队未开启 (DEMO_FLEET=off): 请在系统中登记车辆',
    demoLocalOnly: () => '演示车队只接受本机模拟器的注册',
  },
  {
    videoChannel: () => 'The channel must be a whole number from 1 to 32',
    noVideoService: () => 'No video service is configured: the platform has none; set VIDEO_SERVICE_URL to connect one',
    videoSilent: () => 'The video service does not answer',
    videoFailed: () => 'The video service call failed',
    videoNoVehicle: ({ vin }) => `No such vehicle: ${vin}`,
    enterVins: () => 'Please enter the VINs',
    syncAtMost: ({ limit }) => `At most ${limit} vehicles can be synced at a time`,
    badVin: ({ vin }) => `Malformed VIN: ${vin}`,
    demoSeed: () => 'Please enter the seed',
    demoFrom: () => 'Please enter the first index',
    demoTo: () => 'Please enter the end index',
    demoCity: ({ cities }) => `The city must be one of ${cities}`,
    demoRange: ({ limit }) => `Register 1 to ${limit} vehicles at a time`,
    demoOff: () => 'The demo fleet is off (DEMO_FLEET=off): register vehicles in the system',
    demoLocalOnly: () => 'The demo fleet takes registrations only from the simulator on this machine',
  },
);
