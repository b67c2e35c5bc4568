import type { FrameBody } from './commands.ts';
import type { FrameHeader } from './frame.ts';
import type { GbTime } from './time.ts';
import type { ParamItem } from './params.ts';
import type { RealtimeItem, Signature } from './realtime.ts';
import type { GearState } from './realtime-vehicle.ts';
import type { DriveMotor } from './realtime-motors.ts';
import type { FuelCellStack } from './realtime-fuel-cell.ts';
import type { CellVoltagePack, ProbeTemperaturePack } from './realtime-ress.ts';
import type { AlarmFlagLevel } from './realtime-alarm.ts';

type Words = { readonly zh: string; readonly en: string };
type KeysOf<T> = T extends unknown ? keyof T : never;
type KindsOf<T> = T extends { kind: infer K extends string } ? K : never;

/** Every field name a decoded frame can carry (header, bodies, realtime items and what they nest). */
export type FrameFieldKey = KeysOf<
  FrameHeader | { body: unknown } | FrameBody | RealtimeItem | GbTime | ParamItem | Signature | GearState | DriveMotor
  | FuelCellStack | CellVoltagePack | ProbeTemperaturePack | AlarmFlagLevel
>;
/** Every kind of body and realtime item. */
export type FrameKind = KindsOf<FrameBody | RealtimeItem>;

const w = (zh: string, en: string): Words => ({ zh, en });

