import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import { alarmEvent, faultEvent, fenceEvent, streams, SYSTEM_HANDLER, type AlarmEvent, type FaultEvent, type FenceEvent } from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import type { MessageBus, DurableConsumer } from '../bus/bus.ts';
import { fenceAccessRecordTable, vehicleAlarmDataTable, vehicleFaultDataTable } from '../db/schema/index.ts';

const dec = new TextDecoder();
const durationS = (e: { startTime: number; endTime: number | null }) => (e.endTime === null ? null : Math.max(0, Math.round((e.endTime - e.startTime) / 1000)));

/**
 * Writes events from the durable stream (raw frames: RawFramePersister). Every gateway binds the same durable
 * consumers, so the streams' messages are shared out and each is written by one gateway; a
 * message is acknowledged only after its row is written, and rows are keyed by the event id,
 * so a redelivery (after a crash between write and ack) updates rather than duplicates.
 */
export class EventPersister {
  private consumers: DurableConsumer[] = [];
  written = 0;

  constructor(private readonly db: Db, private readonly bus: MessageBus, private readonly logger: Logger) {}

  async start(): Promise<void> {
    this.consumers.push(await this.bus.consumeDurable(streams.events.name, 'wdiov-persist-events', async (m) => {
      const kind = m.subject.split('.')[2];
      const body = JSON.parse(dec.decode(m.data));
      if (kind === 'alarm') await this.alarm(alarmEvent.parse(body));
      else if (kind === 'fault') await this.fault(faultEvent.parse(body));
      else if (kind === 'fence') await this.fence(fenceEvent.parse(body));
      this.written++;
    }));
  }

  private audit(e: { tenantId: string }, at: Date) {
    return { tenantId: e.tenantId, createTime: at, updateTime: at, status: 1, isDeleted: 0 };
  }

  private async upsert(table: PgTable, id: string, insert: Record<string, unknown>, onEnd: Record<string, unknown> | null) {
    const t = table as unknown as Record<string, never>;
    await this.db.insert(table).values({ id, ...insert }).onConflictDoUpdate({
      target: t.id!,
      // A start seen again changes nothing; an end closes the row.
      set: onEnd ?? { id: sql`excluded.id` },
    });
  }

  private async alarm(e: AlarmEvent) {
    const at = new Date(e.startTime);
    const end = e.endTime === null ? null : new Date(e.endTime);
    const closing = e.phase === 'end' ? { endTime: end, duration: durationS(e), updateTime: new Date() } : null;
    await this.upsert(vehicleAlarmDataTable, e.id, {
      ...this.audit(e, at), vin: e.vin, plateNumber: e.plate, alarmType: e.alarmType, alarmName: e.alarmName, alarmLevel: e.level,
      source: e.source, startTime: at, endTime: end, duration: durationS(e), speed: e.speedKmh, lng: e.lng, lat: e.lat,
      // A type that needs no operator is handled by the system as it opens.
      ...(e.mustHandle === false ? { isHandle: 1, handleUser: SYSTEM_HANDLER, handleTime: at } : { isHandle: 0 }),
    }, closing);
  }

  private async fault(e: FaultEvent) {
    const at = new Date(e.startTime);
    const end = e.endTime === null ? null : new Date(e.endTime);
    const closing = e.phase === 'end' ? { endTime: end, duration: durationS(e), updateTime: new Date() } : null;
    await this.upsert(vehicleFaultDataTable, e.id, {
      ...this.audit(e, at), vin: e.vin, plateNumber: e.plate, category: e.category, faultCode: e.faultCode, faultName: e.faultName,
      spn: e.spn, fmi: e.fmi, faultLevel: e.level, startTime: at, endTime: end, duration: durationS(e), isHandle: 0,
    }, closing);
  }

  private async fence(e: FenceEvent) {
    const at = new Date(e.startTime);
    await this.upsert(fenceAccessRecordTable, e.id, {
      ...this.audit(e, at), vin: e.vin, plateNumber: e.plate, fenceId: e.fenceId, fenceName: e.fenceName, accessType: e.accessType,
      accessTime: at, speed: e.speedKmh, lng: e.lng, lat: e.lat,
    }, null);
  }

  /** Stops once what the streams hold is written (an in-process stream is gone with the process). */
  async stop(): Promise<void> {
    for (const c of this.consumers) await c.stop({ drain: true });
    this.consumers = [];
  }
}
