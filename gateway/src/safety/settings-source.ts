import { and, eq, like } from 'drizzle-orm';
import { DEFAULT_SAFETY_SETTINGS, SAFETY_PARAM_PREFIX, safetySettingsOf, type SafetySettings } from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import { paramTable } from '../db/schema/index.ts';

/** A param written on another gateway reaches this one within this. */
const TTL_MS = 30_000;
const p = paramTable as unknown as Record<string, never>;

/**
 * The GB/T 45688 settings from the platform params (`gbt45688.*`), read without waiting on the
 * hot path: the defaults until the first read lands, then the last read, refreshed in the
 * background once it is older than the TTL.
 */
export class SafetySettingsSource {
  private settings: SafetySettings = DEFAULT_SAFETY_SETTINGS;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading?: Promise<void>;

  constructor(private readonly db: Db, private readonly onError: (err: unknown) => void = () => {}, private readonly now = Date.now) {}

  current(): SafetySettings {
    if (this.now() - this.readAt > TTL_MS) void this.refresh();
    return this.settings;
  }

  /** The settings no older than the TTL, waiting for a read when they are (a call answers with what is set now, not the defaults). */
  async fresh(): Promise<SafetySettings> {
    if (this.now() - this.readAt > TTL_MS) await this.refresh();
    return this.settings;
  }

  /** Reads the params now (once at a time). */
  refresh(): Promise<void> {
    this.reading ??= this.read().catch(this.onError).finally(() => { this.reading = undefined; });
    return this.reading;
  }

  private async read(): Promise<void> {
    // Set first: a failing read is retried after the TTL, not on every frame.
    this.readAt = this.now();
    const rows = await this.db.select({ key: p.paramKey!, value: p.paramValue! }).from(paramTable)
      .where(and(like(p.paramKey!, `${SAFETY_PARAM_PREFIX}%`), eq(p.isDeleted!, 0)));
    this.settings = safetySettingsOf(Object.fromEntries(rows.map((r) => [String(r.key), r.value === null ? undefined : String(r.value)])));
  }
}
