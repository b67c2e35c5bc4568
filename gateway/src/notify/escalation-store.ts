/**
 * The escalations waiting for their time, in the database: armed again by whichever gateway
 * starts next, so a restart loses none. Firing claims the row for a while first (a lease: its time
 * moved on, compared with the time armed), so two gateways that both armed it do not both route it; the row goes
 * once the escalation was routed or was not needed. A gateway that dies between claim and
 * removal leaves the row to be fired again after the lease: its deliveries are unique by alarm,
 * stage, channel and recipient, so nobody hears it twice.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { AlarmEvent, FaultEvent } from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import { notifyEscalations } from '../db/schema/notify.ts';

export type EscalationKind = 'alarm' | 'fault';

export interface PendingEscalation {
  key: string;
  kind: EscalationKind;
  stage: number;
  event: AlarmEvent | FaultEvent;
  dueAt: number;
}

/** How long a gateway holds an escalation it fires before another may fire it. */
const LEASE_MS = 120_000;
/** Escalations armed at a start, at most (each a timer; more wait for the next start). */
const REARM_MAX = 20_000;

export const escalationKey = (e: { tenantId: string; id: string }, stage: number) => `${e.tenantId}/${e.id}#${stage}`;

export class EscalationStore {
  constructor(private readonly db: Db, private readonly now: () => number) {}

  /** Stores the escalation unless it is stored already; true when it is new. */
  async add(p: PendingEscalation): Promise<boolean> {
    const inserted = await this.db.insert(notifyEscalations).values({
      key: p.key, tenantId: p.event.tenantId, kind: p.kind, alarmId: p.event.id, stage: p.stage, event: p.event, dueAt: new Date(p.dueAt),
    }).onConflictDoNothing().returning({ key: notifyEscalations.key });
    return inserted.length > 0;
  }

  /** Every stored escalation, soonest first (those past their time too: they fire at once). */
  async pending(): Promise<PendingEscalation[]> {
    const rows = await this.db.select().from(notifyEscalations).orderBy(asc(notifyEscalations.dueAt)).limit(REARM_MAX);
    return rows.map((r) => ({ key: r.key, kind: r.kind as EscalationKind, stage: r.stage, event: r.event as AlarmEvent | FaultEvent, dueAt: r.dueAt.getTime() }));
  }

  /**
   * Takes the escalation to fire it, moving its time to the lease's end: false when it is gone or
   * its time is no longer the one armed (another gateway took it first).
   */
  async claim(p: Pick<PendingEscalation, 'key' | 'dueAt'>): Promise<boolean> {
    const claimed = await this.db.update(notifyEscalations).set({ dueAt: new Date(this.now() + LEASE_MS) })
      .where(and(eq(notifyEscalations.key, p.key), eq(notifyEscalations.dueAt, new Date(p.dueAt)))).returning({ key: notifyEscalations.key });
    return claimed.length > 0;
  }

  async remove(key: string): Promise<void> {
    await this.db.delete(notifyEscalations).where(eq(notifyEscalations.key, key));
  }
}
