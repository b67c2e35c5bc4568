/**
 * The forwarding record of each vehicle on a platform (wdiov_forward_record), counted in memory
 * by the one gateway forwarding for the platform and written every few seconds: the forwarder
 * never waits for the database.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { nextId } from '../lib/ids.ts';
import type { ForwardFrame } from './forward-filter.ts';

interface Counts {
  vehicleId: string;
  sent: number;
  realtime: number;
  reissue: number;
  acked: number;
  lastFrameTime: number;
  lastSendTime: number;
  error: string | null;
}

export class ForwardRecords {
  private readonly pending = new Map<string, Counts>();
  private readonly known = new Set<string>();
  private backlogSeconds = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Db, private readonly tenantId: string, private readonly platformId: string, flushMs = 2000) {
    this.timer = setInterval(() => void this.flush().catch(() => {}), flushMs);
    this.timer.unref();
  }

  private of(vin: string, vehicleId: string): Counts {
    let c = this.pending.get(vin);
    if (!c) this.pending.set(vin, (c = { vehicleId, sent: 0, realtime: 0, reissue: 0, acked: 0, lastFrameTime: 0, lastSendTime: 0, error: null }));
    return c;
  }

  /** Frames written to the link and confirmed by the platform (confirmed = false when the link broke first). */
  count(frames: readonly ForwardFrame[], confirmed: boolean, at: number, backlogSeconds: number): void {
    this.backlogSeconds = backlogSeconds;
    for (const f of frames) {
      const c = this.of(f.vin, f.vehicleId);
      c.sent++;
      if (f.command === 0x03) c.reissue++;
      else c.realtime++;
      if (confirmed) c.acked++;
      c.lastFrameTime = Math.max(c.lastFrameTime, f.time);
      c.lastSendTime = at;
    }
  }

  /** An error the platform answered to a vehicle's frame, or a link failure while its frames were out. */
  error(vin: string, vehicleId: string, message: string): void {
    this.of(vin, vehicleId).error = message.slice(0, 255);
  }

  /** Writes what was counted since the last flush (an upsert keyed by platform and VIN; one writer per platform). */
  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending];
    this.pending.clear();
    for (const [vin, c] of batch) {
      const lastFrame = c.lastFrameTime ? new Date(c.lastFrameTime) : null;
      const lastSend = c.lastSendTime ? new Date(c.lastSendTime) : null;
      const updated = this.known.has(vin) ? 1 : await this.update(vin, c, lastFrame, lastSend);
      if (updated === 0) {
        await this.db.execute(sql`INSERT INTO wdiov_forward_record (id, tenant_id, forward_platform_id, vehicle_id, vin, frames_sent, realtime_sent, reissue_sent, frames_acked, backlog_seconds, last_frame_time, last_send_time, last_error)
          VALUES (${nextId()}, ${this.tenantId}, ${this.platformId}, ${c.vehicleId}, ${vin}, ${c.sent}, ${c.realtime}, ${c.reissue}, ${c.acked}, ${this.backlogSeconds}, ${lastFrame}, ${lastSend}, ${c.error})`);
      } else if (this.known.has(vin)) await this.update(vin, c, lastFrame, lastSend);
      this.known.add(vin);
    }
  }

  private async update(vin: string, c: Counts, lastFrame: Date | null, lastSend: Date | null): Promise<number> {
    const result = (await this.db.execute(sql`UPDATE wdiov_forward_record SET
        frames_sent = coalesce(frames_sent, 0) + ${c.sent}, realtime_sent = coalesce(realtime_sent, 0) + ${c.realtime},
        reissue_sent = coalesce(reissue_sent, 0) + ${c.reissue}, frames_acked = coalesce(frames_acked, 0) + ${c.acked},
        backlog_seconds = ${this.backlogSeconds}, last_frame_time = greatest(last_frame_time, ${lastFrame}::timestamptz),
        last_send_time = coalesce(${lastSend}::timestamptz, last_send_time), last_error = coalesce(${c.error}, last_error), update_time = now()
      WHERE forward_platform_id = ${this.platformId} AND vin = ${vin} AND is_deleted = 0`)) as unknown as { rowCount?: number; affectedRows?: number };
    return result.rowCount ?? result.affectedRows ?? 0;
  }

  /** Forgets what was not written yet (the process is going down hard). */
  discard(): void {
    clearInterval(this.timer);
    this.pending.clear();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
