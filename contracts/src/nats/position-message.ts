import type { LivePosition } from '../live/socket-messages.ts';
import { MAX_ALARM_LEVEL } from '../live/alarm-level.ts';

/**
 * One vehicle's live position on subjects.position, the compact form browsers read over nats.ws:
 * a JSON array `[lng, lat, speed, heading, soc|null, state, alarmLevel, ts]` (~60 bytes); the VIN
 * is the subject's last token. Decoded with plain checks (no zod): it is the browser's hot input.
 */
const utf8Out = new TextEncoder();
const utf8In = new TextDecoder();

export function encodePositionMessage(p: LivePosition): Uint8Array {
  return utf8Out.encode(JSON.stringify([p.lng, p.lat, p.speed, p.heading, p.soc, p.state, p.alarmLevel, p.ts]));
}

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const int = (v: unknown): v is number => Number.isInteger(v);

/** The position in a message on `subject`, or null when the subject or payload is not one. */
export function decodePositionMessage(subject: string, data: Uint8Array): LivePosition | null {
  const parts = subject.split('.');
  if (parts.length !== 4 || parts[2] !== 'pos' || !parts[3]) return null;
  let a: unknown;
  try {
    a = JSON.parse(utf8In.decode(data));
  } catch {
    return null;
  }
  if (!Array.isArray(a) || a.length !== 8) return null;
  const [lng, lat, speed, heading, soc, state, alarmLevel, ts] = a as unknown[];
  if (!num(lng) || !num(lat) || !num(speed) || !num(heading) || !(soc === null || num(soc)) || !int(state) || !int(ts)) return null;
  if (!int(alarmLevel) || alarmLevel < 0 || alarmLevel > MAX_ALARM_LEVEL) return null;
  return { vin: parts[3], lng, lat, speed, heading, soc, state, alarmLevel, ts };
}

/** Where a signed-in browser asks for its nats.ws credentials (GET, `?publicKey=` its user nkey). */
export const NATS_CREDENTIALS_PATH = '/api/wdiov-base/live-position/nats-credentials';

/**
 * The answer's `data`: null when this gateway offers no nats.ws feed (or the user's scope is too
 * large to list), so the browser uses the position socket instead.
 */
export interface NatsCredentials {
  /** Websocket URLs of the NATS servers. */
  servers: string[];
  /** The user JWT for the browser's own nkey (the seed never leaves the browser). */
  jwt: string;
  /** Epoch ms: nats-server disconnects the user then; renew before. */
  expiresAt: number;
  /** The subjects to subscribe to (the JWT allows these and nothing else). */
  subjects: string[];
  /**
   * This user's own subject for alarm cards (cmd 1200) and forced logouts (cmd 8860), the frames
   * of the online-user socket (absent from gateways that do not send them over NATS).
   */
  cards?: string;
}
