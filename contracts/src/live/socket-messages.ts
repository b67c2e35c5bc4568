import { z } from 'zod';
import { alarmLevel } from './alarm-level.ts';
import { placeLocation } from '../geo/place-location.ts';

export * from './alarm-level.ts';

/**
 * Messages of the online-user socket `/api/wdiov-base/online-user/` and of the position socket.
 * Every frame is `{code, cmd, msg, data, ts}`; `cmd` tells what it carries. The server sends
 * only cards (1200) and forced logouts (8860) on the online-user socket: the browser hides its
 * cards on any other message, so heartbeats are not answered there.
 */
export const SOCKET_PATH = '/api/wdiov-base/online-user/';
/** Live positions travel on their own socket: subscribe (1301), then position batches (1300). */
export const POSITION_SOCKET_PATH = '/api/wdiov-base/live-position/';

export const SocketCmd = {
  heartbeat: 1001,
  alarmCard: 1200,
  forcedLogout: 8860,
  /** Position socket: live position batches after a `subscribe` request (coalesced per vehicle). */
  positions: 1300,
  /** Position socket, client → server: subscribe to live positions (data: {vins?: string[]} or all in scope). */
  subscribe: 1301,
  unsubscribe: 1302,
} as const;

/** Alarm card kinds (spec part 1 §4): 0 alarm, 1 fault, 2 fence. */
export const AlarmCardType = { alarm: 0, fault: 1, fence: 2 } as const;

/** espeed sentinels of the card: −0.1 invalid, −0.2 abnormal, else km/h. */
export const ESPEED_INVALID = -0.1;
export const ESPEED_ABNORMAL = -0.2;
/** The fence arrival estimate window after accessTime, in seconds. */
export const FENCE_ARRIVAL_WINDOW_S = 180;

const envelope = <C extends number, D extends z.ZodTypeAny>(cmd: C, data: D) =>
  z.object({
    code: z.number().int(),
    cmd: z.literal(cmd),
    msg: z.string().default(''),
    data,
    ts: z.number().int(),
  });

export const heartbeatMessage = envelope(SocketCmd.heartbeat, z.unknown().optional());

export const alarmCardData = z.object({
  type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** Id of the stored alarm / fault / fence record, so 'view now' can open it. */
  id: z.string().optional(),
  level: alarmLevel.optional(),
  alarmType: z.string().optional(),
  alarmName: z.string().optional(),
  faultCode: z.string().optional(),
  faultName: z.string().optional(),
  fenceId: z.string().optional(),
  fenceName: z.string().optional(),
  /** 1 enter, otherwise leave. */
  accessType: z.number().int().optional(),
  accessTime: z.string().optional(),
  vin: z.string(),
  carPlate: z.string().default(''),
  espeed: z.number(),
  stime: z.string(),
  /** Seconds the condition has lasted so far. */
  duration: z.number(),
  elng: z.number().nullable().optional(),
  elat: z.number().nullable().optional(),
  /** The location in words (zh), for readers of the spec's field; screens word `location` in their language. */
  address: z.string().optional(),
  location: placeLocation.optional(),
});
export type AlarmCardData = z.infer<typeof alarmCardData>;
export const alarmCardMessage = envelope(SocketCmd.alarmCard, alarmCardData);

export type AlarmCardMessage = z.infer<typeof alarmCardMessage>;

/**
 * The reason for the logout travels in `msg`. On nats.ws, where every session of the user reads
 * the same subject, `data.keys` names the browser keys it is for: a session whose key is not
 * listed (the sign-in that caused it) stays. The gateway's socket sends data null (it closes only
 * the sockets it means).
 */
export const forcedLogoutMessage = envelope(SocketCmd.forcedLogout, z.object({ keys: z.array(z.string()) }).nullable().optional());
export type ForcedLogoutMessage = z.infer<typeof forcedLogoutMessage>;

/** One coalesced live position: latest wins per vehicle between flushes. */
export const livePosition = z.object({
  vin: z.string(),
  lng: z.number(),
  lat: z.number(),
  /** km/h, or a sentinel (−0.1 invalid, −0.2 abnormal). */
  speed: z.number(),
  heading: z.number(),
  soc: z.number().nullable(),
  /** 1 driving, 2 parked, 3 charging, 4 offline. */
  state: z.number().int(),
  alarmLevel,
  ts: z.number().int(),
});
export type LivePosition = z.infer<typeof livePosition>;
export const positionsMessage = envelope(SocketCmd.positions, z.array(livePosition));
export type PositionsMessage = z.infer<typeof positionsMessage>;

/** What the server sends on the online-user socket: nothing else, ever. */
export type OnlineUserServerMessage = AlarmCardMessage | ForcedLogoutMessage;
/** What the server sends on the position socket (and a forced logout before it closes it). */
export type PositionServerMessage = PositionsMessage | ForcedLogoutMessage;

/** Typed builders: the gateway sends only what these return. */
export const alarmCardFrame = (data: AlarmCardData, now = Date.now()): AlarmCardMessage =>
  ({ code: 0, cmd: SocketCmd.alarmCard, msg: '', data, ts: now });
export const forcedLogoutFrame = (reason: string, now = Date.now(), keys?: string[]): ForcedLogoutMessage =>
  ({ code: 0, cmd: SocketCmd.forcedLogout, msg: reason, data: keys ? { keys } : null, ts: now });
export const positionsFrame = (data: LivePosition[], now = Date.now()): PositionsMessage =>
  ({ code: 0, cmd: SocketCmd.positions, msg: '', data, ts: now });

/** Everything a browser may receive on either socket (a heartbeat from an older gateway included). */
export const serverSocketMessage = z.discriminatedUnion('cmd', [
  heartbeatMessage,
  alarmCardMessage,
  forcedLogoutMessage,
  positionsMessage,
]);
export type ServerSocketMessage = z.infer<typeof serverSocketMessage>;

/** A subscription names at most this many vehicles, so it fits the gateway's 8 KB message limit; none = all in scope. */
export const MAX_SUBSCRIBED_VINS = 300;

export const clientSocketMessage = z.discriminatedUnion('cmd', [
  envelope(SocketCmd.heartbeat, z.unknown().optional()),
  envelope(SocketCmd.subscribe, z.object({ vins: z.array(z.string().max(17)).max(MAX_SUBSCRIBED_VINS).optional() }).default({})),
  envelope(SocketCmd.unsubscribe, z.unknown().optional()),
]);
export type ClientSocketMessage = z.infer<typeof clientSocketMessage>;

/** The heartbeat the browser sends every 30 s (spec: code 0, cmd 1001, msg, ts). */
export function heartbeat(now: number = Date.now()) {
  return { code: 0, cmd: SocketCmd.heartbeat, msg: 'ping', data: undefined, ts: now } as const;
}

/** How the card shows a speed value. */
export function describeEspeed(espeed: number): { kind: 'invalid' | 'abnormal' | 'value'; kmh?: number } {
  if (Math.abs(espeed - ESPEED_INVALID) < 1e-9) return { kind: 'invalid' };
  if (Math.abs(espeed - ESPEED_ABNORMAL) < 1e-9) return { kind: 'abnormal' };
  return { kind: 'value', kmh: espeed };
}
