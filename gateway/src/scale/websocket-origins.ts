import { hostname, networkInterfaces } from 'node:os';
import type { Env } from '../env.ts';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const ANY_ADDRESS = new Set(['0.0.0.0', '::', '']);

const bracketed = (address: string) => (address.includes(':') ? `[${address}]` : address);
const originOf = (host: string, port: number) => `http://${host}${port === 80 ? '' : `:${port}`}`;

/** The names a browser on the network may reach this machine by: its host name and its interfaces' addresses. */
function machineNames(): string[] {
  const addresses = Object.values(networkInterfaces()).flatMap((list) => list ?? [])
    .filter((a) => !a.internal && !a.address.startsWith('fe80:')).map((a) => bracketed(a.address));
  return [hostname().toLowerCase(), ...addresses];
}

/**
 * Origins whose pages may open the nats.ws listener: NATS_WS_ORIGINS, else CONSOLE_URL's origin,
 * else the console this gateway serves (its port at the addresses HOST binds). A page of any other
 * origin is refused by nats-server at the upgrade, which also keeps one origin per host name (the
 * console's dev server, on another port, is listed through NATS_WS_ORIGINS).
 */
export function natsWsOrigins(env: Env): string[] {
  if (env.NATS_WS_ORIGINS.length > 0) return env.NATS_WS_ORIGINS;
  if (env.CONSOLE_URL) return [new URL(env.CONSOLE_URL).origin];
  const host = env.HOST.trim();
  const loopback = ANY_ADDRESS.has(host) || LOOPBACK_NAMES.includes(bracketed(host)) || host.startsWith('127.');
  const names = new Set<string>(loopback ? LOOPBACK_NAMES : []);
  if (ANY_ADDRESS.has(host)) for (const name of machineNames()) names.add(name);
  else names.add(bracketed(host));
  const origins = new Set<string>();
  for (const name of names) origins.add(originOf(name, env.PORT));
  return [...origins];
}
