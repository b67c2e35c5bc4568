import { jsonOfText } from './json-text';
import { serverSocketMessage, type ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';

/** Parses one text frame with the contracts schema; anything else is null (never cast). */
export function parseSocketFrame(raw: unknown): ServerSocketMessage | null {
  const json = jsonOfText(raw);
  if (json === undefined) return null;
  const parsed = serverSocketMessage.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** `ws(s)://<host>/api/wdiov-base/online-user/?token=…`: browsers cannot set headers on websockets. */
export function socketUrl(token: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/wdiov-base/online-user/?token=${encodeURIComponent(token)}`;
}