/** The decoded frame's fields as the standard names them (GB/T 32960.3), with their units. */
export const FRAME_FIELD_LABELS: Readonly<Record<FrameFieldKey, Words>> = {
  edition: w('标准版本', 'Edition'), command: w('命令标识', 'Command'), responseFlag: w('应答标志', 'Response flag'),
  vin: w('车辆识别码', 'VIN'), encryption: w('加密方式', 'Encryption'), body: w('数据单元', 'Data unit'),
  kind: w('类型', 'Kind'), time: w('数据采集时间', 'Time'), items: w('信息体', 'Information items'),
  year: w('年', 'Year'), month: w('月', 'Month'), day: w('日', 'Day'), hour: w('时', 'Hour'), minute: w('分', 'Minute'), second: w('秒', 'Second'),
  seq: w('流水号', 'Serial number'), iccid: w('ICCID', 'ICCID'), ressCount: w('可充电储能子系统数', 'RESS subsystems'),
  ressCodeLength: w('储能系统编码长度', 'RESS code length'), ressCodes: w('可充电储能系统编码', 'RESS codes'), packCodesByBms: w('电池包编码 (按BMS)', 'Pack codes by BMS'),
  username: w('用户名', 'User name'), password: w('密码', 'Password'), encryptionRule: w('加密规则', 'Encryption rule'),
  chipId: w('安全芯片ID', 'Security chip id'), publicKey: w('公钥', 'Public key'), signature: w('签名', 'Signature'),
  algorithm: w('签名算法', 'Signature algorithm'), r: w('签名 R', 'Signature R'), s: w('签名 S', 'Signature S'),
  status: w('状态', 'Status'), info: w('信息', 'Information'), keyType: w('密钥类型', 'Key type'), key: w('密钥', 'Key'),
  validFrom: w('生效时间', 'Valid from'), validUntil: w('失效时间', 'Valid until'), ids: w('参数ID', 'Parameter ids'),
  params: w('参数', 'Parameters'), id: w('参数ID', 'Parameter id'), value: w('参数值', 'Value'),
  commandId: w('控制命令ID', 'Control command'), args: w('命令参数', 'Arguments'), data: w('数据', 'Data'), type: w('信息类型标志', 'Information type'),
  vehicleState: w('车辆状态', 'Vehicle state'), chargeState: w('充电状态', 'Charging state'), runMode: w('运行模式', 'Run mode'),
  speedKmh: w('车速 (km/h)', 'Speed (km/h)'), mileageKm: w('累计里程 (km)', 'Odometer (km)'), totalVoltageV: w('总电压 (V)', 'Total voltage (V)'),
  totalCurrentA: w('总电流 (A)', 'Total current (A)'), socPercent: w('SOC (%)', 'SOC (%)'), dcdcState: w('DC-DC状态', 'DC-DC state'),
  gear: w('挡位', 'Gear'), position: w('位置', 'Position'), braking: w('制动力', 'Braking'), driving: w('驱动力', 'Driving'),
  reservedBit6: w('保留位', 'Reserved bit'), positionInvalid: w('挡位无效', 'Gear invalid'), insulationKohm: w('绝缘电阻 (kΩ)', 'Insulation resistance (kΩ)'),
  acceleratorPercent: w('加速踏板行程 (%)', 'Accelerator pedal (%)'), brakePercent: w('制动踏板状态 (%)', 'Brake pedal (%)'),
  motors: w('驱动电机', 'Drive motors'), state: w('状态', 'State'), controllerTempC: w('驱动电机控制器温度 (℃)', 'Controller temperature (°C)'),
  speedRpm: w('驱动电机转速 (r/min)', 'Motor speed (rpm)'), torqueNm: w('驱动电机转矩 (N·m)', 'Motor torque (N·m)'), temperatureC: w('驱动电机温度 (℃)', 'Motor temperature (°C)'),
  controllerVoltageV: w('控制器输入电压 (V)', 'Controller input voltage (V)'), controllerCurrentA: w('控制器直流母线电流 (A)', 'Controller DC bus current (A)'),
  voltageV: w('电压 (V)', 'Voltage (V)'), currentA: w('电流 (A)', 'Current (A)'), probeTempsC: w('探针温度 (℃)', 'Probe temperatures (°C)'),
  consumptionKgPer100km: w('燃料消耗率 (kg/100km)', 'Fuel consumption (kg/100 km)'), h2MaxTempC: w('氢系统最高温度 (℃)', 'Hydrogen system max temperature (°C)'),
  h2MaxTempProbe: w('氢系统最高温度探针', 'Hydrogen max temperature probe'), h2MaxConcentrationMgPerKg: w('氢气最高浓度 (mg/kg)', 'Hydrogen max concentration (mg/kg)'),
  h2MaxConcentrationSensor: w('氢气最高浓度传感器', 'Hydrogen max concentration sensor'), h2MaxPressureMpa: w('氢气最高压力 (MPa)', 'Hydrogen max pressure (MPa)'),
  h2MaxPressureSensor: w('氢气最高压力传感器', 'Hydrogen max pressure sensor'), h2MaxConcentrationPct: w('氢气最高浓度 (%)', 'Hydrogen max concentration (%)'),
  h2RemainingPercent: w('剩余氢量 (%)', 'Hydrogen remaining (%)'), dcdcControllerTempC: w('DC-DC控制器温度 (℃)', 'DC-DC controller temperature (°C)'),
  h2InletPressureKpa: w('氢气入口压力 (kPa)', 'Hydrogen inlet pressure (kPa)'), airInletPressureKpa: w('空气入口压力 (kPa)', 'Air inlet pressure (kPa)'),
  airInletTempC: w('空气入口温度 (℃)', 'Air inlet temperature (°C)'), coolantOutletTempsC: w('冷却水出口温度 (℃)', 'Coolant outlet temperatures (°C)'),
  stacks: w('燃料电池电堆', 'Fuel cell stacks'), crankshaftRpm: w('曲轴转速 (r/min)', 'Crankshaft speed (rpm)'),
  fuelConsumptionLPer100km: w('燃料消耗率 (L/100km)', 'Fuel consumption (L/100 km)'), fixValid: w('定位有效', 'Fix valid'),
  south: w('南纬', 'South'), west: w('西经', 'West'), statusReserved: w('状态保留位', 'Reserved status'), coordinateSystem: w('坐标系', 'Coordinate system'),
  longitudeDeg: w('经度 (°)', 'Longitude (°)'), latitudeDeg: w('纬度 (°)', 'Latitude (°)'),
  maxVoltageSubsystem: w('最高电压电池子系统号', 'Max voltage subsystem'), maxVoltageCell: w('最高电压单体代号', 'Max voltage cell'),
  maxCellVoltageV: w('单体电压最高值 (V)', 'Max cell voltage (V)'), minVoltageSubsystem: w('最低电压电池子系统号', 'Min voltage subsystem'),
  minVoltageCell: w('最低电压单体代号', 'Min voltage cell'), minCellVoltageV: w('单体电压最低值 (V)', 'Min cell voltage (V)'),
  maxTempSubsystem: w('最高温度子系统号', 'Max temperature subsystem'), maxTempProbe: w('最高温度探针序号', 'Max temperature probe'),
  maxTempC: w('最高温度值 (℃)', 'Max temperature (°C)'), minTempSubsystem: w('最低温度子系统号', 'Min temperature subsystem'),
  minTempProbe: w('最低温度探针序号', 'Min temperature probe'), minTempC: w('最低温度值 (℃)', 'Min temperature (°C)'),
  maxVoltageSystemNo: w('最高电压超级电容系统号', 'Max voltage system'), minVoltageSystemNo: w('最低电压超级电容系统号', 'Min voltage system'),
  maxTempSystemNo: w('最高温度超级电容系统号', 'Max temperature system'), minTempSystemNo: w('最低温度超级电容系统号', 'Min temperature system'),
  systemNo: w('超级电容系统号', 'Supercapacitor system'), maxLevel: w('最高报警等级', 'Highest alarm level'), flags: w('通用报警标志', 'General alarm flags'),
  flagLevels: w('报警等级', 'Alarm levels'), bit: w('标志位', 'Flag bit'), level: w('等级', 'Level'),
  ressFaultCodes: w('储能装置故障代码', 'RESS fault codes'), motorFaultCodes: w('驱动电机故障代码', 'Motor fault codes'),
  engineFaultCodes: w('发动机故障代码', 'Engine fault codes'), otherFaultCodes: w('其他故障代码', 'Other fault codes'),
  packNo: w('电池子系统号', 'Subsystem'), totalCells: w('单体电池总数', 'Cells in total'), startCell: w('本帧起始电池序号', 'First cell of this frame'),
  cellVoltagesV: w('单体电池电压 (V)', 'Cell voltages (V)'), packs: w('子系统', 'Subsystems'), temperaturesC: w('探针温度 (℃)', 'Probe temperatures (°C)'),
  // Only in frames decoded without their lists (the live ingest), never shown: message parsing decodes them whole.
  cellsRaw: w('单体电压原始字节', 'Cell voltage bytes'), temperaturesRaw: w('探针温度原始字节', 'Probe temperature bytes'),
};

