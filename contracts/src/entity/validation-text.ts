/**
 * Validation messages as codes with parameters, written out per language: the contracts' field
 * schemas speak through them, so the gateway answers in the request's language and the console
 * shows its own (Chinese by default, as BladeX answers).
 */
export type Language = 'zh' | 'en';
export const LANGUAGES: readonly Language[] = ['zh', 'en'];

export interface ValidationParams {
  /** The field's label in the message's language. */
  label: string;
  /** A length or value bound. */
  limit?: number;
  /** The values allowed, as the message lists them. */
  values?: string;
  /** A valid value, shown with a format's message. */
  example?: string;
}

const zh = {
  required: ({ label }: ValidationParams) => `请输入${label}`,
  notText: ({ label }: ValidationParams) => `${label}必须是文本`,
  tooLong: ({ label, limit }: ValidationParams) => `${label}不能超过${limit}个字符`,
  tooShort: ({ label, limit }: ValidationParams) => `${label}不能少于${limit}个字符`,
  pattern: ({ label, example }: ValidationParams) => `${label}格式不正确${example ? `, 如${example}` : ''}`,
  notInteger: ({ label }: ValidationParams) => `${label}必须是整数`,
  notNumber: ({ label }: ValidationParams) => `${label}必须是数字`,
  tooSmall: ({ label, limit }: ValidationParams) => `${label}不能小于${limit}`,
  tooLarge: ({ label, limit }: ValidationParams) => `${label}不能大于${limit}`,
  notFlag: ({ label }: ValidationParams) => `${label}只能是0或1`,
  oneOf: ({ label, values }: ValidationParams) => `${label}只能是 ${values}`,
  notDateTimeText: ({ label }: ValidationParams) => `${label}必须是时间文本`,
  dateTimeFormat: ({ label }: ValidationParams) => `${label}的格式应为 yyyy-MM-dd HH:mm:ss`,
  notDateText: ({ label }: ValidationParams) => `${label}必须是日期文本`,
  dateFormat: ({ label }: ValidationParams) => `${label}的格式应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss`,
  notId: ({ label }: ValidationParams) => `${label}必须是ID`,
  badId: ({ label }: ValidationParams) => `${label}不是有效的ID`,
  notIdList: ({ label }: ValidationParams) => `${label}必须是ID列表`,
  badIdInList: ({ label }: ValidationParams) => `${label}含有无效的ID`,
  tooBig: ({ label }: ValidationParams) => `${label}过大`,
  notObject: () => '请求体必须是JSON对象',
  // Bespoke calls: their bodies, query parameters and time ranges.
  mediaType: () => '不支持当前媒体类型: 请使用 application/json',
  bodyEmpty: () => '消息不能读取: 请求体为空',
  bodyNotJson: () => '消息不能读取: 请求体不是有效的JSON',
  bodyTooDeep: ({ limit }: ValidationParams) => `消息不能读取: 请求体的JSON嵌套超过${limit}层`,
  nulInParams: () => '参数不能包含空字符 (\\u0000)',
  nulInBody: () => '请求体不能包含空字符 (\\u0000)',
  missingParam: ({ label }: ValidationParams) => `缺少必要的请求参数: ${label}`,
  positiveInt: ({ label }: ValidationParams) => `${label} 必须是正整数`,
  atMost: ({ label, limit }: ValidationParams) => `${label} 不能大于 ${limit}`,
  choose: ({ label }: ValidationParams) => `请选择${label}`,
  chooseRows: () => '请选择至少一条数据',
  tooManyRows: ({ limit }: ValidationParams) => `一次最多${limit}条`,
  notList: ({ label }: ValidationParams) => `${label}必须是列表`,
  idsTooMany: ({ label, limit }: ValidationParams) => `${label} 必须是${limit}个以内的ID`,
  commaIds: ({ label }: ValidationParams) => `${label}必须是逗号分隔的ID列表`,
  md5: ({ label }: ValidationParams) => `${label}须以md5摘要提交`,
  enterFirst: ({ label }: ValidationParams) => `请先输入${label}`,
  vinFormat: ({ label }: ValidationParams) => `${label}应为17位以内的字母数字`,
  digits: ({ label, values }: ValidationParams) => `${label}应为${values}位数字`,
  regionCodeList: ({ label }: ValidationParams) => `${label} 必须是逗号分隔的区划编号`,
  timeSlot: () => '时间段应为开始和结束时间(毫秒时间戳), 以逗号分隔',
  timeFormat: ({ label }: ValidationParams) => `${label}的格式应为 yyyy-MM-dd HH:mm:ss 或毫秒时间戳`,
  endBeforeStart: () => '结束时间须晚于开始时间',
  rangeDays: ({ limit }: ValidationParams) => `时间范围不能超过${limit}天`,
  rangeHours: ({ limit }: ValidationParams) => `时间范围不能超过${limit}小时`,
  // Ids and times on the wire (wire/ids.ts, wire/time.ts) and terminal commands (diagnosis/instruction.ts).
  invalidId: () => '无效的ID',
  dateTime: () => '时间格式应为 yyyy-MM-dd HH:mm:ss',
  invalidParentId: () => '无效的上级ID',
  unknownParamId: ({ label }: ValidationParams) => `${label}: 未知的参数ID`,
  oneParamToQuery: () => '请至少选择一个参数',
  oneParamToSet: () => '请至少设置一个参数',
  paramValue: ({ limit }: ValidationParams) => `参数值应为0到${limit}的整数或文本`,
  unknownControl: () => '未知的控制指令',
  vehicleIdDigits: () => '车辆ID应为数字',
  vinLength: () => 'VIN应为17位',
  oneVehicle: () => '请至少选择一辆车',
  vehiclesAtMost: ({ limit }: ValidationParams) => `一次最多${limit}辆车`,
  // The list-query grammar (wire/list-query.ts); the label is the query key.
  badSortField: ({ label, values }: ValidationParams) => `${label} 含有非法的排序字段: ${values}`,
  badQueryField: ({ label }: ValidationParams) => `非法的查询字段: ${label}`,
  filterTime: ({ label }: ValidationParams) => `${label} 的时间格式应为 yyyy-MM-dd HH:mm:ss`,
  filterTooLong: ({ label }: ValidationParams) => `${label} 的值过长`,
  // The object storage, SMS and map look-up calls (api/oss.route.ts, sms.route.ts, map-geo.route.ts).
  fileNameFormat: () => '文件名应为 <名称>.<扩展名> 或其链接',
  tooManyPhones: ({ limit }: ValidationParams) => `一次最多发送 ${limit} 个手机号`,
  phoneFormat: ({ values }: ValidationParams) => `手机号格式不正确: ${values}`,
  templateParamsNotObject: () => '模板参数必须是JSON对象',
  templateParamsNotJson: () => '模板参数不是有效的JSON',
  templateParams: () => '模板参数必须是JSON对象, 值为文本或数字',
  templateParamValue: ({ limit }: ValidationParams) => `模板参数的值必须是不超过${limit}字的文本、数字或布尔值`,
  lngLat: ({ label }: ValidationParams) => `${label} 应为 经度,纬度 (如 114.0579,22.5431)`,
  coordinateRange: ({ label, limit }: ValidationParams) => `${label}应在 -${limit} 到 ${limit} 之间`,
};

