/**
 * Scheduled reports: every minute, the enabled reportAutoSend rows whose slot has come
 * (report-schedule.ts) are built as xlsx (report-builder.ts), mailed to their recipients through
 * the notifications' SMTP sender, kept in the object store with an export record, and their
 * lastSendTime written. Each slot's e-mail is a notifyRecord (unique by row and slot): its
 * attempts, last error and next attempt. A failed one is tried again on a later tick, 1, 2, 4 …
 * minutes on, until it is sent or its attempts run out (then its row waits for its next slot).
 * Those records stay out of the alarm delivery queue, which takes only pending ones: a failure
 * waiting for its retry is stored as failed with its next attempt's time. One gateway at a time
 * runs the job, the holder of its lease (a Postgres session advisory lock), and it reads each
 * row again just before sending, so a row sent, disabled or removed meanwhile is not sent.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { toXlsx, XLSX_MIME } from '@wdiov/contracts/wire/xlsx';
import { NotifyStatus } from '@wdiov/contracts/entities/base/notify';
import type { Db } from '../db/client.ts';
import { systemPrincipal, type Principal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';
import { DeliveryError, sendMail, type SenderDeps } from '../notify/channel-senders.ts';
import type { JobLease } from '../retention/retention-job.ts';
import { linkOf } from '../routes/resource/oss-store.ts';
import type { ObjectStores } from '../storage/object-stores.ts';
import { buildReport, REPORT_MAX_ROWS, reportTitle } from './report-builder.ts';
import { dueSlot, isSendCycle, periodOf, retryBackoffMs } from './report-schedule.ts';

/** How often the job looks for due rows: a report goes out within a minute of its time. */
export const REPORT_INTERVAL_MS = 60_000;
const LEASE = 'scheduled-reports';

export interface ReportJobDeps {
  db: Db;
  repos: Repositories;
  lease: JobLease;
  /** The tenants' object stores: the report's file goes to its owner's active store, as an upload of theirs would. */
  store: Pick<ObjectStores, 'put'>;
  mail: Pick<SenderDeps, 'smtpUrl' | 'smtpFrom'>;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  utcOffsetMin: number;
  /** Attempts of one slot's e-mail before it is given up. */
  maxAttempts: number;
  now?: () => number;
}

export interface ReportRun { sent: number; failed: number }

type Row = Record<string, unknown>;

export const slotKey = (rowId: string, slot: number) => createHash('sha256').update(`report\n${rowId}\n${new Date(slot).toISOString()}`).digest('hex');

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const asDate = (v: unknown) => (v instanceof Date ? v : v ? new Date(String(v)) : null);

export class ReportJob {
  private timer?: NodeJS.Timeout;
  private running?: Promise<ReportRun | null>;
  private readonly now: () => number;

  constructor(private readonly deps: ReportJobDeps) {
    this.now = deps.now ?? Date.now;
  }

  private get rows() {
    return this.deps.repos.get('reportAutoSend');
  }

  private get records() {
    return this.deps.repos.get('notifyRecord');
  }

