import { Observable, share } from 'rxjs';
import type { Actor } from 'xstate';
import type { ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import type { LiveLinkMachine } from '../machines/live-link.machine';

/** Every parsed message of the live link (socket or nats.ws) as an RxJS stream (what the live map and dashboards consume). */
export function socketMessages(actor: Actor<LiveLinkMachine>): Observable<ServerSocketMessage> {
  return new Observable<ServerSocketMessage>((subscriber) => {
    const subscription = actor.on('message', (event) => subscriber.next(event.message));
    return () => subscription.unsubscribe();
  }).pipe(share());
}