export type ValidationCode = keyof typeof zh;

const en: Record<ValidationCode, (p: ValidationParams) => string> = {
  required: ({ label }) => `Please enter ${label}`,
  notText: ({ label }) => `${label} must be text`,
  tooLong: ({ label, limit }) => `${label} must not be longer than ${limit} characters`,
  tooShort: ({ label, limit }) => `${label} must be at least ${limit} characters long`,
  pattern: ({ label, example }) => `${label} is not in the expected format${example ? ` (e.g. ${example})` : ''}`,
  notInteger: ({ label }) => `${label} must be a whole number`,
  notNumber: ({ label }) => `${label} must be a number`,
  tooSmall: ({ label, limit }) => `${label} must not be less than ${limit}`,
  tooLarge: ({ label, limit }) => `${label} must not be greater than ${limit}`,
  notFlag: ({ label }) => `${label} must be 0 or 1`,
  oneOf: ({ label, values }) => `${label} must be one of ${values}`,
  notDateTimeText: ({ label }) => `${label} must be a date and time`,
  dateTimeFormat: ({ label }) => `${label} must look like yyyy-MM-dd HH:mm:ss`,
  notDateText: ({ label }) => `${label} must be a date`,
  dateFormat: ({ label }) => `${label} must look like yyyy-MM-dd or yyyy-MM-dd HH:mm:ss`,
  notId: ({ label }) => `${label} must be an id`,
  badId: ({ label }) => `${label} is not a valid id`,
  notIdList: ({ label }) => `${label} must be a list of ids`,
  badIdInList: ({ label }) => `${label} holds an invalid id`,
  tooBig: ({ label }) => `${label} is too large`,
  notObject: () => 'The request body must be a JSON object',
  mediaType: () => 'Unsupported media type: send application/json',
  bodyEmpty: () => 'Unreadable message: the request body is empty',
  bodyNotJson: () => 'Unreadable message: the request body is not valid JSON',
  bodyTooDeep: ({ limit }) => `Unreadable message: the request body's JSON nests deeper than ${limit} levels`,
  nulInParams: () => 'Parameters must not hold a NUL character (\\u0000)',
  nulInBody: () => 'The request body must not hold a NUL character (\\u0000)',
  missingParam: ({ label }) => `Missing the required parameter: ${label}`,
  positiveInt: ({ label }) => `${label} must be a positive whole number`,
  atMost: ({ label, limit }) => `${label} must not be greater than ${limit}`,
  choose: ({ label }) => `Please choose ${label}`,
  chooseRows: () => 'Choose at least one row',
  tooManyRows: ({ limit }) => `At most ${limit} rows at a time`,
  notList: ({ label }) => `${label} must be a list`,
  idsTooMany: ({ label, limit }) => `${label} must be at most ${limit} ids`,
  commaIds: ({ label }) => `${label} must be a comma-separated list of ids`,
  md5: ({ label }) => `Send ${label} as its md5 digest`,
  enterFirst: ({ label }) => `Please enter ${label} first`,
  vinFormat: ({ label }) => `${label} must be up to 17 letters and digits`,
  digits: ({ label, values }) => `${label} must be ${values} digits`,
  regionCodeList: ({ label }) => `${label} must be a comma-separated list of region codes`,
  timeSlot: () => 'The time slot must be a start and an end time (epoch milliseconds), separated by a comma',
  timeFormat: ({ label }) => `${label} must look like yyyy-MM-dd HH:mm:ss or be epoch milliseconds`,
  endBeforeStart: () => 'The end time must be later than the start time',
  rangeDays: ({ limit }) => `The time range must not exceed ${limit} days`,
  rangeHours: ({ limit }) => `The time range must not exceed ${limit} hours`,
  invalidId: () => 'Invalid id',
  dateTime: () => 'A time must look like yyyy-MM-dd HH:mm:ss',
  invalidParentId: () => 'Invalid parent id',
  unknownParamId: ({ label }) => `${label}: unknown parameter id`,
  oneParamToQuery: () => 'Choose at least one parameter',
  oneParamToSet: () => 'Set at least one parameter',
  paramValue: ({ limit }) => `A parameter value must be a whole number from 0 to ${limit} or text`,
  unknownControl: () => 'Unknown control command',
  vehicleIdDigits: () => 'The vehicle id must be digits',
  vinLength: () => 'A VIN must be 17 characters',
  oneVehicle: () => 'Choose at least one vehicle',
  vehiclesAtMost: ({ limit }) => `At most ${limit} vehicles at a time`,
  badSortField: ({ label, values }) => `${label} holds an invalid sort field: ${values}`,
  badQueryField: ({ label }) => `Invalid query field: ${label}`,
  filterTime: ({ label }) => `${label} must look like yyyy-MM-dd HH:mm:ss`,
  filterTooLong: ({ label }) => `The value of ${label} is too long`,
  fileNameFormat: () => 'The file name must be <name>.<extension> or its link',
  tooManyPhones: ({ limit }) => `At most ${limit} phone numbers at a time`,
  phoneFormat: ({ values }) => `Malformed phone number: ${values}`,
  templateParamsNotObject: () => 'The template parameters must be a JSON object',
  templateParamsNotJson: () => 'The template parameters are not valid JSON',
  templateParams: () => 'The template parameters must be a JSON object of texts or numbers',
  templateParamValue: ({ limit }) => `A template parameter must be text of up to ${limit} characters, a number or a boolean`,
  lngLat: ({ label }) => `${label} must be longitude,latitude (like 114.0579,22.5431)`,
  coordinateRange: ({ label, limit }) => `${label} must be between -${limit} and ${limit}`,
};

