import type { FieldDef } from '../../entity/fields.ts';

/**
 * Formats of real-world identifiers shared by the business entities. Each comes with the
 * message the form shows and an example ending in digits, so generated samples of unique
 * fields can vary it (see entity/samples.ts).
 */
type Pattern = Pick<FieldDef, 'pattern' | 'example'>;

/** GB 16735 VIN: 17 characters, letters I, O and Q never used (confused with 1 and 0). */
export const VIN: Pattern = {
  pattern: { regex: /^[A-HJ-NPR-Z0-9]{17}$/, message: '车架号为17位字母数字(不含I/O/Q)' },
  example: 'LSVAU2180N2183294',
};

/** 15-digit IMEI of a telematics box. */
export const IMEI: Pattern = {
  pattern: { regex: /^\d{15}$/, message: '终端IMEI为15位数字' },
  example: '861234567890123',
};

/**
 * ICCID of the SIM: 19–20 characters; China Mobile numbers carry letters in the issuer part.
 * The example has one, which keeps its trailing digit run short enough for samples.ts to vary
 * exactly (it adds to the run as a JavaScript number).
 */
export const ICCID: Pattern = {
  pattern: { regex: /^[0-9A-Z]{19,20}$/, message: 'ICCID为19-20位数字或大写字母' },
  example: '898602B1191750012345',
};

/** SIM card number (MSISDN; 13-digit IoT numbers included), the JT/T 808 terminal phone. */
export const SIM_NO: Pattern = {
  pattern: { regex: /^\d{11,13}$/, message: 'SIM卡号为11-13位数字' },
  example: '14812345678',
};

/**
 * Chinese plate: province, issuing-office letter, then 5 characters (6 for new-energy plates);
 * trailers end in 挂. The middle dot after the office letter (粤B·D12345) is how plates are
 * printed and commonly typed, so it is accepted as well.
 */
export const PLATE: Pattern = {
  pattern: {
    regex: /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领][A-HJ-NP-Z]·?[A-HJ-NP-Z0-9]{4,5}[A-HJ-NP-Z0-9挂学警港澳]$/,
    message: '请输入正确的车牌号, 如粤B12345或粤B·D12345',
  },
  example: '粤B12345',
};

/** A mobile number or a landline with area code. */
export const PHONE: Pattern = {
  pattern: { regex: /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/, message: '请输入正确的电话号码' },
  example: '13800138000',
};

/** 18-character resident identity card number (last character may be X). */
export const ID_CARD: Pattern = {
  pattern: { regex: /^[1-9]\d{16}[\dX]$/, message: '身份证号为18位(末位可为X)' },
  example: '440301199001011234',
};

/** GB 32100 unified social credit code of an enterprise. */
export const CREDIT_CODE: Pattern = {
  pattern: { regex: /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/, message: '统一社会信用代码为18位' },
  example: '91440300MA5F000012',
};

/** A time of day `HH:mm` (tariff periods, report send time). */
export const TIME_OF_DAY: Pattern = {
  pattern: { regex: /^([01]\d|2[0-3]):[0-5]\d$/, message: '时间格式应为HH:mm' },
  example: '08:00',
};

/** Bluetooth MAC address. */
export const MAC: Pattern = {
  pattern: { regex: /^([0-9A-F]{2}:){5}[0-9A-F]{2}$/, message: 'MAC地址格式应为AA:BB:CC:DD:EE:FF' },
  example: 'A4:C1:38:00:00:01',
};

/** CAN identifier in hex (11-bit standard or 29-bit extended), e.g. the UDS request id 7E0. */
export const CAN_ID: Pattern = {
  pattern: { regex: /^(0x)?[0-9A-Fa-f]{3,8}$/, message: 'CAN ID为3-8位十六进制' },
  example: '7E0',
};

/** Comma-separated e-mail addresses. */
export const EMAILS: Pattern = {
  pattern: {
    regex: /^[^\s@,]+@[^\s@,]+\.[^\s@,]+(,[^\s@,]+@[^\s@,]+\.[^\s@,]+)*$/,
    message: '请输入正确的邮箱地址, 多个以英文逗号分隔',
  },
  example: 'ops@example.com',
};

/** Longitude/latitude as decimals with 6 places (about 0.1 m), GCJ-02 as the console's map. */
export const LNG = { scale: 6, min: -180, max: 180, list: false } as const;
export const LAT = { scale: 6, min: -90, max: 90, list: false } as const;

/**
 * Host of a superior platform: a host name (RFC 1123 labels) or an IPv4 or IPv6 address; no
 * scheme, port, path, spaces or control characters.
 */
export const PLATFORM_HOST: Pattern = {
  pattern: {
    regex: /^(?:(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[?[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*\]?)$/,
    message: '平台地址应为主机名或IP地址(不含协议、端口和路径)',
  },
  example: 'gb32960.example.cn',
};

/** A STRING field of the GB/T 32960 platform login: printable ASCII only (a CR or LF would start another line). */
export const loginAscii = (zh: string, example: string): Pattern => ({
  pattern: { regex: /^[\x20-\x7E]*$/, message: `${zh}只能包含ASCII可打印字符` },
  example,
});
