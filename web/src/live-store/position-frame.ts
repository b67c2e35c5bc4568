import { SocketCmd, type LivePosition, type ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import { parseSocketFrame } from '../live/socket-frame';

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isInt = (v: unknown): v is number => Number.isInteger(v);

/**
 * The contracts' `livePosition` schema as plain checks. Position frames are the one hot input
 * (a 10,000-vehicle fleet is 10,000 objects a second): measured here zod takes ~0.29 µs per
 * position, these checks ~0.04 µs. Same rules, kept in step by a test that compares both.
 */
export function isLivePosition(v: unknown): v is LivePosition {
  if (!v || typeof v !== 'object') return false;
  const p = v as Record<string, unknown>;
  return (
    typeof p.vin === 'string' &&
    isNum(p.lng) && isNum(p.lat) && isNum(p.speed) && isNum(p.heading) &&
    (p.soc === null || isNum(p.soc)) &&
    isInt(p.state) &&
    isInt(p.alarmLevel) && (p.alarmLevel as number) >= 0 && (p.alarmLevel as number) <= 3 &&
    isInt(p.ts)
  );
}

/**
 * A socket text frame → message. Position frames take the fast path (invalid positions are
 * dropped one by one, so one bad vehicle does not blank the map); everything else goes
 * through the shell's zod parser.
 */
export function parseLiveFrame(raw: unknown): ServerSocketMessage | null {
  if (typeof raw !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const m = json as { code?: unknown; cmd?: unknown; msg?: unknown; data?: unknown; ts?: unknown } | null;
  if (m && m.cmd === SocketCmd.positions) {
    if (!isInt(m.code) || !isInt(m.ts) || !Array.isArray(m.data)) return null;
    return { code: m.code, cmd: SocketCmd.positions, msg: typeof m.msg === 'string' ? m.msg : '', ts: m.ts, data: m.data.filter(isLivePosition) };
  }
  return parseSocketFrame(raw);
}