const TEXTS: Record<Language, Record<ValidationCode, (p: ValidationParams) => string>> = { zh, en };

/** The message of a validation code in a language. */
export function validationText(code: ValidationCode, params: ValidationParams, language: Language = 'zh'): string {
  return TEXTS[language][code](params);
}

let languageNow: () => Language = () => 'zh';

/**
 * Where schemas built once (ids, command bodies) read the language of the input being checked:
 * the gateway hands its request's language here; elsewhere (the console, scripts) it is Chinese.
 */
export function takeLanguageFrom(source: () => Language): void {
  languageNow = source;
}

/** A validation message in the language of this moment (see takeLanguageFrom). */
export function wordedNow(code: ValidationCode, label: Record<Language, string> = { zh: '', en: '' }, limit?: number, values?: string): string {
  const language = languageNow();
  return validationText(code, { label: label[language], limit, values }, language);
}

/**
 * A zod `error` that words a validation code when the input is checked, in the language of
 * that moment: `z.string().max(255, { error: spoken('tooLong', { zh: '备注', en: 'The remark' }, 255) })`.
 */
export function spoken(code: ValidationCode, label?: Record<Language, string>, limit?: number, values?: string): () => string {
  return () => wordedNow(code, label, limit, values);
}

/**
 * The language of an HTTP Accept-Language header: the first of zh and en by the client's
 * preference (q values), Chinese when it names neither or is absent.
 */
export function languageOf(acceptLanguage: string | null | undefined): Language {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...rest] = part.trim().toLowerCase().split(';');
      const q = Number(rest.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { base: tag.split('-')[0], q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((r) => r.q > 0 && (r.base === 'zh' || r.base === 'en'))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return (ranked[0]?.base as Language | undefined) ?? 'zh';
}
