import { fromCallback } from 'xstate';
import { heartbeat } from '@wdiov/contracts/live/socket-messages';
import type { LinkCommand, LinkEvent } from '../machines/live-link.machine';
import { parseSocketFrame, socketUrl } from './socket-frame';

export type SocketFactory = (url: string) => WebSocket;

/**
 * The live link's socket transport (live-link.machine.ts): one WebSocket per invocation,
 * closed when the machine leaves the state that invoked it.
 */
export function createSocketConnection(createSocket: SocketFactory = (url) => new WebSocket(url)) {
  return fromCallback<LinkCommand, { token: string }>(({ sendBack, receive, input }) => {
    const send = (event: LinkEvent) => sendBack(event);
    const ws = createSocket(socketUrl(input.token));
    ws.onopen = () => send({ type: 'CONNECTED' });
    ws.onmessage = (event: MessageEvent) => {
      const message = parseSocketFrame(event.data);
      send(message ? { type: 'MESSAGE', message } : { type: 'INVALID_FRAME' });
    };
    // The spec logs websocket failures to the console; the machine retries.
    ws.onerror = (event) => console.error('online-user socket error', event);
    ws.onclose = () => send({ type: 'DISCONNECTED' });
    receive((command) => {
      if (command.type === 'SEND_HEARTBEAT' && ws.readyState === WebSocket.OPEN) {
        ws.send(JSON.stringify(heartbeat()));
      }
      if (command.type === 'CHECK_STATUS' && (ws.readyState === WebSocket.CLOSED || ws.readyState === WebSocket.CLOSING)) {
        send({ type: 'DISCONNECTED' });
      }
    });
    return () => {
      ws.onclose = null;
      ws.onmessage = null;
      ws.close();
    };
  });
}
