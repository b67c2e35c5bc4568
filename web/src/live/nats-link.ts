import { jwtAuthenticator, wsconnect, type NatsConnection } from '@nats-io/nats-core';
import { decodePositionMessage, type NatsCredentials } from '@wdiov/contracts/nats/position-message';
import type { LivePosition } from '@wdiov/contracts/live/socket-messages';
import type { LinkEvent } from '../machines/nats-feed.machine';

export type NatsConnect = typeof wsconnect;

/**
 * One link to NATS over websockets for the nats-feed machine: connects with the credentials,
 * subscribes to their subjects, hands each position on. Renewal opens a second connection with
 * the new credentials and subscribes it before the first is drained, so no position is missed
 * (one may come twice: latest wins). Reconnecting is the machine's (with its backoff), not the
 * client's, so a refused or expired credential leads to a fresh one.
 */
export function openNatsLink(
  first: NatsCredentials,
  seed: Uint8Array,
  onPosition: (p: LivePosition) => void,
  sendBack: (event: LinkEvent) => void,
  connect: NatsConnect = wsconnect,
) {
  let current: NatsConnection | null = null;
  let stopped = false;

  const open = async (creds: NatsCredentials): Promise<NatsConnection> => {
    const nc = await connect({ servers: creds.servers, authenticator: jwtAuthenticator(creds.jwt, seed), reconnect: false, name: 'wdiov-console' });
    for (const subject of creds.subjects) {
      nc.subscribe(subject, { callback: (err, m) => {
        if (err) return;
        const p = decodePositionMessage(m.subject, m.data);
        if (p) onPosition(p);
      } });
    }
    await nc.flush();
    // The machine learns of a drop only for the connection in use (a drained old one is expected to close).
    void nc.closed().then(() => {
      if (nc === current && !stopped) sendBack({ type: 'LINK_DOWN' });
    });
    return nc;
  };

  open(first).then(
    (nc) => {
      if (stopped) return void nc.close();
      current = nc;
      sendBack({ type: 'LINK_UP' });
    },
    () => !stopped && sendBack({ type: 'LINK_DOWN' }),
  );

  return {
    async renew(creds: NatsCredentials): Promise<void> {
      let next: NatsConnection;
      try {
        next = await open(creds);
      } catch {
        return; // the old connection serves on; if its credentials end, its close reports the drop
      }
      if (stopped) return void next.close();
      const old = current;
      current = next;
      await old?.drain().catch(() => undefined);
    },
    stop(): void {
      stopped = true;
      void current?.close();
      current = null;
    },
  };
}
