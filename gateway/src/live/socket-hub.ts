import type { WSContext } from 'hono/ws';
import {
  SocketCmd, clientSocketMessage, forcedLogoutFrame, positionsFrame,
  type AlarmCardMessage, type KickMessage, type LivePosition, type OnlineUserServerMessage, type PositionServerMessage, type Telemetry,
} from '@wdiov/contracts';
import type { Principal } from '../crud/principal.ts';
import { inScope, type VinScope, type VinScopes } from './vehicle-scope.ts';

/** Positions are flushed this often: a browser redraws a few times a second, never per message. */
export const FLUSH_MS = 250;
/** A client this far behind gets no positions until it drains (latest wins, nothing else is lost). */
const MAX_BUFFERED = 4 * 1024 * 1024;
/** The forced-logout warning is read before the socket closes. */
const KICK_CLOSE_MS = 1000;
/**
 * Open sockets read their vehicle scope again this often, beside the drops on announced changes:
 * a grant made through a call that announces nothing (role grants) still applies on every replica.
 */
export const SCOPE_REFRESH_MS = 60_000;

/** The online-user socket carries cards and kicks; the position socket, position batches. */
export type SocketChannel = 'online-user' | 'positions';

interface Client {
  ws: WSContext;
  principal: Principal;
  channel: SocketChannel;
  openedAt: number;
  /** The vehicles this user may see; null until resolved (nothing is sent before). */
  scope: VinScope | null;
  ready: Promise<void>;
  subscribed: boolean;
  vins?: Set<string>;
  pending: Map<string, LivePosition>;
}

const speedOf = (s: Telemetry['speedKmh']) => (typeof s === 'number' ? s : s === 'invalid' ? -0.1 : s === 'abnormal' ? -0.2 : -0.1);

export function toLivePosition(t: Telemetry): LivePosition | null {
  if (t.lng === null || t.lat === null) return null;
  return {
    vin: t.vin, lng: t.lng, lat: t.lat, speed: speedOf(t.speedKmh), heading: t.heading,
    soc: typeof t.socPercent === 'number' ? t.socPercent : null, state: t.state, alarmLevel: t.alarmLevel, ts: t.ts,
  };
}

/**
 * The sockets of this gateway: who is connected, alarm cards to chosen users, forced logouts
 * (online-user socket), and the live position stream coalesced per vehicle (position socket).
 * Every card and position is checked against the user's vehicle scope, not only the tenant.
 */
export class SocketHub {
  private readonly byUser = new Map<string, Set<Client>>();
  private readonly clients = new Map<WSContext, Client>();
  private timer?: NodeJS.Timeout;
  private scopeTimer?: NodeJS.Timeout;
  private readonly stopScopes: () => void;
  sent = 0;

  constructor(
    private readonly snapshot: (tenantId: string) => Telemetry[],
    readonly scopes: VinScopes,
  ) {
    this.stopScopes = scopes.onChange(() => this.refreshScopes());
  }

  start(): void {
    this.timer = setInterval(() => this.flush(), FLUSH_MS);
    this.timer.unref();
    this.scopeTimer = setInterval(() => this.refreshScopes(), SCOPE_REFRESH_MS);
    this.scopeTimer.unref();
  }

  private refreshScopes(): void {
    for (const client of this.clients.values()) this.resolveScope(client, true);
  }

  stop(): void {
    clearInterval(this.timer);
    clearInterval(this.scopeTimer);
    this.stopScopes();
    for (const c of this.clients.values()) c.ws.close(1001, 'server stopping');
  }

  open(ws: WSContext, principal: Principal, channel: SocketChannel = 'online-user'): void {
    const client: Client = { ws, principal, channel, openedAt: Date.now(), scope: null, ready: Promise.resolve(), subscribed: false, pending: new Map() };
    this.clients.set(ws, client);
    const set = this.byUser.get(principal.userId) ?? new Set();
    set.add(client);
    this.byUser.set(principal.userId, set);
    this.resolveScope(client, false);
  }

  /** (Re)reads the client's vehicle scope; on a change, a subscriber gets the vehicles it gained. */
  private resolveScope(client: Client, changed: boolean): void {
    client.ready = this.scopes.vinsOf(client.principal).then(
      (scope) => {
        const before = client.scope;
        client.scope = scope;
        for (const vin of client.pending.keys()) if (!inScope(scope, vin)) client.pending.delete(vin);
        if (changed) this.queueSnapshot(client, before);
      },
      // Unknown scope: nothing is shown rather than too much.
      () => void (client.scope = new Set()),
    );
  }

  close(ws: WSContext): void {
    const client = this.clients.get(ws);
    if (!client) return;
    this.clients.delete(ws);
    this.byUser.get(client.principal.userId)?.delete(client);
  }