/** The kinds of bodies and realtime items, as the standard names its data units and information types. */
export const FRAME_KIND_LABELS: Readonly<Record<FrameKind, Words>> = {
  empty: w('空数据单元', 'Empty'), ack: w('应答', 'Answer'), login: w('车辆登入', 'Vehicle login'), logout: w('车辆登出', 'Vehicle logout'),
  realtime: w('实时信息上报', 'Realtime report'), platformLogin: w('平台登入', 'Platform login'), activation: w('激活', 'Activation'),
  activationResult: w('激活应答', 'Activation result'), keyExchange: w('密钥交换', 'Key exchange'), queryParams: w('参数查询', 'Parameter query'),
  params: w('参数', 'Parameters'), control: w('终端控制', 'Terminal control'), encrypted: w('加密数据', 'Encrypted data'), raw: w('自定义数据', 'Custom data'),
  vehicle: w('整车数据', 'Vehicle data'), motors: w('驱动电机数据', 'Drive motor data'), fuelCell: w('燃料电池数据', 'Fuel cell data'),
  fuelCellSystem: w('燃料电池发动机数据', 'Fuel cell system data'), fuelCellStacks: w('燃料电池电堆数据', 'Fuel cell stack data'),
  engine: w('发动机数据', 'Engine data'), position: w('车辆位置数据', 'Position data'), extremes: w('极值数据', 'Extreme values'),
  alarm: w('报警数据', 'Alarm data'), cellVoltages: w('可充电储能装置电压数据', 'RESS voltage data'),
  probeTemperatures: w('可充电储能装置温度数据', 'RESS temperature data'), supercapacitor: w('超级电容器数据', 'Supercapacitor data'),
  supercapacitorExtremes: w('超级电容器极值数据', 'Supercapacitor extremes'), custom: w('自定义数据', 'Custom data'), unknown: w('未知信息类型', 'Unknown information type'),
};
