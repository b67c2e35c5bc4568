import { fromCallback } from 'xstate';
import type { NatsCredentials } from '@wdiov/contracts/nats/position-message';
import type { LinkCommand, LinkEvent } from '../machines/live-link.machine';
import type { NatsLinkReader, SharedNatsLink } from './nats-link';

export type NatsLinkSource = () => Promise<SharedNatsLink>;

let shared: Promise<SharedNatsLink> | undefined;

/**
 * The console's one nats.ws link and user key (only its public half goes to the gateway), shared
 * by the shell's cards and the map's positions. The NATS client and key code load on first use,
 * so the sign-in page does not carry them.
 */
export const consoleNatsLink: NatsLinkSource = () =>
  (shared ??= import('./nats-link').then(({ SharedNatsLink }) => new SharedNatsLink()));

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
    void source().then((link) => {
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
