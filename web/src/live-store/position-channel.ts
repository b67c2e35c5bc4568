import { Observable, retry, share, timer } from 'rxjs';
import type { PositionBatch } from './packed-positions';
import type { PositionRequest } from './position-socket';
import { defaultPositionTransport, type PositionTransport } from './position-transport';

export const RESUBSCRIBE_DELAY_MS = 10_000;

export interface PositionChannelOptions {
  request?: PositionRequest;
  retryDelayMs?: number;
  /** Where the socket is read: a worker where there is one (default), this thread otherwise. */
  transport?: () => PositionTransport;
}

/**
 * The live-map subscription as packed position batches: cmd 1301 when the first observer
 * arrives, cmd 1302 when the last one leaves. The shell's live link machine has no way to send
 * client frames, and positions never travel on it: the map holds its own connection to the
 * gateway's position socket for as long as a map is mounted, read in a worker (position-transport.ts says why).
 * After a drop it reconnects and subscribes again; the gateway then starts with a full
 * snapshot, which is the REST-free resync traccar does after reconnecting.
 *
 * `socketUrl` is asked at every (re)connect, so a refreshed token is used.
 */
export function positionChannel(socketUrl: () => string, options: PositionChannelOptions = {}): Observable<PositionBatch> {
  const { request = {}, retryDelayMs = RESUBSCRIBE_DELAY_MS, transport: createTransport = defaultPositionTransport } = options;
  return new Observable<PositionBatch>((subscriber) => {
    // One transport (one worker, one numbering of vehicles) for the whole subscription; only
    // the socket inside it is reopened after a drop.
    const transport = createTransport();
    const subscription = new Observable<PositionBatch>((connection) => {
      transport.open(socketUrl(), request, {
        batch: (batch) => connection.next(batch),
        closed: () => connection.error(new Error('position socket closed')),
      });
      return () => transport.close();
    })
      .pipe(retry({ delay: () => timer(retryDelayMs) }))
      .subscribe(subscriber);
    return () => {
      subscription.unsubscribe();
      transport.dispose();
    };
  }).pipe(share());
}
