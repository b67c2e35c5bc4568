import { fromCallback } from 'xstate';
import { jwtAuthenticator, wsconnect, type NatsConnection } from '@nats-io/nats-core';
import { fromSeed } from '@nats-io/nkeys';
import { SocketCmd, type ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import { decodePositionMessage, type NatsCredentials } from '@wdiov/contracts/nats/position-message';
import type { LivePosition } from '@wdiov/contracts/live/socket-messages';
import type { LinkCommand, LinkEvent } from '../machines/live-link.machine';
import { parseSocketFrame } from './socket-frame';

export type NatsConnect = typeof wsconnect;

/** What a link reads: positions (the map's feed), the user's cards and forced logouts (the shell's), or both. */
export interface NatsLinkReader {
  onPosition?: (p: LivePosition) => void;
  /** Cards and forced logouts, on the credentials' `cards` subject, go up to the machine as MESSAGE. */
  messages?: boolean;
}

const utf8 = new TextDecoder();

/**
 * Every session of a user reads the user's subject: a forced logout that names the keys it is for
 * (a sign-in elsewhere spares the newer session) passes this browser by unless its key is named.
 */
export const isForOtherSessions = (message: ServerSocketMessage, publicKey: string) =>
  message.cmd === SocketCmd.forcedLogout && !!message.data && !message.data.keys.includes(publicKey);

/**
 * One link to NATS over websockets for the live link machine's nats transport: connects with the
 * credentials, subscribes to what the reader wants, hands each position on and sends each card or
 * forced logout up to the machine. Renewal opens a second connection with
 * the new credentials and subscribes it before the first is drained, so no position is missed
 * (one may come twice: latest wins). Reconnecting is the machine's (with its backoff), not the
 * client's, so a refused or expired credential leads to a fresh one.
 */
export function openNatsLink(
  first: NatsCredentials,
  seed: Uint8Array,
  reader: NatsLinkReader,
  sendBack: (event: LinkEvent) => void,
  connect: NatsConnect = wsconnect,
) {
  let current: NatsConnection | null = null;
  let stopped = false;
  const publicKey = fromSeed(seed).getPublicKey();

  const open = async (creds: NatsCredentials): Promise<NatsConnection> => {
    const nc = await connect({ servers: creds.servers, authenticator: jwtAuthenticator(creds.jwt, seed), reconnect: false, name: 'wdiov-console' });
    try {
      return await readOn(nc, creds);
    } catch (err) {
      void nc.close();
      throw err;
    }
  };

  const readOn = async (nc: NatsConnection, creds: NatsCredentials): Promise<NatsConnection> => {
    const { onPosition } = reader;
    if (onPosition) {
      for (const subject of creds.subjects) {
        nc.subscribe(subject, { callback: (err, m) => {
          if (err) return;
          const p = decodePositionMessage(m.subject, m.data);
          if (p) onPosition(p);
        } });
      }
    }
    if (reader.messages && creds.cards) {
      nc.subscribe(creds.cards, { callback: (err, m) => {
        if (err || nc !== current) return; // a renewal's overlap: the old connection's copy is not shown twice
        const message = parseSocketFrame(utf8.decode(m.data));
        if (message && isForOtherSessions(message, publicKey)) return;
        sendBack(message ? { type: 'MESSAGE', message } : { type: 'INVALID_FRAME' });
      } });
    }
    await nc.flush();
    // The machine learns of a drop only for the connection in use (a drained old one is expected to close).
    void nc.closed().then(() => {
      if (nc === current && !stopped) sendBack({ type: 'DISCONNECTED' });
    });
    return nc;
  };

  open(first).then(
    (nc) => {
      if (stopped) return void nc.close();
      // A renewal that finished first serves already: this older connection is not kept.
      if (current) void nc.close();
      else current = nc;
      sendBack({ type: 'CONNECTED' });
    },
    () => !stopped && sendBack({ type: 'DISCONNECTED' }),
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

/** The live link machine's nats transport actor, for a browser holding the user key `seed`. */
export function natsLinkActor(seed: Uint8Array, reader: NatsLinkReader, connect?: NatsConnect) {
  return fromCallback<LinkCommand, { credentials: NatsCredentials }>(({ input, sendBack, receive }) => {
    const link = openNatsLink(input.credentials, seed, reader, sendBack as (e: LinkEvent) => void, connect);
    receive((command) => command.type === 'RENEW' && void link.renew(command.credentials));
    return () => link.stop();
  });
}
