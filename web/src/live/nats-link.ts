import { jwtAuthenticator, wsconnect, type NatsConnection, type Subscription } from '@nats-io/nats-core';
import { createUser, fromSeed } from '@nats-io/nkeys';
import { SocketCmd, type LivePosition, type ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import { decodePositionMessage, type NatsCredentials } from '@wdiov/contracts/nats/position-message';
import type { LinkEvent } from '../machines/live-link.machine';
import { parseSocketFrame } from './socket-frame';

export type NatsConnect = typeof wsconnect;

/** What one user of the link reads: positions (the map's feed), the user's cards and forced logouts (the shell's), or both. */
export interface NatsLinkReader {
  onPosition?: (p: LivePosition) => void;
  /** Cards and forced logouts, on the credentials' `cards` subject, go up to the machine as MESSAGE. */
  messages?: boolean;
}

/** A reader attached to the link: what it reads, where its events go, and its subscriptions per connection. */
interface Attached extends NatsLinkReader {
  sendBack: (event: LinkEvent) => void;
  subs: Map<NatsConnection, Subscription[]>;
}

interface Live {
  nc: NatsConnection;
  creds: NatsCredentials;
}

/**
 * Renewed credentials replace those of the connection only when they add more than this share
 * of their life: the shell and the map renew on their own clocks, and the second renewal of a
 * pair finds the connection just renewed. A renewal is skipped only while the connection has more
 * than 3/4 of a life left, more than the skipping reader's next renewal is away (RENEW_AT = 2/3).
 */
const SWAP_GAIN = 1 / 4;

/** What credentials let a connection read: its position subjects and the user's cards subject. */
const grantsOf = (c: NatsCredentials) => JSON.stringify([[...c.subjects].sort(), c.cards ?? null]);

/**
 * Whether the connection moves onto `next`, brought by a reader (joining or renewing): the link
 * runs on the newest credentials any of its readers holds. Older ones never replace newer ones;
 * newer ones do when they grant other subjects (the gateway's latest word on what this user
 * reads, e.g. cards it now publishes on nats.ws), or when they add enough life (SWAP_GAIN).
 */
export function supersedes(next: NatsCredentials, current: NatsCredentials, now: number): boolean {
  if (next.expiresAt <= current.expiresAt) return false;
  if (grantsOf(next) !== grantsOf(current)) return true;
  return next.expiresAt - current.expiresAt > (next.expiresAt - now) * SWAP_GAIN;
}

const utf8 = new TextDecoder();

/**
 * Every session of a user reads the user's subject: a forced logout that names the keys it is for
 * (a sign-in elsewhere spares the newer session) passes this browser by unless its key is named.
 */
export const isForOtherSessions = (message: ServerSocketMessage, publicKey: string) =>
  message.cmd === SocketCmd.forcedLogout && !!message.data && !message.data.keys.includes(publicKey);

/**
 * The console's one connection to NATS over websockets, for every reader that needs it (the
 * shell's cards, the map's positions), with the browser's one user key: the first reader opens it,
 * the last one to leave closes it. Each live link machine still fetches and renews credentials on
 * its own clock; the connection runs on the newest credentials its readers brought (`supersedes`:
 * a reader joining with newer or other grants moves it too, not only a renewal). A move opens a
 * second connection with the new credentials and subscribes every reader on it before the first
 * is drained, so no message is missed (a position may come twice: latest wins; a card is taken
 * from the connection in use only); moves run one after another. Reconnecting is the machines'
 * (with their backoff), not the client's, so a refused or expired credential leads to a fresh one.
 */
export class SharedNatsLink {
  readonly publicKey: string;
  /** Connections opened so far (renewals included). */
  opened = 0;
  private ended = 0;
  private readonly readers = new Set<Attached>();
  private current: Live | null = null;
  private opening: Promise<Live> | null = null;
  /** Moves onto newer credentials, one at a time, each judged against the connection it finds. */
  private moves: Promise<void> = Promise.resolve();

  constructor(private readonly seed: Uint8Array = createUser().getSeed(), private readonly connect: NatsConnect = wsconnect) {
    this.publicKey = fromSeed(seed).getPublicKey();
  }

  /** Connections open now: one while any reader is attached, two during a renewal. */
  get openConnections(): number {
    return this.opened - this.ended;
  }

  attach(creds: NatsCredentials, reader: NatsLinkReader, sendBack: (event: LinkEvent) => void) {
    const attached: Attached = { ...reader, sendBack, subs: new Map() };
    this.readers.add(attached);
    void this.join(creds, attached);
    return {
      renew: (next: NatsCredentials) => this.renew(next),
      stop: () => this.detach(attached),
    };
  }

  private async join(creds: NatsCredentials, reader: Attached): Promise<void> {
    let live: Live;
    try {
      live = this.current ?? (await (this.opening ??= this.openFirst(creds)));
    } catch {
      if (this.readers.has(reader)) reader.sendBack({ type: 'DISCONNECTED' });
      return;
    }
    if (!this.readers.has(reader)) return;
    this.subscribe(live, reader);
    try {
      await live.nc.flush();
    } catch {
      return; // the connection's close reports the drop
    }
    if (!this.readers.has(reader)) return;
    reader.sendBack({ type: 'CONNECTED' });
    // A reader that came later with newer or other grants moves the connection onto its credentials.
    if (live.creds !== creds) await this.renew(creds);
  }

  private async openFirst(creds: NatsCredentials): Promise<Live> {
    try {
      const live = await this.open(creds);
      if (this.readers.size === 0) {
        void live.nc.close();
        throw new Error('no reader left');
      }
      this.current = live;
      return live;
    } finally {
      this.opening = null;
    }
  }

  private async open(creds: NatsCredentials): Promise<Live> {
    const nc = await this.connect({ servers: creds.servers, authenticator: jwtAuthenticator(creds.jwt, this.seed), reconnect: false, name: 'wdiov-console' });
    this.opened++;
    const live = { nc, creds };
    void nc.closed().then(() => {
      this.ended++;
      // Readers learn of a drop only for the connection in use (a drained old one is expected to close).
      if (this.current !== live) return;
      this.current = null;
      for (const r of this.readers) r.sendBack({ type: 'DISCONNECTED' });
    });
    return live;
  }

  private renew(creds: NatsCredentials): Promise<void> {
    this.moves = this.moves.then(() => this.moveTo(creds)).catch(() => undefined);
    return this.moves;
  }

  private async moveTo(creds: NatsCredentials): Promise<void> {
    const old = this.current;
    if (!old || !supersedes(creds, old.creds, Date.now())) return;
    let next: Live | undefined;
    try {
      next = await this.open(creds);
      for (const r of this.readers) this.subscribe(next, r);
      await next.nc.flush();
    } catch {
      // The old connection serves on (if its credentials end, its close reports the drop); a half-set-up new one goes.
      if (next) {
        for (const r of this.readers) r.subs.delete(next.nc);
        void next.nc.close();
      }
      return;
    }
    if (this.current !== old || this.readers.size === 0) return void next.nc.close();
    this.current = next;
    // A reader that attached while the new connection was being set up.
    for (const r of this.readers) if (!r.subs.has(next.nc)) this.subscribe(next, r);
    for (const r of this.readers) r.subs.delete(old.nc);
    await old.nc.drain().catch(() => undefined);
  }

  private subscribe(live: Live, reader: Attached): void {
    const { nc, creds } = live;
    const subs: Subscription[] = [];
    const { onPosition } = reader;
    if (onPosition) {
      for (const subject of creds.subjects) {
        subs.push(nc.subscribe(subject, { callback: (err, m) => {
          if (err) return;
          const p = decodePositionMessage(m.subject, m.data);
          if (p) onPosition(p);
        } }));
      }
    }
    if (reader.messages && creds.cards) {
      subs.push(nc.subscribe(creds.cards, { callback: (err, m) => {
        if (err || this.current?.nc !== nc) return; // a renewal's overlap: the old connection's copy is not shown twice
        const message = parseSocketFrame(utf8.decode(m.data));
        if (message && isForOtherSessions(message, this.publicKey)) return;
        reader.sendBack(message ? { type: 'MESSAGE', message } : { type: 'INVALID_FRAME' });
      } }));
    }
    reader.subs.set(nc, subs);
  }

  private detach(reader: Attached): void {
    if (!this.readers.delete(reader)) return;
    for (const [nc, subs] of reader.subs) if (!nc.isClosed()) for (const s of subs) s.unsubscribe();
    reader.subs.clear();
    if (this.readers.size > 0) return;
    const live = this.current;
    this.current = null;
    void live?.nc.close();
  }
}
