import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, createTestGateway, md5, postJson, type TestGateway } from './test-gateway.ts';

/**
 * The gateway's own refusals (sign-in, the generic entity calls, user, stock moves, workflows,
 * statistics ranges, object storage, SMS, map look-up, roles, tenants, regions, develop,
 * forwarding, live, fleet team, fences, commands, the large screen, video, statistics, master data,
 * menus and the app shell's own answers) in the request's language: English when
 * Accept-Language asks for it, Chinese by default.
 */
let gw: TestGateway;
let token: string;
beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
});
afterAll(() => gw.dispose());

const raw = (body: string): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
const post: RequestInit = { method: 'POST' };
const base = '/api/wdiov-base';
const signIn = (params: Record<string, string>): [string, RequestInit] => [
  `/api/wdiov-auth/oauth/token?${new URLSearchParams({ tenantId: '000000', scope: 'all', type: 'account', ...params })}`,
  { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': '000000' } },
];
const ROOT_DEPT = '1123598813738675201';

const cases: [label: string, path: string, init: RequestInit, msg: string | RegExp][] = [
  ['sign-in: a wrong password', ...signIn({ grant_type: 'password', username: 'nobody', password: md5('x') }), 'Wrong user name or password'],
  ['sign-in: an unknown grant', ...signIn({ grant_type: 'bogus' }), 'Unsupported grant type: bogus'],
  ['sign-in: a wrong captcha', ...signIn({ grant_type: 'captcha', username: 'admin', password: md5('admin') }), 'The verification code is wrong'],
  ['sign-in: a stale refresh token', ...signIn({ grant_type: 'refresh_token', refresh_token: 'x.y.z' }), 'The token is no longer valid'],
  ['entity: a parent that does not exist', '/api/wdiov-system/dept/submit', postJson({ id: ROOT_DEPT, parentId: '123' }), 'No such parent: 123 [parentId]'],
  ['entity: a key taken', '/api/wdiov-system/param/submit', postJson({ paramName: 'x', paramKey: 'account.initPassword', paramValue: 'x' }), 'Key already exists: account.initPassword [paramKey]'],
  ['entity: nothing to remove', '/api/wdiov-system/post/remove?ids=123', post, /^\w[\w ]* not found$/],
  ['workflow: a required note missing', '/api/wdiov-vehteam/dispatch/revoke', postJson({ id: '123' }), 'Please enter Reason [reason]'],
  ['workflow: a target state not offered', '/api/wdiov-vehteam/dispatch/submit', postJson({ id: '123', dispatchStatus: 9 }), /must be one of 2 \[dispatchStatus\]$/],
  ['workflow: no such record', '/api/wdiov-vehteam/dispatch/close', postJson({ id: '123' }), /not found: 123$/],
  ['stock: idle days not a number', '/api/wdiov-pm/storage/idleList?days=abc', {}, 'days must be a number [days]'],
  ['live: neither VIN nor plate', `${base}/vehicleMonitor/realtimeInfo`, {}, 'Please enter a VIN or a plate number [vin]'],
  ['alarms: a remark too long', `${base}/vehicleAlarmData/handle`, postJson({ ids: '123', handleRemark: 'x'.repeat(501) }), 'The handling remark must not be longer than 500 characters [handleRemark]'],
  ['alarms: an unknown alarm', `${base}/vehicleAlarmData/handle`, postJson({ ids: '123', handleRemark: 'checked' }), 'No such vehicle alarm: 123'],
  ['vehicle: neither id nor VIN', `${base}/vehicle/info`, {}, 'Please enter a vehicle id or a VIN [id]'],
  ['fleet team: no vehicle named', '/api/wdiov-vehteam/vehicle/getVehicleParam', {}, 'Please name the vehicle [id|vehicleId|vin]'],
  ['fence: a malformed vehicle id', `${base}/electronicFenceVehicle/save`, postJson({ fenceId: '123', vehicleIds: ['x'] }), /^Invalid vehicle id/],
  ['fence: an unknown fence', `${base}/electronicFenceVehicle/save`, postJson({ fenceId: '123', vehicleIds: ['123'] }), 'No such fence: 123'],
  ['command: records named badly', `${base}/instructRecord/remove?ids=x`, post, 'ids must be a comma-separated list or an array of ids [ids]'],
  ['terminal messages: an unknown frame', `${base}/dataMessage/dataMessageDetail`, postJson({ id: '123' }), 'No such message: 123'],
  ['command: an unknown vehicle', `${base}/instructRecord/issue`, postJson({ vehicleId: '123', instructType: 1, content: { ids: [1] } }), /^No such vehicle: 123/],
  ['user: a body that is a list', '/api/wdiov-user/update', raw('[1]'), 'The request body must be a JSON object'],
  ['user: no id', '/api/wdiov-user/update', postJson({ realName: 'x' }), 'Please enter the user id [id]'],
  ['user: ids not a list', '/api/wdiov-user/grant?userIds=1,x&roleIds=1', post, 'The users must be a comma-separated list of ids [userIds]'],
  ['user: passwords not md5', '/api/wdiov-user/update-password?oldPassword=a&newPassword=b&newPassword1=b', post, /^Send the old password as its md5 digest \[oldPassword\]$/],
  ['stock: an unknown record type', '/api/wdiov-pm/storageRecord/submit', postJson({ vehicleId: '1', recordType: 9, storageId: '1', recordTime: '2026-01-01 00:00:00' }), /: unknown type$/],
  ['statistics: a malformed start', `${base}/vehicleReport/page?startTime=yesterday`, {}, 'The start time must look like yyyy-MM-dd or yyyy-MM-dd HH:mm:ss or be epoch milliseconds [startTime]'],
  ['statistics: an end before the start', `${base}/vehicleReport/page?startTime=2024-03-02&endTime=2024-03-01`, {}, 'The end time must not be earlier than the start time [endTime]'],
  ['statistics: days out of range', `${base}/vehicleReport/page?days=999`, {}, 'days must be a whole number from 1 to 366 [days]'],
  ['object storage: not multipart', '/api/wdiov-resource/oss/endpoint/put-file', raw('{}'), 'Unsupported media type: upload as multipart/form-data [file]'],
  ['object storage: a malformed file name', '/api/wdiov-resource/oss/endpoint/remove-file?fileName=nope', post, /^The file name must be <name>\.<extension> or its link/],
  ['object storage: no id', '/api/wdiov-resource/oss/enable', post, 'Missing the required parameter: id [id]'],
  ['SMS: no code', '/api/wdiov-resource/sms/endpoint/send-message', postJson({ phones: '13800000000' }), /^Please enter the SMS configuration code/],
  ['SMS: a malformed phone', '/api/wdiov-resource/sms/endpoint/send-message', postJson({ code: 'x', phones: '123' }), /^Malformed phone number: 123/],
  ['map look-up: a malformed location', '/api/wdiov-resource/mapGeo/reGeoCode?location=abc', {}, /^location must be longitude,latitude/],
  ['map look-up: latitude out of range', '/api/wdiov-resource/mapGeo/reGeoCode?location=10,95', {}, /^The latitude must be between -90 and 90/],
  ['role: no roles', '/api/wdiov-system/role/grant', postJson({ roleIds: [], menuIds: [] }), /^Please choose the roles/],
  ['role: an unknown role', '/api/wdiov-system/role/grant', postJson({ roleIds: ['123'], menuIds: [] }), 'No such role: 123 [roleIds]'],
  ['tenant: ids not a list', '/api/wdiov-system/tenant/setting?ids=1,x', post, 'The tenants must be a comma-separated list of ids [ids]'],
  ['tenant: an unknown tenant', '/api/wdiov-system/tenant/detail?id=123', {}, 'No such tenant: 123'],
  ['region: a malformed code list', '/api/wdiov-system/region/remove?id=x;y', post, 'id must be a comma-separated list of region codes'],
  ['develop: no table or model', '/api/wdiov-develop/model/table-info', {}, 'Missing the required parameter: tableName or modelId'],
  ['develop: a body that is not a list', '/api/wdiov-develop/model-prototype/submit-list', raw('{}'), 'The request body must be a JSON array'],
  ['develop: an empty list', '/api/wdiov-develop/model-prototype/submit-list', raw('[]'), /^Send at least one field/],
  ['forwarding: no vehicles', `${base}/forwardBlacklist/save`, postJson({}), /^Please choose the vehicles/],
  ['forwarding: an unknown platform', `${base}/forwardPlatform/update`, postJson({ id: '123', forwardStatus: 1 }), 'No such forwarding platform: 123'],
  ['forwarding: neither VIN nor vehicle', `${base}/forwardLog/getVehicle`, {}, /^Please enter a VIN or a vehicle id \[vin\]/],
  ['list: a page size not a number', '/api/wdiov-system/post/page?size=abc', {}, /^size must be a positive whole number/],
  ['list: a page too large', '/api/wdiov-system/post/page?size=100000', {}, /^size must not be greater than 500/],
  ['list: a malformed sort', `/api/wdiov-system/post/page?ascs=${encodeURIComponent('(select 1)')}`, {}, /^ascs holds an invalid sort field: \(select 1\)/],
  ['list: a malformed filter key', `/api/wdiov-system/post/page?${encodeURIComponent('a;b')}=x`, {}, /^Invalid query field: a;b/],
  ['list: a malformed date filter', '/api/wdiov-system/post/page?createTime_datege=soon', {}, /^createTime_datege must look like yyyy-MM-dd HH:mm:ss/],
  ['list: a filter value too long', `/api/wdiov-system/post/page?postName=${'x'.repeat(201)}`, {}, /^The value of postName is too long/],
  ['app: no such call', '/api/wdiov-base/noSuchCall', {}, '404 Not found'],
  ['ids: a malformed id', '/api/wdiov-resource/oss/enable?id=abc', post, 'Invalid id [id]'],
  ['times: a malformed expiry', '/api/wdiov-system/tenant/setting?ids=1&expireTime=soon', post, 'A time must look like yyyy-MM-dd HH:mm:ss [expireTime]'],
  ['command: no vehicle', `${base}/instructRecord/issue`, postJson({ instructType: 1, content: { ids: [1] } }), 'Please choose the vehicle [vehicleId]'],
  ['command: a malformed vehicle id', `${base}/instructRecord/issue`, postJson({ vehicleId: 'x', instructType: 1, content: { ids: [1] } }), 'The vehicle id must be digits [vehicleId]'],
  ['command: no parameter to query', `${base}/instructRecord/issue`, postJson({ vehicleId: '123', instructType: 1, content: { ids: [] } }), 'Choose at least one parameter [content.ids]'],
  ['command: an unknown parameter', `${base}/instructRecord/issue`, postJson({ vehicleId: '123', instructType: 2, content: { params: [{ id: 999, value: 1 }] } }), /^Set parameter: unknown parameter id \[content\.params\.0\.id\]$/],
  ['command: an unknown type', `${base}/instructRecord/issue`, postJson({ vehicleId: '123', instructType: 9, content: {} }), 'The command type must be one of 1, 2, 3 [instructType]'],
  ['diagnosis: no vehicles', `${base}/remoteDiagnose/issueDiagnose`, postJson({ vehicleIds: [] }), 'Choose at least one vehicle [vehicleIds]'],
  ['large screen: a share link not valid', `${base}/largeScreenShare/board?share=bogus`, {}, 'The share link is invalid, expired or revoked'],
  ['large screen: a validity too long', `${base}/largeScreenShare/create?hours=100000`, post, /^The validity must be 1 to \d+ hours \[hours\]$/],
  ['large screen: an unknown share link', `${base}/largeScreenShare/revoke?id=123`, post, 'No such share link, or it is revoked'],
  ['video: no video service', `${base}/video/openRVC?vin=LWDIOV00000000001`, post, /^No video service is configured/],
  ['video: a channel out of range', `${base}/video/closeRVC?vin=LWDIOV00000000001&channel=99`, post, 'The channel must be a whole number from 1 to 32 [channel]'],
  ['bluetooth sync: a malformed VIN', '/api/wdiov-business/schedulingTask/vehicleBluetoothSync?vins=abc', {}, 'Malformed VIN: abc [vins]'],
  ['demo fleet: a registration refused', `${base}/demoFleet/register`, postJson({}), /^The demo fleet /],
  ['vehicle model: an unknown model', `${base}/vehicleModel/modelEcuList?vehicleModelId=123`, {}, 'No such vehicle model: 123'],
  ['customer: an unknown customer', `${base}/customer/customerVehiclePage?customerId=123`, {}, 'No such customer: 123'],
  ['faults: an unknown CAN fault', `${base}/vehicleCanFaultData/handle`, postJson({ ids: '123' }), 'No such CAN fault: 123'],
  ['alarm handling: an unknown setting', `${base}/alarmHandleConfig/detail?id=123`, {}, 'No such alarm handling setting: 123'],
  ['statistics: an unknown sort field', `${base}/vehicleOnlineDaily/page?ascs=bogus`, {}, 'Cannot sort by this field: bogus [ascs]'],
  ['statistics: an unknown export format', `${base}/vehicleOnlineDaily/export?format=pdf`, {}, 'The export format must be csv or xlsx [format]'],
  ['statistics: a speed limit out of range', `${base}/vehicleConditionStatis/driverBehavior?speedLimit=5`, {}, /^The speed limit must be a number from 20 to \d+ \(km\/h\) \[speedLimit\]$/],
  ['dictionary: no code', '/api/wdiov-system/dict/dictionary', {}, /^Please enter the dictionary code/],
  ['menu: a malformed top menu', '/api/wdiov-system/menu/routes?topMenuId=x', {}, 'The top menu must be an id [topMenuId]'],
  ['menu: roles not a list', '/api/wdiov-system/menu/role-tree-keys?roleIds=1,x', {}, 'The roles must be a comma-separated list of ids [roleIds]'],
  ['posts: a malformed tenant', '/api/wdiov-system/post/select?tenantId=abc', {}, 'The tenant id must be 6 digits [tenantId]'],
  ['web logs: none sent', '/api/wdiov-system/log-error/send-logs', raw('[]'), 'Send at least one log entry'],
];

/** Calls refused before anyone is signed in. */
const unsigned: [label: string, path: string, init: RequestInit & { token?: string }, msg: string][] = [
  ['app: no token', `${base}/vehicle/info?id=1`, {}, 'No token: authentication failed'],
  ['app: a token not valid', `${base}/vehicle/info?id=1`, { token: 'x.y.z' }, 'The request is not authorized'],
];

describe('bespoke calls in English', () => {
  it.each(cases)('%s', async (label, path, init, msg) => {
    const english = { ...init, token, headers: { ...(init.headers as Record<string, string>), 'Accept-Language': 'en-US,en;q=0.9' } };
    const { body } = await gw.json(path, english);
    expect(body, label).toMatchObject({ success: false, msg: typeof msg === 'string' ? msg : expect.stringMatching(msg) });
    expect(body.msg, label).not.toMatch(/\p{Script=Han}/u);
    const { body: chinese } = await gw.json(path, { ...init, token });
    expect(chinese.code, label).toBe(body.code);
    expect(chinese.msg, label).toMatch(/\p{Script=Han}/u);
  });

  it.each(unsigned)('%s', async (label, path, init, msg) => {
    const { body } = await gw.json(path, { ...init, headers: { 'Accept-Language': 'en' } });
    expect(body, label).toMatchObject({ success: false, code: 401, msg });
    const { body: chinese } = await gw.json(path, init);
    expect(chinese.msg, label).toMatch(/\p{Script=Han}/u);
  });
});
