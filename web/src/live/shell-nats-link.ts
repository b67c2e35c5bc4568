import { fromCallback, fromPromise } from 'xstate';
import type { NatsCredentials } from '@wdiov/contracts/nats/position-message';
import type { HttpClient } from '../api/http';
import type { FetchedCredentials, LinkCommand, LinkEvent } from '../machines/live-link.machine';
import { fetchNatsCredentials } from './nats-credentials';

/**
 * The shell's live link over nats.ws (alarm cards and forced logouts on the user's own subject):
 * the credentials call and the link actor. The NATS client and key code load on first use, so
 * the sign-in page does not carry them. Any failure to get credentials answers "no feed", and the
 * live link falls back to the gateway's socket for this sign-in.
 */
export function shellNatsLink(http: HttpClient) {
  let key: Promise<{ publicKey: string; seed: Uint8Array }> | undefined;
  // One user key per page: only its public half goes to the gateway.
  const userKey = () => (key ??= import('@nats-io/nkeys').then(({ createUser }) => {
    const user = createUser();
    return { publicKey: user.getPublicKey(), seed: user.getSeed() };
  }));
  return {
    fetchCredentials: fromPromise<FetchedCredentials, void>(async () => ({
      // Credentials naming no cards subject: the gateway publishes no cards on nats.ws, so the socket carries them.
      credentials: await userKey().then((k) => fetchNatsCredentials(http, k.publicKey)).then((c) => (c?.cards ? c : null), () => null),
      at: Date.now(),
    })),
    natsLink: fromCallback<LinkCommand, { credentials: NatsCredentials }>(({ input, sendBack, receive }) => {
      let link: { renew(c: NatsCredentials): Promise<void>; stop(): void } | undefined;
      let stopped = false;
      let renewed: NatsCredentials | undefined;
      void Promise.all([import('./nats-link'), userKey()]).then(([{ openNatsLink }, k]) => {
        if (stopped) return;
        link = openNatsLink(renewed ?? input.credentials, k.seed, { messages: true }, sendBack as (e: LinkEvent) => void);
      }, () => !stopped && sendBack({ type: 'DISCONNECTED' }));
      receive((command) => {
        if (command.type !== 'RENEW') return;
        if (link) void link.renew(command.credentials);
        else renewed = command.credentials;
      });
      return () => {
        stopped = true;
        link?.stop();
      };
    }),
  };
}
