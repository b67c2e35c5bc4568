/**
 * A hashed timer wheel: one interval tick drives every vehicle of the fleet instead of one
 * timer per vehicle. Scheduling and firing are O(1) per item; items due beyond one turn of
 * the wheel wait in their bucket and are skipped until their turn comes.
 */

export interface Scheduled {
  /** Epoch ms at which the item wants to run next. */
  dueMs: number;
}

export class TimerWheel<T extends Scheduled> {
  private readonly buckets: T[][];
  private spare: T[] = [];
  /** Last slot completely processed (absolute slot number). */
  private slot: number;

  constructor(startMs: number, private readonly slotMs = 50, private readonly size = 4096) {
    this.buckets = Array.from({ length: size }, () => []);
    this.slot = Math.floor(startMs / slotMs) - 1;
  }

  /** Schedules `item` at item.dueMs (an item already due fires on the next advance). */
  schedule(item: T): void {
    const s = Math.max(this.slot + 1, Math.floor(item.dueMs / this.slotMs));
    this.buckets[s % this.size].push(item);
  }

  /**
   * Fires every item due up to nowMs, in slot order and scheduling order within a slot.
   * `fire` may schedule items again (also into a slot being processed: they run next advance).
   */
  advance(nowMs: number, fire: (item: T) => void): void {
    const last = Math.floor(nowMs / this.slotMs);
    // After a long stall, visit each bucket once rather than every missed slot.
    const first = Math.max(this.slot + 1, last - this.size + 1);
    for (let s = first; s <= last; s++) {
      const index = s % this.size;
      const bucket = this.buckets[index];
      if (bucket.length === 0) continue;
      this.buckets[index] = this.spare;
      for (const item of bucket) {
        if (item.dueMs <= nowMs) fire(item);
        else this.buckets[index].push(item); // a later turn of the wheel
      }
      bucket.length = 0;
      this.spare = bucket;
    }
    // The current slot is not over yet: visit it again next time for items due later in it.
    this.slot = last - 1;
  }
}
