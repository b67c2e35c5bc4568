import type { WSContext } from 'hono/ws';
import { SocketCmd, clientSocketMessage, type LivePosition, type Telemetry } from '@wdiov/contracts';
import type { Principal } from '../crud/principal.ts';

/** Positions are flushed this often: a browser redraws a few times a second, never per message. */
export const FLUSH_MS = 250;
/** A client this far behind gets no positions until it drains (latest wins, nothing else is lost). */
const MAX_BUFFERED = 4 * 1024 * 1024;

interface Client {
  ws: WSContext;
  principal: Principal;
  subscribed: boolean;
  vins?: Set<string>;
  pending: Map<string, LivePosition>;
}

const speedOf = (s: Telemetry['speedKmh']) => (typeof s === 'number' ? s : s === 'invalid' ? -0.1 : s === 'abnormal' ? -0.2 : -0.1);

export function toLivePosition(t: Telemetry): LivePosition | null {
  if (t.lng === null || t.lat === null) return null;
  return {
    vin: t.vin, lng: t.lng, lat: t.lat, speed: speedOf(t.speedKmh), heading: t.heading,
    soc: typeof t.socPercent === 'number' ? t.socPercent : null, state: t.state, alarmLevel: Math.min(3, t.alarmLevel), ts: t.ts,
  };
}

/**
 * The online-user sockets of this gateway: who is connected, heartbeats, alarm cards to chosen
 * users, forced logouts, and the live position stream coalesced per vehicle.
 */
export class SocketHub {
  private readonly byUser = new Map<string, Set<Client>>();
  private readonly clients = new Map<WSContext, Client>();
  private timer?: NodeJS.Timeout;
  sent = 0;

  constructor(private readonly snapshot: (tenantId: string) => Telemetry[]) {}

  start(): void {
    this.timer = setInterval(() => this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    for (const c of this.clients.values()) c.ws.close(1001, 'server stopping');
  }

  open(ws: WSContext, principal: Principal): void {
    const client: Client = { ws, principal, subscribed: false, pending: new Map() };
    this.clients.set(ws, client);
    const set = this.byUser.get(principal.userId) ?? new Set();
    set.add(client);
    this.byUser.set(principal.userId, set);
  }

  close(ws: WSContext): void {
    const client = this.clients.get(ws);
    if (!client) return;
    this.clients.delete(ws);
    this.byUser.get(client.principal.userId)?.delete(client);
  }

  /** Handles a client frame; malformed ones are ignored (the socket is not a place for errors). */
  message(ws: WSContext, text: string): void {
    const client = this.clients.get(ws);
    if (!client) return;
    let parsed;
    try {
      parsed = clientSocketMessage.safeParse(JSON.parse(text));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const m = parsed.data;
    if (m.cmd === SocketCmd.heartbeat) this.send(client, { code: 0, cmd: SocketCmd.heartbeat, msg: 'pong', data: null, ts: Date.now() });
    else if (m.cmd === SocketCmd.subscribe) {
      client.subscribed = true;
      client.vins = m.data.vins ? new Set(m.data.vins) : undefined;
      // Start from the current picture, then follow the stream.
      for (const t of this.snapshot(client.principal.tenantId)) this.queue(client, t);
    } else if (m.cmd === SocketCmd.unsubscribe) {
      client.subscribed = false;
      client.pending.clear();
    }
  }

  private send(client: Client, message: unknown): void {
    client.ws.send(JSON.stringify(message));
    this.sent++;
  }

  private queue(client: Client, t: Telemetry) {
    if (!client.subscribed || client.principal.tenantId !== t.tenantId || (client.vins && !client.vins.has(t.vin))) return;
    const p = toLivePosition(t);
    if (p) client.pending.set(t.vin, p);
  }

  /** A new live snapshot: queued for every subscribed client of its tenant. */
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
      this.send(client, { code: 0, cmd: SocketCmd.positions, msg: '', data: batch, ts: Date.now() });
    }
  }

  /** Sends a message to every socket of the given users of a tenant; answers how many got it. */
  toUsers(tenantId: string, userIds: Iterable<string>, message: unknown): number {
    let n = 0;
    for (const id of userIds) {
      for (const client of this.byUser.get(id) ?? []) {
        if (client.principal.tenantId !== tenantId) continue;
        this.send(client, message);
        n++;
      }
    }
    return n;
  }

  /** Users of a tenant connected to this gateway. */
  onlineUsers(tenantId: string): string[] {
    return [...this.byUser.entries()].filter(([, set]) => [...set].some((c) => c.principal.tenantId === tenantId)).map(([id]) => id);
  }

  /** Forced logout: the warning, then the socket closes. */
  kick(userId: string, msg: string): void {
    for (const client of this.byUser.get(userId) ?? []) {
      this.send(client, { code: 0, cmd: SocketCmd.forcedLogout, msg, data: null, ts: Date.now() });
      setTimeout(() => client.ws.close(4001, 'forced logout'), 1000).unref();
    }
  }
}
