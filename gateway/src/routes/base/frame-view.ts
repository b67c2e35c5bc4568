import {
  activeAlarms, decodeFrame, formatGbTime, gearLabel, infoTypeOf, type Edition, type FrameHeader, type RealtimeItem,
} from '@wdiov/contracts/protocol/index';

/**
 * A stored raw frame decoded field by field with the contracts codec, for the message-parsing
 * screens: the header with its raw bytes, every info item of a realtime report (or the body of
 * any other command) as `{key, name, value}` rows. Sentinels stay as the codec reads them:
 * 'abnormal' (异常) and 'invalid' (无效).
 */

export const COMMAND_NAMES: Record<number, string> = {
  0x01: '车辆登入', 0x02: '实时信息上报', 0x03: '补发信息上报', 0x04: '车辆登出', 0x05: '平台登入', 0x06: '平台登出',
  0x07: '心跳', 0x08: '终端校时', 0x09: '车载终端激活', 0x0a: '激活应答', 0x0b: '密钥交换',
  0x80: '查询命令', 0x81: '设置命令', 0x82: '车载终端控制命令',
};
/** The same commands in English, for a console in English (the detail below is worded in Chinese). */
export const COMMAND_NAMES_EN: Record<number, string> = {
  0x01: 'Vehicle login', 0x02: 'Realtime report', 0x03: 'Reissued report', 0x04: 'Vehicle logout', 0x05: 'Platform login', 0x06: 'Platform logout',
  0x07: 'Heartbeat', 0x08: 'Terminal time sync', 0x09: 'Terminal activation', 0x0a: 'Activation answer', 0x0b: 'Key exchange',
  0x80: 'Query command', 0x81: 'Set command', 0x82: 'Terminal control command',
};
const RESPONSE_NAMES: Record<number, string> = {
  0x01: '成功', 0x02: '错误', 0x03: 'VIN重复', 0x04: 'VIN未找到', 0x05: '签名验证失败', 0x06: '数据结构错误', 0x07: '解密失败', 0xfe: '命令',
};
const ENCRYPTION_NAMES: Record<number, string> = { 0x01: '不加密', 0x02: 'RSA', 0x03: 'AES128', 0x04: 'SM2', 0x05: 'SM4', 0xfe: '异常', 0xff: '无效' };
const ITEM_NAMES: Record<string, string> = {
  vehicle: '整车数据', motors: '驱动电机数据', fuelCell: '燃料电池数据', fuelCellSystem: '燃料电池系统数据', fuelCellStacks: '燃料电池电堆数据',
  engine: '发动机数据', position: '车辆位置数据', extremes: '极值数据', alarm: '报警数据', cellVoltages: '可充电储能装置电压数据',
  probeTemperatures: '可充电储能装置温度数据', supercapacitor: '超级电容器数据', supercapacitorExtremes: '超级电容器极值数据',
  custom: '自定义数据', unknown: '未知数据',
};
const FIELD_NAMES: Record<string, string> = {
  vehicleState: '车辆状态', chargeState: '充电状态', runMode: '运行模式', speedKmh: '车速(km/h)', mileageKm: '累计里程(km)',
  totalVoltageV: '总电压(V)', totalCurrentA: '总电流(A)', socPercent: 'SOC(%)', dcdcState: 'DC-DC状态', gear: '档位',
  insulationKohm: '绝缘电阻(kΩ)', acceleratorPercent: '加速踏板行程值(%)', brakePercent: '制动踏板状态(%)',
  fixValid: '定位有效', south: '南纬', west: '西经', longitudeDeg: '经度', latitudeDeg: '纬度', coordinateSystem: '坐标系',
  maxVoltageSubsystem: '最高电压电池子系统号', maxVoltageCell: '最高电压电池单体代号', maxCellVoltageV: '电池单体电压最高值(V)',
  minVoltageSubsystem: '最低电压电池子系统号', minVoltageCell: '最低电压电池单体代号', minCellVoltageV: '电池单体电压最低值(V)',
  maxTempSubsystem: '最高温度子系统号', maxTempProbe: '最高温度探针序号', maxTempC: '最高温度值(℃)',
  minTempSubsystem: '最低温度子系统号', minTempProbe: '最低温度探针序号', minTempC: '最低温度值(℃)',
  maxLevel: '最高报警等级', flags: '通用报警标志', activeAlarms: '报警项', ressFaultCodes: '可充电储能装置故障代码',
  motorFaultCodes: '驱动电机故障代码', engineFaultCodes: '发动机故障代码', otherFaultCodes: '其他故障代码',
  seq: '序号', state: '状态', controllerTempC: '控制器温度(℃)', speedRpm: '转速(r/min)', torqueNm: '转矩(N·m)', temperatureC: '温度(℃)',
  controllerVoltageV: '控制器输入电压(V)', controllerCurrentA: '控制器直流母线电流(A)', crankshaftRpm: '曲轴转速(r/min)',
  packNo: '子系统号', voltageV: '电压(V)', currentA: '电流(A)', totalCells: '单体总数', startCell: '起始单体序号',
  cellVoltagesV: '单体电压(V)', temperaturesC: '探针温度(℃)', time: '数据采集时间', iccid: 'ICCID', ressCount: '子系统数',
  ressCodeLength: '系统编码长度', ressCodes: '系统编码', data: '数据', type: '信息类型',
};

