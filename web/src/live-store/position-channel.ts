import { Observable, retry, share, timer } from 'rxjs';
import { SocketCmd, type ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import { parseLiveFrame } from './position-frame';

export type PositionSocketFactory = () => WebSocket;

export const RESUBSCRIBE_DELAY_MS = 10_000;

const frame = (cmd: number, data: unknown) => JSON.stringify({ code: 0, cmd, msg: '', data, ts: Date.now() });

/**
 * The live-map subscription: cmd 1301 when the first observer arrives, cmd 1302 when the last
 * one leaves. The shell's socket machine has no way to send client frames, so the map holds
 * its own connection to the same online-user endpoint for as long as a map is mounted.
 * After a drop it reconnects and subscribes again; the gateway then starts with a full
 * snapshot, which is the REST-free resync traccar does after reconnecting.
 */
export function positionChannel(
  connect: PositionSocketFactory,
  request: { vins?: string[] } = {},
  retryDelayMs = RESUBSCRIBE_DELAY_MS,
): Observable<ServerSocketMessage> {
  const once = new Observable<ServerSocketMessage>((subscriber) => {
    const ws = connect();
    ws.onopen = () => ws.send(frame(SocketCmd.subscribe, request));
    ws.onmessage = (event: MessageEvent) => {
      const message = parseLiveFrame(event.data);
      // Alarm cards also reach this socket; the shell's socket already shows them.
      if (message?.cmd === SocketCmd.positions) subscriber.next(message);
    };
    ws.onerror = () => undefined;
    ws.onclose = () => subscriber.error(new Error('position socket closed'));
    return () => {
      ws.onclose = null;
      ws.onmessage = null;
      if (ws.readyState === WebSocket.OPEN) ws.send(frame(SocketCmd.unsubscribe, undefined));
      ws.close();
    };
  });
  return once.pipe(
    retry({ delay: () => timer(retryDelayMs) }),
    share(),
  );
}