  /**
   * One pass if this gateway holds the lease: how many reports went out and failed, or null when another gateway runs the job.
   * A call while a pass runs answers that pass (the lease is this gateway's either way, so two passes would both send).
   */
  runOnce(): Promise<ReportRun | null> {
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<ReportRun | null> {
    if (!(await this.deps.lease.tryAcquire(LEASE))) return null;
    const run: ReportRun = { sent: 0, failed: 0 };
    const c = this.rows.columns;
    const enabled = await this.rows.db.select().from(this.rows.table).where(and(eq(c.isEnabled!, 1), eq(c.isDeleted!, 0))) as Row[];
    for (const row of enabled) {
      const now = this.now();
      const slot = dueSlot({ sendCycle: row.sendCycle, sendTime: row.sendTime, lastSendTime: asDate(row.lastSendTime), createTime: asDate(row.createTime) }, this.deps.utcOffsetMin, now);
      if (slot === undefined) continue;
      const outcome = await this.runSlot(row, slot, now).catch((err) => {
        this.deps.logger.error({ err, report: text(row.id) }, 'scheduled report failed');
        return 'failed' as const;
      });
      if (outcome === 'sent') run.sent++;
      else if (outcome === 'failed') run.failed++;
    }
    return run;
  }

  /** The row's e-mail of `slot`, when its record lets it be tried now. */
  private async runSlot(listed: Row, slot: number, now: number): Promise<'sent' | 'failed' | 'waiting'> {
    const key = slotKey(text(listed.id), slot);
    const record = await this.recordOf(key);
    if (record && (Number(record.sendStatus) === NotifyStatus.sent || !record.nextTime || asDate(record.nextTime)!.getTime() > now)) return 'waiting';
    // Read again: sent, disabled or removed since the list was read (another gateway before the lease moved), it goes no further.
    const [row] = await this.rows.db.select().from(this.rows.table).where(eq(this.rows.columns.id!, text(listed.id))) as Row[];
    if (!row || Number(row.isEnabled) !== 1 || Number(row.isDeleted) !== 0) return 'waiting';
    if (dueSlot({ sendCycle: row.sendCycle, sendTime: row.sendTime, lastSendTime: asDate(row.lastSendTime), createTime: asDate(row.createTime) }, this.deps.utcOffsetMin, now) !== slot) return 'waiting';

    const principal = this.ownerOf(row);
    const attempts = Number(record?.attempts ?? 0) + 1;
    const recipients = await this.recipientsOf(row);
    const title = reportTitle(Number(row.reportType));
    const cycle = Number(row.sendCycle);
    const period = isSendCycle(cycle) ? periodOf(cycle, slot, this.deps.utcOffsetMin) : { from: '', to: '' };
    const subject = `${text(row.reportName)} ${period.from === period.to ? period.from : `${period.from} ~ ${period.to}`}`;
    const fileName = `${text(row.reportName) || title?.zh || 'report'}_${period.from}_${period.to}.xlsx`;
    let error: DeliveryError | undefined;
    let rowCount = 0;
    let bytes: Uint8Array | undefined;
    try {
      if (!title) throw new DeliveryError(`report type ${text(row.reportType)} is not one the scheduler builds`, false);
      if (recipients.length === 0) throw new DeliveryError('the report has no recipients with an e-mail address', false);
      const sheet = await buildReport(this.deps, principal, { tenantId: text(row.tenantId), reportType: Number(row.reportType), orgId: text(row.orgId) || null, period }, now);
      rowCount = sheet.rows.length;
      bytes = toXlsx(title.zh, sheet.header, sheet.rows);
      const cut = rowCount >= REPORT_MAX_ROWS ? [`仅含前 ${REPORT_MAX_ROWS} 行 / Only the first ${REPORT_MAX_ROWS} rows are included`] : [];
      await sendMail(this.deps.mail, {
        to: recipients, subject,
        text: [`${title.zh}: ${period.from} ~ ${period.to}, ${rowCount} 行`, `${title.en}: ${period.from} to ${period.to}, ${rowCount} rows`, ...cut].join('\n'),
        headers: { 'X-Report-Id': text(row.id) },
        attachments: [{ filename: fileName, content: Buffer.from(bytes), contentType: XLSX_MIME }],
      });
    } catch (err) {
      error = err instanceof DeliveryError ? err : new DeliveryError((err as Error).message, false);
    }
    const message = { title: subject, lines: [`${title?.zh ?? ''} ${period.from} ~ ${period.to}`], reportId: text(row.id), slot: new Date(slot).toISOString() };
    if (error) {
      const giveUp = !error.retryable || attempts >= this.deps.maxAttempts;
      await this.writeRecord(key, principal, row, recipients, message, {
        sendStatus: NotifyStatus.failed, attempts, lastError: error.message.slice(0, 500), nextTime: giveUp ? null : new Date(now + retryBackoffMs(attempts)),
      });
      this.deps.logger.warn({ report: text(row.id), attempts, retry: !giveUp, err: error.message }, 'scheduled report not sent');
      return 'failed';
    }
    // Sent is written first: a file that cannot be kept must not make the next tick mail the report again.
    await this.rows.db.update(this.rows.table).set({ lastSendTime: new Date(now) }).where(eq(this.rows.columns.id!, text(row.id)));
    this.rows.readsChanged();
    await this.writeRecord(key, principal, row, recipients, message, { sendStatus: NotifyStatus.sent, attempts, lastError: null, nextTime: null, sentTime: new Date(now) });
    try {
      const stored = await this.deps.store.put(principal, 'xlsx', bytes!);
      if ('refused' in stored) throw new Error(`over the ${stored.refused.quota} upload quota`);
      await this.deps.repos.get('exportRecord').insert(principal, { fileName, resource: `reportAutoSend/${text(row.id)}`, format: 'xlsx', rowCount, link: linkOf(stored.written.name) });
    } catch (err) {
      this.deps.logger.error({ err, report: text(row.id) }, 'scheduled report sent but its file not kept');
    }
    this.deps.logger.info({ report: text(row.id), recipients: recipients.length, rows: rowCount }, 'scheduled report sent');
    return 'sent';
  }

  /** Who the row's export record and e-mail record belong to: the user who made the row, in its tenant. */
  private ownerOf(row: Row): Principal {
    return { ...systemPrincipal(text(row.tenantId)), userId: text(row.createUser) || '0', deptId: text(row.createDept) || '0' };
  }

  /** The row's addresses and those of its recipient users, each once. */
  private async recipientsOf(row: Row): Promise<string[]> {
    const listed = text(row.receiverEmails).split(',').map((e) => e.trim()).filter(Boolean);
    const ids = text(row.receiverUserIds).split(',').map((id) => id.trim()).filter((id) => /^\d+$/.test(id));
    const users = this.deps.repos.get('user');
    const found = ids.length === 0 ? [] : await users.db.select({ email: users.columns.email! }).from(users.table)
      .where(and(inArray(users.columns.id!, ids), eq(users.columns.tenantId!, text(row.tenantId)), eq(users.columns.isDeleted!, 0))) as { email: unknown }[];
    return [...new Set([...listed, ...found.map((u) => text(u.email).trim()).filter(Boolean)])];
  }

  private async recordOf(key: string): Promise<Row | undefined> {
    const [record] = await this.records.db.select().from(this.records.table).where(and(eq(this.records.columns.deliveryKey!, key), eq(this.records.columns.isDeleted!, 0))).limit(1) as Row[];
    return record;
  }

  private async writeRecord(key: string, principal: Principal, row: Row, recipients: string[], message: Row, values: Row) {
    const repo = this.records;
    const filled = repo.filledRow(principal, {
      alarmId: `report-${text(row.id)}`, alarmName: text(row.reportName).slice(0, 200), channelType: 'email',
      recipient: recipients.join(',').slice(0, 500), deliveryKey: key, message,
    });
    await repo.db.insert(repo.table).values({ ...filled, ...values }).onConflictDoUpdate({
      target: [repo.columns.tenantId!, repo.columns.deliveryKey!], targetWhere: sql`is_deleted = 0`, set: { ...values, updateTime: new Date(this.now()) },
    });
    repo.readsChanged();
  }

  start(intervalMs = REPORT_INTERVAL_MS): void {
    const tick = () => void this.runOnce().catch((err) => this.deps.logger.error({ err }, 'scheduled reports pass failed'));
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
    tick();
  }

  /** Stops and lets the lease go, so another gateway takes the job over at its next tick. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
    await this.deps.lease.close().catch(() => undefined);
  }
}
