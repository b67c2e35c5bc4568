import type { NatsConnection } from '@nats-io/nats-core';
import type { NatsConnect } from '../live/nats-link';
import { SharedNatsLink } from '../live/nats-link';
import { createUser } from '@nats-io/nkeys';

/** A NATS server double: connections by the JWT they came with, and a way to deliver a message to their subscriptions. */
export function fakeNats() {
  const conns: { jwt: string; subjects: string[]; deliver: (subject: string, data: Uint8Array) => void; closed: boolean }[] = [];
  const connect = (async (opts: { authenticator?: unknown }) => {
    const auth = (opts.authenticator as (nonce?: string) => { jwt: string })();
    const callbacks: ((err: Error | null, m: { subject: string; data: Uint8Array }) => void)[] = [];
    let close!: () => void;
    const closed = new Promise<void>((r) => (close = r));
    const conn = { jwt: auth.jwt, subjects: [] as string[], closed: false, deliver: (subject: string, data: Uint8Array) => callbacks.forEach((cb) => cb(null, { subject, data })) };
    conns.push(conn);
    const end = async () => {
      conn.closed = true;
      close();
    };
    return {
      subscribe: (subject: string, o: { callback: (typeof callbacks)[number] }) => {
        conn.subjects.push(subject);
        callbacks.push(o.callback);
        return {
          unsubscribe: () => {
            const i = callbacks.indexOf(o.callback);
            if (i >= 0) callbacks.splice(i, 1);
          },
        };
      },
      flush: async () => undefined,
      closed: () => closed,
      isClosed: () => conn.closed,
      drain: end,
      close: end,
    } as unknown as NatsConnection;
  }) as unknown as NatsConnect;
  /** The console's shared link on this server, as the shell and the map take it (one user key). */
  const link = new SharedNatsLink(createUser().getSeed(), connect);
  return { conns, connect, link, source: { publicKey: async () => link.publicKey, link: async () => link } };
}

