import { fromPromise } from 'xstate';
import type { HttpClient } from '../api/http';
import type { FetchedCredentials } from '../machines/live-link.machine';
import { consoleNatsLink, natsLinkActor, type NatsLinkSource } from './console-nats-link';
import { fetchNatsCredentials } from './nats-credentials';

/**
 * The shell's live link over nats.ws (alarm cards and forced logouts on the user's own subject),
 * through the console's one nats.ws connection: the credentials call and the link actor. Any
 * failure to get credentials answers "no feed", and the live link falls back to the gateway's
 * socket for this sign-in.
 */
export function shellNatsLink(http: HttpClient, source: NatsLinkSource = consoleNatsLink) {
  return {
    fetchCredentials: fromPromise<FetchedCredentials, void>(async () => ({
      // Credentials naming no cards subject: the gateway publishes no cards on nats.ws, so the socket carries them.
      credentials: await source.publicKey().then((key) => fetchNatsCredentials(http, key)).then((c) => (c?.cards ? c : null), () => null),
      at: Date.now(),
    })),
    natsLink: natsLinkActor(source, { messages: true }),
  };
}
