import { fromCallback } from 'xstate';
import type { NatsCredentials } from '@wdiov/contracts/nats/position-message';
import type { LinkCommand, LinkEvent } from '../machines/live-link.machine';
import type { NatsLinkReader, SharedNatsLink } from './nats-link';

/** The console's nats.ws user key and the link that connects with it. */
export interface NatsLinkSource {
  /** The public half, for the credentials call (only the key code loads for it, not the NATS client). */
  publicKey(): Promise<string>;
  link(): Promise<SharedNatsLink>;
}

let userKey: Promise<{ publicKey: string; seed: Uint8Array }> | undefined;
let shared: Promise<SharedNatsLink> | undefined;
const keyOf = () => (userKey ??= import('@nats-io/nkeys').then(({ createUser }) => {
  const user = createUser();
  return { publicKey: user.getPublicKey(), seed: user.getSeed() };
}));

/**
 * The console's one nats.ws link and user key (only its public half goes to the gateway), shared
 * by the shell's cards and the map's positions. The key code loads on the first credentials call,
 * the NATS client only once a gateway offered a feed, so neither weighs on the sign-in page nor,
 * the client, on consoles whose gateway has no nats.ws.
 */
export const consoleNatsLink: NatsLinkSource = {
  publicKey: () => keyOf().then((k) => k.publicKey),
  link: () => (shared ??= Promise.all([import('./nats-link'), keyOf()]).then(([{ SharedNatsLink }, k]) => new SharedNatsLink(k.seed))),
};

/**
 * The live link machine's nats transport actor: attaches `reader` to the shared link with the
 * machine's credentials and hands renewed ones on; stopping it detaches the reader (the last one
 * closes the connection).
 */
export function natsLinkActor(source: NatsLinkSource, reader: NatsLinkReader) {
  return fromCallback<LinkCommand, { credentials: NatsCredentials }>(({ input, sendBack, receive }) => {
    let attached: { renew(c: NatsCredentials): Promise<void>; stop(): void } | undefined;
    let stopped = false;
    let renewed: NatsCredentials | undefined;
    void source.link().then((link) => {
      if (stopped) return;
      attached = link.attach(renewed ?? input.credentials, reader, sendBack as (e: LinkEvent) => void);
    }, () => !stopped && sendBack({ type: 'DISCONNECTED' }));
    receive((command) => {
      if (command.type !== 'RENEW') return;
      if (attached) void attached.renew(command.credentials);
      else renewed = command.credentials;
    });
    return () => {
      stopped = true;
      attached?.stop();
    };
  });
}
