import { bufferTime, filter, type Observable, type SchedulerLike, asyncScheduler } from 'rxjs';
import type { ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import { isPositionBatch, type PositionBatch } from './packed-positions';
import { PositionCmd } from './position-frame';

/** Between 100 and 250 ms: fewer redraws than messages, still under the eye's "live" threshold. */
export const COALESCE_MS = 200;

/**
 * What a live feed takes: packed batches from the position channel, or socket messages as
 * objects (the monitoring tests' fixtures, any stream of parsed messages).
 */
export type PositionUpdate = PositionBatch | ServerSocketMessage;

/** Updates that carry at least one position (other commands and empty frames draw nothing). */
export const carriesPositions = (update: PositionUpdate): boolean =>
  isPositionBatch(update) ? update.count > 0 : update.cmd === PositionCmd.positions && update.data.length > 0;

/**
 * Socket stream → the updates of each window, in arrival order (empty windows emit nothing).
 * Nothing is merged here: the store keeps the newest terminal time per vehicle and lets a
 * later write win a tie, so writing a window's updates in order leaves what a last-wins merge
 * by VIN would, without a Map lookup per position.
 */
export function coalescePositions(
  updates$: Observable<PositionUpdate>,
  windowMs: number = COALESCE_MS,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<PositionUpdate[]> {
  return updates$.pipe(
    filter(carriesPositions),
    bufferTime(windowMs, null, Number.POSITIVE_INFINITY, scheduler),
    filter((window) => window.length > 0),
  );
}