export interface FieldRow { key: string; name: string; value: unknown }

const hexOf = (b: Uint8Array) => Buffer.from(b).toString('hex').toUpperCase();
const isGbTime = (v: object) => ['year', 'month', 'day', 'hour', 'minute', 'second'].every((k) => k in v) && Object.keys(v).length === 6;
const lastKey = (path: string) => path.replace(/\[\d+\]$/, '').split('.').pop() ?? path;

/** Walks a decoded value into rows; nested objects and arrays of objects get dotted / indexed keys. */
function flatten(value: unknown, path: string, out: FieldRow[]): void {
  const row = (v: unknown): void => void out.push({ key: path, name: FIELD_NAMES[lastKey(path)] ?? lastKey(path), value: v });
  if (value instanceof Uint8Array) return row(hexOf(value));
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) {
      return row(/FaultCodes$/.test(path) ? value.map((n) => Number(n).toString(16).toUpperCase().padStart(8, '0')) : value);
    }
    value.forEach((v, i) => flatten(v, `${path}[${i}]`, out));
    return;
  }
  if (value !== null && typeof value === 'object') {
    if (isGbTime(value)) return row(formatGbTime(value as Parameters<typeof formatGbTime>[0]));
    for (const [k, v] of Object.entries(value)) if (k !== 'kind') flatten(v, path ? `${path}.${k}` : k, out);
    return;
  }
  row(value);
}

function itemView(item: RealtimeItem, edition: Edition) {
  const fields: FieldRow[] = [];
  flatten(item, '', fields);
  if (item.kind === 'vehicle') fields.push({ key: 'gearLabel', name: '档位显示', value: gearLabel(item.gear.position) });
  if (item.kind === 'alarm') {
    const flagRow = fields.find((f) => f.key === 'flags');
    if (flagRow) flagRow.value = `0x${item.flags.toString(16).toUpperCase().padStart(8, '0')}`;
    fields.push({ key: 'activeAlarms', name: FIELD_NAMES.activeAlarms!, value: activeAlarms(item, edition).map((a) => a.zh) });
  }
  let type: number | null;
  try {
    type = infoTypeOf(item, edition);
  } catch {
    type = null;
  }
  return { type, typeHex: type === null ? '' : `0x${type.toString(16).toUpperCase().padStart(2, '0')}`, kind: item.kind, name: ITEM_NAMES[item.kind] ?? item.kind, fields };
}

function headerView(bytes: Uint8Array, h: FrameHeader | undefined) {
  const byte = (i: number) => (i < bytes.length ? bytes[i]! : 0);
  const raw = (from: number, to: number) => hexOf(bytes.subarray(from, Math.min(to, bytes.length)));
  if (!h) return [{ key: 'start', name: '起始符', raw: raw(0, 2), value: '' }];
  const named = (names: Record<number, string>, v: number) => `0x${v.toString(16).toUpperCase().padStart(2, '0')} ${names[v] ?? '未定义'}`;
  return [
    { key: 'start', name: '起始符', raw: raw(0, 2), value: h.edition === '2016' ? '## (GB/T 32960-2016)' : '$$ (GB/T 32960-2025)' },
    { key: 'command', name: '命令标识', raw: raw(2, 3), value: named(COMMAND_NAMES, h.command) },
    { key: 'responseFlag', name: '应答标志', raw: raw(3, 4), value: named(RESPONSE_NAMES, h.responseFlag) },
    { key: 'vin', name: '唯一识别码', raw: raw(4, 21), value: h.vin },
    { key: 'encryption', name: '数据单元加密方式', raw: raw(21, 22), value: named(ENCRYPTION_NAMES, h.encryption) },
    { key: 'length', name: '数据单元长度', raw: raw(22, 24), value: (byte(22) << 8) | byte(23) },
    { key: 'bcc', name: '校验码', raw: raw(bytes.length - 1, bytes.length), value: `0x${byte(bytes.length - 1).toString(16).toUpperCase().padStart(2, '0')}` },
  ];
}

export function describeFrame(hex: string) {
  const bytes = new Uint8Array(Buffer.from(hex, 'hex'));
  const result = decodeFrame(bytes);
  if (!result.ok) {
    return { ok: false, error: `${result.error}: ${result.reason}`, edition: result.header?.edition ?? '', header: headerView(bytes, result.header), dataTime: '', items: [] };
  }
  const { frame } = result;
  const body = frame.body;
  const dataTime = 'time' in body && body.time ? formatGbTime(body.time) : '';
  let items: { type: number | null; typeHex: string; kind: string; name: string; fields: FieldRow[] }[];
  if (body.kind === 'realtime') {
    items = body.items.map((item) => itemView(item, frame.edition));
    if (body.signature) {
      const fields: FieldRow[] = [];
      flatten(body.signature, '', fields);
      items.push({ type: 0xff, typeHex: '0xFF', kind: 'signature', name: '车辆签名', fields });
    }
  } else {
    const fields: FieldRow[] = [];
    flatten(body, '', fields);
    items = [{ type: null, typeHex: '', kind: body.kind, name: COMMAND_NAMES[frame.command] ?? body.kind, fields }];
  }
  return { ok: true, error: '', edition: frame.edition, header: headerView(bytes, frame), dataTime, items };
}
