import { ALARM_RULES } from '../alarm-rules/registry.ts';

type Dictionary = [code: string, name: string, items: [key: string, value: string][]];

const numbered = (...values: string[]): [string, string][] => values.map((v, i) => [String(i + 1), v]);

/**
 * Alarm types, one per alarm rule (alarm-rules/registry.ts), under the codes the alarm engine
 * stores in vehicleAlarmData.alarmType: `gb:<flag key>` for the GB/T 32960 general alarm flags,
 * `platform:<rule>` for the alarms the platform raises itself.
 */
const ALARM_TYPES: [string, string][] = ALARM_RULES.map((r): [string, string] => [r.type, r.name.zh]);

/**
 * Dictionaries of the business entities: code, name, [key, value] items in display order.
 * Seeded like the base dictionaries; codes never reuse a system dictionary's code.
 */
export const BUSINESS_DICTIONARIES: Dictionary[] = [
  // Vehicles and their parts
  ['vehicle_status', '车辆状态', numbered('库存', '已销售', '运营中', '停运', '维修中', '报废')],
  ['energy_type', '能源类型', numbered('纯电动', '插电式混合动力', '增程式', '燃料电池', '传统燃油', '天然气')],
  ['vehicle_purpose', '车辆用途', numbered('物流配送', '公交客运', '出租网约', '环卫', '工程作业', '租赁', '私人', '储能', '其他')],
  ['vehicle_type', '车辆类型', numbered('乘用车', '客车', '轻型货车', '中型货车', '重型货车', '牵引车', '专用车')],
  ['trailer_type', '挂车类型', numbered('厢式', '平板', '罐式', '冷藏', '集装箱骨架', '其他')],
  ['motor_type', '电机类型', numbered('永磁同步', '交流异步', '开关磁阻', '直流')],
  /** GB/T 32960.3 Annex A.5 battery type codes, kept as the standard writes them. */
  ['battery_chemistry', '电池类型', [
    ['01', '磷酸铁锂'], ['02', '锰酸锂'], ['03', '钴酸锂'], ['04', '三元材料'], ['05', '聚合物锂离子'],
    ['06', '超级电容'], ['07', '钛酸锂'], ['08', '钠离子'], ['09', '固态电池'], ['FC', '燃料电池'], ['FF', '其他'],
  ]],
  ['battery_status', '电池状态', numbered('在用', '库存', '维修中', '梯次利用', '报废')],
  ['customer_type', '客户类型', numbered('个人', '企业')],
  ['distributor_level', '经销商级别', numbered('一级经销商', '二级经销商', '服务商')],
  ['vehicle_remark_type', '备注类型', numbered('日常备注', '故障备注', '客户反馈')],
  // Terminals
  ['terminal_protocol', '终端协议', numbered('GB/T 32960-2016', 'GB/T 32960-2025', 'JT/T 808-2013', 'JT/T 808-2019')],
  ['terminal_status', '终端状态', numbered('库存', '已安装', '维修中', '报废')],
  ['terminal_category', '终端类别', numbered('车载T-BOX', '北斗定位终端', '视频终端', '蓝牙终端', '智能座舱终端')],
  ['terminal_change_type', '终端变更类型', numbered('安装', '更换', '拆除')],
  // Charging
  ['station_type', '充电站类型', numbered('公共', '专用', '自用')],
  ['pile_type', '充电桩类型', numbered('直流快充', '交流慢充', '交直流一体')],
  ['pile_status', '充电桩状态', numbered('空闲', '充电中', '故障', '离线')],
  ['charge_period', '电价时段', numbered('尖峰', '高峰', '平段', '低谷')],
  ['service_station_type', '服务站类型', numbered('4S店', '一类维修厂', '二类维修厂', '快修站')],
  // Alarms, faults, fences, instructions
  ['alarm_type', '报警类型', ALARM_TYPES],
  /** GB/T 32960 alarm levels 1–3 (2016) and 4 (2025 thermal event); 0 (no fault) is never configured. */
  ['alarm_level', '报警等级', numbered('一级报警', '二级报警', '三级报警', '四级报警(热事件)')],
  ['handle_team_type', '处理组类型', numbered('报警处理组', 'CAN故障处理组')],
  ['ecu_protocol', 'ECU诊断协议', numbered('SAE J1939', 'UDS (ISO 14229)', 'J1939与UDS')],
  ['fence_type', '围栏类型', numbered('圆形', '多边形')],
  ['fence_alarm_on', '围栏报警方式', numbered('进入报警', '离开报警', '进出均报警')],
  /** GB/T 32960 downlink commands 0x80 / 0x81 / 0x82. */
  ['instruct_type', '指令类型', numbered('参数查询', '参数设置', '终端控制', '远程诊断')],
  /** Outcome of an instruction; keys are InstructStatus in contracts/src/diagnosis/instruction.ts. */
  ['instruct_status', '指令状态', numbered('待下发', '已下发', '执行成功', '执行失败', '超时', '终端离线')],
  // Forwarding and reports
  ['platform_type', '平台类型', numbered('国家平台', '地方平台', '企业平台', '第三方平台')],
  /** GB/T 32960 encryption byte 0x01–0x05 (SM2/SM4 are 2025 only). */
  ['forward_encryption', '数据加密方式', numbered('不加密', 'RSA', 'AES128', 'SM2', 'SM4')],
  // Notifications of alarms beyond the console
  ['notify_channel_type', '通知渠道类型', [['email', '电子邮件'], ['sms', '短信'], ['dingtalk', '钉钉机器人'], ['wecom', '企业微信机器人'], ['feishu', '飞书机器人'], ['webhook', 'Webhook']]],
  ['notify_sms_provider', '短信服务商', [['aliyun', '阿里云短信'], ['tencent', '腾讯云短信']]],
  ['notify_language', '消息语言', [['zh', '中文'], ['en', 'English']]],
  ['notify_channel_status', '渠道状态', [['0', '停用'], ['1', '启用']]],
  ['notify_status', '通知状态', [['0', '待发送'], ['1', '已发送'], ['2', '发送失败']]],
  ['forward_status', '转发状态', [['0', '已停止'], ['1', '转发中']]],
  /** Keys are LinkState in gateway/src/forward/link-state.ts. */
  ['forward_link_state', '链路状态', [['0', '未连接'], ['1', '连接中'], ['2', '已登录'], ['3', '登录被拒'], ['4', '补发中'], ['5', '不可达']]],
  ['report_type', '报表类型', numbered('报警日报', '故障日报', '里程统计', '能耗统计', '在线统计', '离线统计')],
  ['send_cycle', '发送周期', numbered('每日', '每周', '每月')],
  // Fleet team
  ['dispatch_status', '派车状态', numbered('草稿', '已提交', '已派车', '已撤销', '已关闭')],
  ['bill_type', '账单类型', numbered('燃油费', '充电费', '路桥费', '停车费', '维修费', '保养费', '罚款', '其他')],
  ['bill_status', '账单状态', numbered('待审核', '审核通过', '审核驳回')],
  ['driver_status', '司机状态', numbered('在职', '休假', '离职')],
  /** Driving licence classes as printed on the licence. */
  ['license_type', '准驾车型', [
    ['A1', 'A1 大型客车'], ['A2', 'A2 重型牵引挂车'], ['A3', 'A3 城市公交车'], ['B1', 'B1 中型客车'],
    ['B2', 'B2 大型货车'], ['C1', 'C1 小型汽车'], ['C2', 'C2 小型自动挡汽车'],
  ]],
  ['maintain_type', '保养类型', numbered('首保', '定期保养', '专项保养')],
  ['repair_type', '维修类型', numbered('故障维修', '事故维修', '召回维修')],
  ['repair_status', '维修状态', numbered('待维修', '维修中', '已完成')],
  ['team_vehicle_usage', '车辆用途(车队)', numbered('干线运输', '城市配送', '短驳', '通勤', '备用')],
  ['team_vehicle_status', '车队车辆状态', numbered('空闲', '任务中', '维修中', '停用')],
  ['account_type', '账户类型', numbered('油卡', 'ETC卡', '充电卡', '银行账户')],
  // Logistics and inventory
  ['insurance_type', '保险类型', numbered('货物运输险', '承运人责任险', '交强险', '商业险')],
  ['transfer_status', '转运状态', numbered('待发运', '运输中', '已到达', '已签收', '异常')],
  ['storage_type', '仓库类型', numbered('整车仓库', '中转库', '配件仓库')],
  ['storage_record_type', '出入库类型', numbered('入库', '出库')],
  ['pm_status', '车辆库存状态', numbered('在库', '在途', '已销售', '已交付', '已退回')],
  ['operate_type', '作业类型', numbered('入库', '出库', '移库', '发运', '销售', '退回', '到达', '交付')],
];
