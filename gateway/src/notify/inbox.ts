import { and, count, desc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { formatDateTime } from '@wdiov/contracts';
import { INBOX_ITEMS_MAX, type InboxBox, type InboxItem } from '@wdiov/contracts/api/notice-inbox.route';
import type { Repositories } from '../crud/repositories.ts';
import type { Repository } from '../crud/repository.ts';
import type { Principal } from '../crud/principal.ts';
import { INBOX_ALL_READ, inboxReads } from '../db/schema/index.ts';
import { allOf } from '../crud/filters.ts';
import { nextId } from '../lib/ids.ts';

/** Notifications sent by these channels reach one person (the others post to a group). */
const CHANNEL_OF: Record<Exclude<InboxBox, 'notice'>, 'email' | 'sms'> = { mail: 'email', message: 'sms' };
const TEXT_MAX = 200;

/** One box's rows for one user: which rows, and when each appeared (what a mark-all compares with). */
interface BoxSource {
  repo: Repository;
  where: SQL | undefined;
  appeared: SQL;
  item: (row: Record<string, unknown>) => Omit<InboxItem, 'read'>;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v)).slice(0, TEXT_MAX);

/**
 * The notice popover's boxes for each user: the alarm notifications e-mailed or texted to them
 * (their address or phone is the notification's recipient) and the released desk notices of
 * their tenant, with what they have read. Unread is decided in the statement that reads the
 * items, against the user's read marks (single items, and one mark-all time per box).
 */
export class Inbox {
  constructor(private readonly repos: Repositories, private readonly utcOffsetMin: number) {}

  private get db() {
    return this.repos.get('notice').db;
  }

  /** The user's e-mail and phone, as notifications name them. */
  private async contacts(principal: Principal): Promise<{ email: string; phone: string }> {
    const users = this.repos.get('user');
    const u = users.columns;
    const [row] = await users.db.select({ email: u.email!, phone: u.phone! }).from(users.table)
      .where(and(users.tenantScope(principal), eq(u.id!, principal.userId))).limit(1);
    return { email: text(row?.email).trim(), phone: text(row?.phone).trim() };
  }

  private source(principal: Principal, box: InboxBox, contacts: { email: string; phone: string }): BoxSource {
    if (box === 'notice') {
      const repo = this.repos.get('notice');
      const c = repo.columns;
      const appeared = sql`coalesce(${c.releaseTime!}, ${c.createTime!})`;
      // A notice shows once its release time has come.
      const released = or(isNull(c.releaseTime!), lte(c.releaseTime!, new Date()));
      return {
        repo, where: allOf([repo.tenantScope(principal), released]), appeared,
        item: (r) => ({ id: String(r.id), title: text(r.title), detail: text(r.content), time: this.time(r.releaseTime ?? r.createTime) }),
      };
    }
    const repo = this.repos.get('notifyRecord');
    const c = repo.columns;
    const recipient = box === 'mail' ? contacts.email : contacts.phone;
    return {
      repo, appeared: sql`${c.createTime!}`,
      // No address, no notifications: an empty recipient must not match rows that have none either.
      where: recipient ? allOf([repo.tenantScope(principal), eq(c.channelType!, CHANNEL_OF[box]), eq(c.recipient!, recipient)]) : sql`false`,
      item: (r) => ({ id: String(r.id), title: text(r.alarmName), detail: text(r.carPlate), time: this.time(r.createTime) }),
    };
  }

  private time(v: unknown): string {
    return v instanceof Date ? formatDateTime(v, this.utcOffsetMin) : text(v);
  }

  /** The condition "the user has not read this row of the box", inside the box's statement. */
  private unread(principal: Principal, box: InboxBox, s: BoxSource): SQL {
    const r = inboxReads;
    const id = s.repo.columns.id as PgColumn;
    return sql`(${s.appeared} > coalesce((select ${r.readTime} from ${r} where ${r.userId} = ${principal.userId} and ${r.box} = ${box} and ${r.itemId} = ${INBOX_ALL_READ}), '-infinity'::timestamptz)
      and not exists (select 1 from ${r} where ${r.userId} = ${principal.userId} and ${r.box} = ${box} and ${r.itemId} = ${id}))`;
  }

  private async unreadCount(principal: Principal, box: InboxBox, s: BoxSource): Promise<number> {
    const [row] = await s.repo.db.select({ n: count() }).from(s.repo.table).where(allOf([s.where, this.unread(principal, box, s)]));
    return Number(row?.n ?? 0);
  }

  /** Each box's unread count and its newest items, read or not. */
  async boxes(principal: Principal): Promise<Record<InboxBox, { unread: number; items: InboxItem[] }>> {
    const contacts = await this.contacts(principal);
    const one = async (box: InboxBox) => {
      const s = this.source(principal, box, contacts);
      const [rows, unread] = await Promise.all([
        s.repo.db.select({ row: s.repo.table, unread: sql<boolean>`${this.unread(principal, box, s)}` }).from(s.repo.table)
          .where(s.where).orderBy(desc(s.appeared), desc(s.repo.columns.id!)).limit(INBOX_ITEMS_MAX),
        this.unreadCount(principal, box, s),
      ]);
      const items = rows.map(({ row, unread: isUnread }) => ({ ...s.item(row as Record<string, unknown>), read: !isUnread }));
      return { unread, items };
    };
    const [mail, message, notice] = await Promise.all([one('mail'), one('message'), one('notice')]);
    return { mail, message, notice };
  }

  /** Marks the given items read (those of the box the user can see; the rest are ignored); answers the box's unread count. */
  async markRead(principal: Principal, box: InboxBox, ids: readonly string[]): Promise<number> {
    const s = this.source(principal, box, await this.contacts(principal));
    const visible = await s.repo.db.select({ id: s.repo.columns.id! }).from(s.repo.table)
      .where(allOf([s.where, inArray(s.repo.columns.id!, [...new Set(ids)])]));
    if (visible.length > 0) {
      const now = new Date();
      await this.db.insert(inboxReads).values(visible.map((v) => ({
        id: nextId(), tenantId: principal.tenantId, userId: principal.userId, box, itemId: String(v.id), readTime: now,
      }))).onConflictDoNothing();
    }
    return this.unreadCount(principal, box, s);
  }

  /** Marks everything the box holds now read: one mark of the time, which makes the single marks of the box needless. */
  async markAllRead(principal: Principal, box: InboxBox): Promise<number> {
    const r = inboxReads;
    const now = new Date();
    await this.db.transaction(async (tx) => {
      await tx.delete(r).where(and(eq(r.userId, principal.userId), eq(r.box, box)));
      await tx.insert(r).values({ id: nextId(), tenantId: principal.tenantId, userId: principal.userId, box, itemId: INBOX_ALL_READ, readTime: now });
    });
    return this.unreadCount(principal, box, this.source(principal, box, await this.contacts(principal)));
  }
}
