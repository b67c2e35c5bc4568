/**
 * Routes of the route table that the bespoke bad-input walk does not call, each with why. A route
 * in neither the walk nor this list fails the walk, so a new route is never missed: add its bad
 * input to the walk, or say here why it has none.
 */
const r = (method: 'GET' | 'POST' | 'GET|POST', paths: string[]) => new RegExp(`^(${method}) (${paths.join('|')})$`);

export const NOT_WALKED_HERE: [route: RegExp, reason: string][] = [
  [r('GET', ['/metrics', '/api/ready', '/api/health', '/api/config', '/api/openapi.json']), 'operations and discovery: no input'],
  [r('GET|POST', ['/api/wdiov-auth/oauth/(token|token/refresh|captcha|logout|clear-cache|user-info)']),
    'the OAuth calls answer the OAuth error shape, not the envelope (src/auth/oauth.test.ts); logout, cache and user info take no input'],
  [r('GET', ['/api/wdiov-base/online-user', '/api/wdiov-base/live-position', '/api/wdiov-base/live-position/nats-credentials']),
    'socket upgrades and credentials of the live path: their messages are bounded where they enter (src/live)'],
  [r('GET', ['/api/wdiov-system/menu/(routes|buttons|top-menu|grant-tree|grant-top-tree)', '/api/wdiov-user/info', '/api/wdiov-vehteam/alarmConfig/orgTree', '/api/wdiov-develop/datasource/select']),
    'take no input: the caller\'s own menus, buttons, trees and data sources'],
  // Bespoke calls not yet in this walk: each is tested where it is written, and belongs here next.
  [r('GET|POST', ['/api/wdiov-system/.*', '/api/wdiov-user/.*']), 'system and user calls: src/routes/system*.test.ts, src/routes/system/*.test.ts'],
  [r('GET|POST', ['/api/wdiov-resource/.*']), 'storage, SMS and map calls: src/routes/resource/*.test.ts'],
  [r('GET|POST', ['/api/wdiov-base/(largeScreenStatistics|largeScreenShare)/.*']), 'large screen: src/routes/base/large-screen.routes.test.ts'],
  [r('GET|POST', ['/api/wdiov-base/vehicleShare/.*']), 'vehicle share links: src/share/vehicle-share.routes.test.ts'],
  [r('POST', ['/api/[a-z-]+/[A-Za-z/-]+/import/(preview|commit)']), 'the spreadsheet import of every entity (bad files, bad rows, nothing written): src/crud/import/import.routes.test.ts'],
  [r('GET|POST', ['/api/wdiov-base/(vehicleMonitor|dataBoard|lastPlatformData|vehicle|historyTrack)/.*', '/api/wdiov-base/[A-Za-z]+/export']),
    'live state, history and exports: src/routes/base/history-messages.test.ts, stats*.test.ts'],
  [r('GET|POST', ['/api/wdiov-base/(vehicleAlarmData|vehicleFaultData|vehicleCanFaultData|vehicleUdsFaultData|alarmHandleConfig|alarmHandleTeam)/.*']),
    'alarms and faults: src/routes/base/alarms-handling.test.ts (and the English refusals below)'],
  [r('GET|POST', ['/api/wdiov-base/(orgVehicleTree|rdVehicleTree)/.*', '/api/wdiov-vehteam/orgVehicleTree/getTree']), 'vehicle trees: src/routes/base/live-trees.test.ts'],
  [r('GET|POST', ['/api/wdiov-base/electronicFenceVehicle/.*']), 'fences: src/routes/base/fences.test.ts'],
  [r('GET|POST', ['/api/wdiov-base/(dataMessage|vehicleBigData)/.*']), 'message parsing: src/routes/base/history-messages.test.ts (and the English refusals below)'],
  [r('GET|POST', ['/api/wdiov-base/(instructRecord|remoteDiagnose)/.*']), 'remote diagnosis: src/routes/base/diagnosis.routes.test.ts'],
  [r('POST', ['/api/wdiov-base/demoFleet/register']), 'the demo fleet: src/seed/demo-fleet.test.ts'],
  [r('GET|POST', ['/api/wdiov-base/(forwardPlatform|forwardPlatformVehicle|forwardBlacklist|forwardRecord|forwardLog)/.*']), 'forwarding: src/forward'],
  [r('GET|POST', ['/api/wdiov-desk/notice/inbox(/read|/read-all)?']), 'the notice popover\'s boxes (a bad box, bad ids, nothing marked): src/notify/inbox.test.ts'],
  [r('GET|POST', ['/api/wdiov-auth/sso/(providers|authorize|provider/submit)']), 'single sign-on (bad tenant ids, providers and settings, nothing stored): src/auth/sso.test.ts'],
  [r('GET|POST', ['/api/wdiov-auth/sso/provider/(list|remove)']), 'single sign-on administration (malformed ids, a new provider without a secret, another tenant\'s ids: nothing changed): src/auth/sso-admin.test.ts'],
  [r('POST', ['/api/wdiov-base/notifyChannel/test']), 'a channel\'s test message (grants, tenants, refused settings in zh and en): src/notify/notify-channel.test.ts'],
];
