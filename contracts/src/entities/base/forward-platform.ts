import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';
import { loginAscii, PLATFORM_HOST } from './patterns.ts';

/**
 * An upstream platform (national, local, enterprise) that vehicle data is forwarded to with
 * GB/T 32960 platform login (0x05). The password is sent to that platform, so it is stored as
 * given but never answered.
 */
export const forwardPlatform = defineEntity({
  ...BASE,
  name: 'forwardPlatform',
  path: 'forwardPlatform',
  table: 'wdiov_forward_platform',
  title: { zh: '转发平台', en: 'Forwarding platform' },
  fields: {
    platformName: f.text('平台名称', 'Platform name', { required: true, max: 64, search: 'like' }),
    platformType: f.dict('平台类型', 'Platform type', 'platform_type', { numeric: true, required: '请选择平台类型', search: 'equal' }),
    /** A host name or an IP address (no scheme, port or path); where a link may go is the gateway's outbound policy. */
    host: f.text('平台地址', 'Host', { required: true, max: 128, ...PLATFORM_HOST }),
    port: f.int('端口', 'Port', { required: true, min: 1, max: 65535 }),
    protocol: f.dict('转发协议', 'Protocol', 'terminal_protocol', { numeric: true, required: '请选择转发协议' }),
    /** The unique-id field of the platform's frames at the superior platform (17 chars, assigned by it). */
    platformCode: f.text('平台唯一编码', 'Platform code', { max: 17, list: false, pattern: { regex: /^[A-Za-z0-9_-]*$/, message: '平台唯一编码应为字母数字' }, example: 'PLATFORM000000001' }),
    /** GB/T 32960 platform login (table 21): user name STRING(12), password STRING(20), ASCII without control characters. */
    username: f.text('登录用户名', 'Login user', { max: 12, list: false, ...loginAscii('登录用户名', 'fwduser01') }),
    password: f.text('登录密码', 'Login password', { max: 20, writeOnly: true, list: false, ...loginAscii('登录密码', 'fwdpass01') }),
    encryption: f.dict('加密方式', 'Encryption', 'forward_encryption', { numeric: true, default: 1, list: false }),
    /**
     * The key of the encryption (table 2): AES128 and SM4, the 16-byte key as 32 hex digits; RSA,
     * the superior platform's public key (PEM); SM2, its public key in hex (04‖x‖y). SM2 and SM4
     * are of the 2025 edition only. Sent nowhere but into the cipher, never answered.
     */
    encryptionKey: f.text('加密密钥', 'Encryption key', { max: 4000, writeOnly: true, list: false, multiline: true }),
    /** Frames per second the superior platform takes from this platform (empty: the gateway's default). */
    frameRate: f.int('发送速率(帧/秒)', 'Frame rate (frames/s)', { min: 1, max: 1_000_000, list: false }),
    /** Switched by forwardPlatform/update (spec §4). */
    forwardStatus: f.dict('转发状态', 'Forwarding', 'forward_status', { numeric: true, default: 0, search: 'equal' }),
    /** The link as the forwarding gateway last saw it (forward_link_state), with its last error. */
    linkState: f.dict('链路状态', 'Link', 'forward_link_state', { numeric: true, default: 0, readOnly: true, form: false, search: 'equal' }),
    linkError: f.text('链路错误', 'Link error', { max: 255, readOnly: true, form: false }),
    /** While the backlog of an outage drains: how far behind (seconds) the frames being sent are. */
    linkBacklog: f.int('积压(秒)', 'Backlog (s)', { default: 0, readOnly: true, form: false }),
    linkTime: f.datetime('状态时间', 'Link since', { readOnly: true, form: false }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});

/** A vehicle whose data goes to a platform. */
export const forwardPlatformVehicle = defineEntity({
  ...BASE,
  name: 'forwardPlatformVehicle',
  path: 'forwardPlatformVehicle',
  table: 'wdiov_forward_platform_vehicle',
  title: { zh: '转发车辆', en: 'Forwarded vehicle' },
  fields: {
    forwardPlatformId: f.ref('转发平台', 'Platform', 'forwardPlatform', 'platformName', { required: '请选择转发平台', search: 'equal' }),
    vehicleId: f.ref('车辆', 'Vehicle', 'vehicle', 'vin', { required: '请选择车辆', search: 'equal' }),
    startDate: f.date('开始转发日期', 'Forward from'),
    remark: f.text('备注', 'Remark', { max: 255, list: false }),
  },
});

/** A vehicle never forwarded, to one platform or (platform left empty) to all. */
export const forwardBlacklist = defineEntity({
  ...BASE,
  name: 'forwardBlacklist',
  path: 'forwardBlacklist',
  table: 'wdiov_forward_blacklist',
  title: { zh: '转发黑名单', en: 'Forwarding blacklist' },
  fields: {
    vehicleId: f.ref('车辆', 'Vehicle', 'vehicle', 'vin', { required: '请选择车辆', search: 'equal' }),
    forwardPlatformId: f.ref('转发平台', 'Platform', 'forwardPlatform', 'platformName', { search: 'equal' }),
    reason: f.text('原因', 'Reason', { max: 255 }),
  },
});

/**
 * What went to a platform for one vehicle, kept by the gateway forwarding for that platform
 * (never submitted by users): frames sent as realtime and as reissue, frames a later answer of
 * the platform confirmed, how far behind the link is, and the last error.
 */
export const forwardRecord = defineEntity({
  ...BASE,
  name: 'forwardRecord',
  path: 'forwardRecord',
  table: 'wdiov_forward_record',
  title: { zh: '转发记录', en: 'Forwarding record' },
  fields: {
    forwardPlatformId: f.ref('转发平台', 'Platform', 'forwardPlatform', 'platformName', { required: true, search: 'equal', readOnly: true }),
    vehicleId: f.ref('车辆', 'Vehicle', 'vehicle', 'vin', { search: 'equal', readOnly: true }),
    vin: f.text('车架号', 'VIN', { max: 17, search: 'like', readOnly: true, index: true }),
    framesSent: f.bigint('已发送', 'Sent', { readOnly: true, default: 0 }),
    realtimeSent: f.bigint('实时上报', 'Realtime', { readOnly: true, default: 0 }),
    reissueSent: f.bigint('补发', 'Reissued', { readOnly: true, default: 0 }),
    framesAcked: f.bigint('已确认', 'Acknowledged', { readOnly: true, default: 0 }),
    /** Seconds between the newest frame received and the newest forwarded while the link is behind. */
    backlogSeconds: f.int('积压(秒)', 'Backlog (s)', { readOnly: true, default: 0, search: 'gt' }),
    lastFrameTime: f.datetime('最后数据时间', 'Last data time', { readOnly: true }),
    lastSendTime: f.datetime('最后发送时间', 'Last sent', { readOnly: true, search: 'gt' }),
    lastError: f.text('最后错误', 'Last error', { max: 255, readOnly: true }),
  },
});
