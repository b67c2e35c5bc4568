/**
 * What goes out on one logged-in link, and when: two lanes, live (realtime frames received just
 * now) and backlog (an outage's frames, sent as reissue in time order), drained by one loop
 * under the link's pacer. A frame submitted twice (the live subscription and the durable
 * consumer both see a fresh frame) goes once; every submission resolves when all of its frames
 * were confirmed by the platform, and rejects when the link failed first.
 */
import type { ForwardFrame } from './forward-filter.ts';
import type { LinkPacer } from './link-pacer.ts';

export type Lane = 'live' | 'backlog';

export interface LinkSenderDeps {
  pacer: LinkPacer;
  /** Writes the frames (in this order) and resolves once the platform confirmed them. */
  send(frames: ForwardFrame[]): Promise<void>;
  sleep(ms: number): Promise<void>;
  /** Frames the platform confirmed already (on this link or an earlier one). */
  confirmed: { has(id: string): boolean; add(id: string): void };
  /** At most this many frames per write (one confirmation round trip each). */
  maxFramesPerSend?: number;
}

interface Group {
  remaining: number;
  resolve: () => void;
  reject: (e: Error) => void;
}

interface Entry {
  frame: ForwardFrame;
  groups: Group[];
}

export class LinkSender {
  private readonly live: Entry[] = [];
  private readonly backlog: Entry[] = [];
  private readonly pending = new Map<string, Entry>();
  private failed: Error | null = null;
  private running = false;
  private wake: (() => void) | null = null;

  constructor(private readonly deps: LinkSenderDeps) {}

  /** Frames of the backlog lane not written yet. */
  get backlogWaiting(): number {
    return this.backlog.length;
  }

  get liveWaiting(): number {
    return this.live.length;
  }

  /** Queues frames on a lane; resolves when each of them was confirmed (sent now or before). */
  submit(frames: readonly ForwardFrame[], lane: Lane): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    if (frames.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const group: Group = { remaining: 0, resolve, reject };
      const queue = lane === 'live' ? this.live : this.backlog;
      for (const frame of frames) {
        if (this.deps.confirmed.has(frame.id)) continue;
        const known = this.pending.get(frame.id);
        if (known) {
          if (!known.groups.includes(group)) {
            known.groups.push(group);
            group.remaining++;
          }
          continue;
        }
        const entry: Entry = { frame, groups: [group] };
        group.remaining++;
        this.pending.set(frame.id, entry);
        queue.push(entry);
      }
      if (group.remaining === 0) return resolve();
      this.kick(lane);
    });
  }

  /** The link is gone: every waiting submission rejects, later ones too. */
  fail(e: Error): void {
    if (this.failed) return;
    this.failed = e;
    const entries = [...this.pending.values()];
    this.pending.clear();
    this.live.length = 0;
    this.backlog.length = 0;
    for (const g of new Set(entries.flatMap((x) => x.groups))) g.reject(e);
    this.wake?.();
  }

  private kick(lane: Lane): void {
    if (!this.running) {
      this.running = true;
      void this.loop();
    } else if (lane === 'live') this.wake?.();
  }

  private async loop(): Promise<void> {
    const max = this.deps.maxFramesPerSend ?? 4000;
    try {
      while (!this.failed && (this.live.length > 0 || this.backlog.length > 0)) {
        const liveWanted = Math.min(this.live.length, max);
        const a = this.deps.pacer.take(liveWanted, Math.min(this.backlog.length, max - liveWanted));
        if (a.live + a.backlog === 0) {
          const ms = this.deps.pacer.waitMs(this.live.length > 0 ? 'live' : 'backlog');
          await Promise.race([this.deps.sleep(Math.max(1, ms)), new Promise<void>((r) => (this.wake = r))]);
          this.wake = null;
          continue;
        }
        const batch = [...this.live.splice(0, a.live), ...this.backlog.splice(0, a.backlog)];
        try {
          await this.deps.send(batch.map((e) => e.frame));
        } catch (e) {
          this.fail(e instanceof Error ? e : new Error(String(e)));
          return;
        }
        for (const entry of batch) this.settle(entry);
      }
    } finally {
      this.running = false;
      // Work submitted while the last write was out starts the loop again.
      if (!this.failed && (this.live.length > 0 || this.backlog.length > 0)) this.kick('backlog');
    }
  }

  private settle(entry: Entry): void {
    this.deps.confirmed.add(entry.frame.id);
    this.pending.delete(entry.frame.id);
    for (const g of entry.groups) if (--g.remaining === 0) g.resolve();
  }
}