  /** The user's open sockets on this gateway, of both channels. */
  socketsOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Open sockets per channel (for the metrics). */
  clientCounts(): Record<SocketChannel, number> {
    const counts: Record<SocketChannel, number> = { 'online-user': 0, positions: 0 };
    for (const c of this.clients.values()) counts[c.channel]++;
    return counts;
  }

  /**
   * Handles a client frame; malformed ones are ignored (the socket is not a place for errors).
   * The heartbeat is never answered: any message but a card or a kick hides the browser's cards.
   */
  message(ws: WSContext, text: string): void {
    const client = this.clients.get(ws);
    if (!client || client.channel !== 'positions') return;
    let parsed;
    try {
      parsed = clientSocketMessage.safeParse(JSON.parse(text));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const m = parsed.data;
    if (m.cmd === SocketCmd.subscribe) {
      client.subscribed = true;
      client.vins = m.data.vins ? new Set(m.data.vins) : undefined;
      // Start from the current picture, then follow the stream.
      void client.ready.then(() => this.queueSnapshot(client));
    } else if (m.cmd === SocketCmd.unsubscribe) {
      client.subscribed = false;
      client.pending.clear();
    }
  }

  /** `text`: the message already serialised, when the same one goes to many sockets. */
  private send(client: Client, message: OnlineUserServerMessage | PositionServerMessage, text = JSON.stringify(message)): void {
    client.ws.send(text);
    this.sent++;
  }

  /** The current picture, or only the vehicles outside `except` (what a wider scope adds). */
  private queueSnapshot(client: Client, except?: VinScope | null): void {
    if (except === 'tenant') return;
    for (const t of this.snapshot(client.principal.tenantId)) if (!except || !except.has(t.vin)) this.queue(client, t);
  }

  private queue(client: Client, t: Telemetry) {
    if (!client.subscribed || !client.scope || client.principal.tenantId !== t.tenantId || !inScope(client.scope, t.vin)) return;
    if (client.vins && !client.vins.has(t.vin)) return;
    const p = toLivePosition(t);
    if (p) client.pending.set(t.vin, p);
  }

  /** A new live snapshot: queued for every subscribed client that may see the vehicle. */
  position(t: Telemetry): void {
    for (const client of this.clients.values()) this.queue(client, t);
  }

  flush(): void {
    for (const client of this.clients.values()) {
      if (client.pending.size === 0) continue;
      const raw = client.ws.raw as { bufferedAmount?: number } | undefined;
      if ((raw?.bufferedAmount ?? 0) > MAX_BUFFERED) continue;
      const batch = [...client.pending.values()];
      client.pending.clear();
      this.send(client, positionsFrame(batch));
    }
  }

  /**
   * Sends a card to the online-user sockets of the given users of a tenant who may see its
   * vehicle; answers how many sockets it reached (or will, once their scope is known).
   */
  toUsers(tenantId: string, userIds: Iterable<string>, card: AlarmCardMessage): number {
    let n = 0;
    // Serialised once for every socket it reaches.
    let text: string | undefined;
    const once = () => (text ??= JSON.stringify(card));
    for (const id of userIds) {
      for (const client of this.byUser.get(id) ?? []) {
        if (client.channel !== 'online-user' || client.principal.tenantId !== tenantId) continue;
        if (client.scope) {
          if (!inScope(client.scope, card.data.vin)) continue;
          this.send(client, card, once());
          n++;
        } else {
          void client.ready.then(() => client.scope && inScope(client.scope, card.data.vin) && this.clients.has(client.ws) && this.send(client, card, once()));
        }
      }
    }
    return n;
  }

  /** Users of a tenant connected to this gateway's online-user socket. */
  onlineUsers(tenantId: string): string[] {
    return [...this.byUser.entries()]
      .filter(([, set]) => [...set].some((c) => c.channel === 'online-user' && c.principal.tenantId === tenantId))
      .map(([id]) => id);
  }

  /**
   * Forced logout: the warning on the online-user socket, then every socket of the user closes.
   * With `openedBefore`, sockets opened later (the session that caused the kick) stay; `family`
   * closes that sign-in's sockets only, `keepFamily` spares its; `quiet` closes without the warning.
   */
  kick(userId: string, msg: string, openedBefore = Number.POSITIVE_INFINITY, which: Pick<KickMessage, 'family' | 'keepFamily' | 'quiet'> = {}): void {
    for (const client of this.byUser.get(userId) ?? []) {
      if (client.openedAt > openedBefore) continue;
      const family = client.principal.family;
      if (which.family !== undefined && family !== which.family) continue;
      if (which.keepFamily !== undefined && family === which.keepFamily) continue;
      if (which.quiet) {
        client.ws.close(4000, 'signed out');
      } else if (client.channel === 'online-user') {
        this.send(client, forcedLogoutFrame(msg));
        setTimeout(() => client.ws.close(4001, 'forced logout'), KICK_CLOSE_MS).unref();
      } else {
        client.ws.close(4001, 'forced logout');
      }
    }
  }
}
