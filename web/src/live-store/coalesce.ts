import { bufferTime, filter, map, type Observable, type SchedulerLike, asyncScheduler } from 'rxjs';
import { SocketCmd, type LivePosition, type ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';

/** Between 100 and 250 ms: fewer redraws than messages, still under the eye's "live" threshold. */
export const COALESCE_MS = 200;

/**
 * Merges every position of a window into one entry per vehicle. Latest wins by terminal time;
 * on a tie the later message wins (the gateway already coalesced, so later means newer).
 */
export function lastWinsByVin(messages: readonly ServerSocketMessage[]): LivePosition[] {
  const batches = messages.filter((m) => m.cmd === SocketCmd.positions);
  // The usual window holds one gateway flush, already one entry per vehicle: no copy needed.
  // (The store also drops older terminal times, so a duplicate could not go backwards.)
  if (batches.length === 1 && batches[0].cmd === SocketCmd.positions) return batches[0].data;
  const latest = new Map<string, LivePosition>();
  for (const message of batches) {
    if (message.cmd !== SocketCmd.positions) continue;
    for (const p of message.data) {
      const held = latest.get(p.vin);
      if (!held || p.ts >= held.ts) latest.set(p.vin, p);
    }
  }
  return [...latest.values()];
}

/** Socket stream → one coalesced batch per window (empty windows emit nothing). */
export function coalescePositions(
  messages$: Observable<ServerSocketMessage>,
  windowMs: number = COALESCE_MS,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<LivePosition[]> {
  return messages$.pipe(
    filter((m) => m.cmd === SocketCmd.positions),
    bufferTime(windowMs, null, Number.POSITIVE_INFINITY, scheduler),
    filter((window) => window.length > 0),
    map(lastWinsByVin),
    filter((batch) => batch.length > 0),
  );
}
