import { jsonOfText } from './json-text';
import { POSITION_SOCKET_PATH, SOCKET_PATH, serverSocketMessage, type ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';

/** Parses one text frame with the contracts schema; anything else is null (never cast). */
export function parseSocketFrame(raw: unknown): ServerSocketMessage | null {
  const json = jsonOfText(raw);
  if (json === undefined) return null;
  const parsed = serverSocketMessage.safeParse(json);
  return parsed.success ? parsed.data : null;
}

type Origin = Pick<Location, 'protocol' | 'host'>;

const urlOf = (path: string, token: string, location: Origin) =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}?token=${encodeURIComponent(token)}`;

/** `ws(s)://<host>/api/wdiov-base/online-user/?token=…`: browsers cannot set headers on websockets. */
export function socketUrl(token: string, location: Origin = window.location): string {
  return urlOf(SOCKET_PATH, token, location);
}

/** The position socket: live map positions travel apart from the cards and kicks. */
export function positionSocketUrl(token: string, location: Origin = window.location): string {
  return urlOf(POSITION_SOCKET_PATH, token, location);
}
