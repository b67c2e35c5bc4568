import { and, eq, gte, like, lte, sql } from 'drizzle-orm';
import {
  HIDDEN_DANGER_WINDOW_MS, SafetyWarningStatus, faultDeadline, hiddenDangerDeadline, hiddenDangerLevel,
} from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import { safetyWarningTable } from '../db/schema/index.ts';
import { keyedId } from '../lib/keyed-id.ts';
import { dayOf } from '../stats/day-figures.ts';

/** A fault or hidden danger found on a vehicle. */
export interface Finding {
  tenantId: string;
  vin: string;
  plate: string;
  /** F1…F12 or C1…C12. */
  item: string;
  itemName: string;
  /** Faults: the item's level; hidden dangers take theirs from how many the vehicle had in 24 h. */
  level?: number;
  raisedAt: number;
  /** What the model saw (counts, values), for the operator. */
  detail: string;
}

const w = safetyWarningTable as unknown as Record<string, never>;
const DAY_MS = 86_400_000;

/**
 * Writes safety warnings: a vehicle has at most one open (unhandled) warning per item, so a
 * fault flag that stays set or a model that keeps finding the same danger raises it once. Each
 * row's id comes from vehicle, item and day, so a second writer of the same finding adds nothing.
 * A hidden danger with another one in the 24 hours before it has both handled within a day (D.2).
 */
export class WarningWriter {
  constructor(private readonly db: Db, private readonly utcOffsetMin: number) {}

  /** Answers whether a warning was written (false: the vehicle already has this item open). */
  async raise(f: Finding): Promise<boolean> {
    const mine = and(eq(w.tenantId!, f.tenantId), eq(w.vin!, f.vin), eq(w.isDeleted!, 0));
    const [open] = await this.db.select({ id: w.id! }).from(safetyWarningTable)
      .where(and(mine, eq(w.item!, f.item), eq(w.warningStatus!, SafetyWarningStatus.open))).limit(1);
    if (open) return false;
    let level: number;
    let deadline: number;
    if (f.item.startsWith('F')) {
      level = f.level ?? 1;
      deadline = faultDeadline(f.raisedAt, level);
    } else {
      const since = new Date(f.raisedAt - HIDDEN_DANGER_WINDOW_MS);
      const recent = and(mine, like(w.item!, 'C%'), gte(w.raisedTime!, since), lte(w.raisedTime!, new Date(f.raisedAt)));
      const [{ n } = { n: 0 }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(safetyWarningTable).where(recent);
      const inWindow = Number(n) + 1;
      level = hiddenDangerLevel(inWindow);
      deadline = hiddenDangerDeadline(f.raisedAt, inWindow);
      if (inWindow >= 2) {
        // The earlier ones of the window now fall under the 1-day row as well.
        await this.db.update(safetyWarningTable).set({
          level: sql`greatest(${w.level!}, 2)`, deadline: sql`least(${w.deadline!}, ${new Date(f.raisedAt + DAY_MS)})`, updateTime: new Date(),
        }).where(and(recent, eq(w.warningStatus!, SafetyWarningStatus.open)));
      }
    }
    const at = new Date(f.raisedAt);
    const inserted = await this.db.insert(safetyWarningTable).values({
      id: keyedId('safety', f.tenantId, f.vin, f.item, dayOf(f.raisedAt, this.utcOffsetMin)),
      tenantId: f.tenantId, createTime: at, updateTime: at, status: 1, isDeleted: 0,
      vin: f.vin, plateNumber: f.plate, item: f.item, itemName: f.itemName, level, raisedTime: at, deadline: new Date(deadline),
      detail: f.detail.slice(0, 255), warningStatus: SafetyWarningStatus.open,
    }).onConflictDoNothing().returning({ id: w.id! });
    return inserted.length > 0;
  }
}
