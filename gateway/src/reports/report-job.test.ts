import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../bus/nats-child.ts';
import { postgresLease } from '../forward/platform-lease.ts';
import { readSheet } from '../crud/import/sheet-file.ts';
import { systemPrincipal } from '../crud/principal.ts';
import type { JobLease } from '../retention/retention-job.ts';
import { createTestGateway, postJson, type TestGateway } from '../../test/test-gateway.ts';
import { ReportJob } from './report-job.ts';

// A real SMTP server on this machine, the gateway's own database (PGlite, or TEST_DATABASE_URL's Postgres).
const SHANGHAI = 480;
const MIN = 60_000;
const local = (text: string) => Date.parse(`${text}Z`) - SHANGHAI * MIN;
const logger = pino({ level: 'silent' });
/** The Postgres run of the suite sets it: two gateways' leases are then real advisory locks. */
const pgUrl = process.env.TEST_DATABASE_URL;
const admin = systemPrincipal('000000');

interface Mail { from: string; to: string[]; raw: string }
/** What the server answers the next messages with (a code, or undefined for 250), one entry per message. */
const answers: (number | undefined)[] = [];
const inbox: Mail[] = [];
let smtp: SMTPServer;
let smtpPort: number;
let gw: TestGateway;
let token: string;

/** The message's xlsx part: its file name (RFC 2231, possibly in pieces) and its base64 body decoded. */
function attachmentOf(raw: string): { name: string; bytes: Buffer } {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)![1]!;
  const parts = raw.split(`--${boundary}`).map((p) => {
    const [head = '', ...body] = p.split('\r\n\r\n');
    return { head: head.replace(/\r\n[ \t]+/g, ' '), body: body.join('') };
  });
  const part = parts.find((p) => /Content-Type: application\/vnd\.openxmlformats/i.test(p.head))!;
  const pieces = [...part.head.matchAll(/filename\*\d+\*?=([^;]+)/gi)].map((m) => m[1]!.trim());
  const name = pieces.length > 0 ? decodeURIComponent(pieces.join('').replace(/^utf-8''/i, '')) : /filename="?([^";]+)/i.exec(part.head)?.[1] ?? '';
  return { name, bytes: Buffer.from(part.body.replace(/\s+/g, ''), 'base64') };
}

/** A lease held by one holder at a time, as Postgres advisory locks hold it between gateways. */
function sharedLease() {
  let holder: object | undefined;
  return (): JobLease => {
    const me = {};
    return { tryAcquire: async () => (holder ??= me) === me, close: async () => void (holder === me && (holder = undefined)) };
  };
}

const jobAt = (clock: { now: number }, lease: JobLease, maxAttempts = 4) => new ReportJob({
  db: gw.database.db, repos: gw.repos, lease, store: gw.objects, mail: gw.notifications.channels.senderDeps,
  logger, utcOffsetMin: SHANGHAI, maxAttempts, now: () => clock.now,
});

async function insert(entity: Parameters<TestGateway['repos']['get']>[0], values: Record<string, unknown>): Promise<string> {
  const repo = gw.repos.get(entity);
  const row = repo.filledRow(admin, values);
  await repo.db.insert(repo.table).values(row);
  repo.readsChanged();
  return String(row.id);
}

/** A scheduled report submitted as the console submits it, made long before the times the tests run at. */
async function scheduled(values: Record<string, unknown>, createdAt = new Date('2026-01-01T00:00:00Z')): Promise<string> {
  const res = await gw.json('/api/wdiov-base/reportAutoSend/submit', postJson({ reportType: 1, sendCycle: 1, sendTime: '08:00', isEnabled: 1, ...values }, token));
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  const repo = gw.repos.get('reportAutoSend');
  const [row] = await repo.db.select({ id: repo.columns.id! }).from(repo.table).where(eq(repo.columns.reportName!, String(values.reportName)));
  await repo.db.update(repo.table).set({ createTime: createdAt }).where(eq(repo.columns.id!, String(row!.id)));
  return String(row!.id);
}

const reportRow = async (id: string) => {
  const repo = gw.repos.get('reportAutoSend');
  return (await repo.db.select().from(repo.table).where(eq(repo.columns.id!, id)))[0] as Record<string, unknown>;
};
const mailRecords = async (id: string) => {
  const repo = gw.repos.get('notifyRecord');
  return await repo.db.select().from(repo.table).where(eq(repo.columns.alarmId!, `report-${id}`)) as Record<string, unknown>[];
};
const exportsOf = async (id: string) => gw.repos.get('exportRecord').all(admin, { filters: [{ key: 'resource', field: 'resource', column: 'resource', op: 'equal', value: `reportAutoSend/${id}` }], ascs: [], descs: [] });
const mailsOf = (id: string) => inbox.filter((m) => /^X-Report-Id: (\d+)\r?$/im.exec(m.raw)?.[1] === id);

let orgId: string;
beforeAll(async () => {
  smtpPort = await freePort();
  smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const code = answers.shift();
        if (code) return done(Object.assign(new Error(code >= 500 ? 'mailbox unavailable' : 'try again later'), { responseCode: code }));
        inbox.push({ from: String(session.envelope.mailFrom && session.envelope.mailFrom.address), to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });
  smtp.on('error', () => undefined);
  await new Promise<void>((r) => smtp.listen(smtpPort, '127.0.0.1', () => r()));
  gw = await createTestGateway({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, SMTP_FROM: 'Fleet <reports@fleet.example>' });
  token = await gw.signIn();
  await gw.database.db.execute(sql`UPDATE wdiov_user SET email = 'admin@fleet.example' WHERE account = 'admin'`);

  // A fleet of an organisation and one under it, beside a vehicle of neither.
  orgId = await insert('org', { orgName: '报表车队', parentId: '0', ancestors: '0' });
  const childOrg = await insert('org', { orgName: '报表二队', parentId: orgId, ancestors: `0,${orgId}` });
  const otherOrg = await insert('org', { orgName: '别的车队', parentId: '0', ancestors: '0' });
  await insert('vehicle', { vin: 'LREPORT0000000001', plateNumber: '沪A·R0001', orgId });
  await insert('vehicle', { vin: 'LREPORT0000000002', plateNumber: '沪A·R0002', orgId: childOrg });
  await insert('vehicle', { vin: 'LREPORT0000000003', plateNumber: '沪A·R0003', orgId: otherOrg });
  const alarm = (vin: string, plate: string, start: string, name: string) =>
    insert('vehicleAlarmData', { vin, plateNumber: plate, alarmType: `report_test_${name}`, alarmName: name, alarmLevel: 2, source: 'platform', startTime: new Date(local(start)) });
  // 9 March in Shanghai: two of the fleet's alarms (one at its first minute), one of another fleet; and one on each side of the day.
  await alarm('LREPORT0000000001', '沪A·R0001', '2026-03-09T00:00', '超速');
  await alarm('LREPORT0000000002', '沪A·R0002', '2026-03-09T23:59', '低电量');
  await alarm('LREPORT0000000003', '沪A·R0003', '2026-03-09T12:00', '别队报警');
  await alarm('LREPORT0000000001', '沪A·R0001', '2026-03-08T23:59', '前一天');
  await alarm('LREPORT0000000001', '沪A·R0001', '2026-03-10T00:00', '后一天');
  // Mileage rollups of the same day.
  for (const [vin, km] of [['LREPORT0000000001', 120.5], ['LREPORT0000000002', 80], ['LREPORT0000000003', 999]] as const) {
    await gw.database.db.execute(sql`INSERT INTO wdiov_stats_daily (tenant_id, vin, day, frames, mileage_km, driving_s) VALUES ('000000', ${vin}, '2026-03-09', 100, ${km}, 3600)`);
  }
});
afterAll(async () => {
  await gw?.dispose();
  await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
});
// Each test's rows alone are enabled: the earlier ones would be due at the same simulated times.
beforeEach(async () => {
  answers.length = 0;
  await gw.database.db.execute(sql`UPDATE wdiov_report_auto_send SET is_enabled = 0`);
});

describe('scheduled reports', { timeout: 60_000 }, () => {
  it('sends a due report once, with an xlsx of its fleet\'s alarms of the day, keeps it as an export record and writes lastSendTime', async () => {
    const id = await scheduled({ reportName: '每日报警', orgId, receiverEmails: 'ops@fleet.example,boss@fleet.example', receiverUserIds: (await gw.repos.get('user').all(admin, { filters: [], ascs: [], descs: [] })).find((u) => u.account === 'admin')!.id },
      new Date(local('2026-03-09T12:00')));
    const lease = sharedLease();
    const clock = { now: local('2026-03-10T07:59:30') };
    const a = jobAt(clock, lease());
    const b = jobAt(clock, lease());
    // Before its time nothing goes.
    expect(await a.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(mailsOf(id)).toHaveLength(0);

    clock.now = local('2026-03-10T08:00:20');
    const runs = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(runs.filter((r) => r === null)).toHaveLength(1);
    expect(runs.find((r) => r !== null)).toEqual({ sent: 1, failed: 0 });
    // The lease moves to b: the row is read again, nothing goes twice.
    await a.stop();
    clock.now = local('2026-03-10T08:01:20');
    expect(await b.runOnce()).toEqual({ sent: 0, failed: 0 });

    const mails = mailsOf(id);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to.sort()).toEqual(['admin@fleet.example', 'boss@fleet.example', 'ops@fleet.example']);
    expect(mail!.from).toBe('reports@fleet.example');
    const file = attachmentOf(mail!.raw);
    expect(file.name).toContain('2026-03-09');
    const sheet = readSheet('report.xlsx', file.bytes);
    expect(sheet.header.slice(0, 4)).toEqual(['车架号', '车牌号', '告警类型', '告警名称']);
    expect(sheet.rows.map((r) => [r.cells[0], r.cells[1], r.cells[3], r.cells[6]])).toEqual([
      ['LREPORT0000000002', '沪A·R0002', '低电量', '2026-03-09 23:59:00'],
      ['LREPORT0000000001', '沪A·R0001', '超速', '2026-03-09 00:00:00'],
    ]);

    expect((await reportRow(id)).lastSendTime).toEqual(new Date(local('2026-03-10T08:00:20')));
    const exported = await exportsOf(id);
    expect(exported).toHaveLength(1);
    expect(exported[0]).toMatchObject({ format: 'xlsx', rowCount: 2 });
    // The file can be downloaded again from its record, the same bytes as mailed.
    const again = await gw.request(String(exported[0]!.link));
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(file.bytes)).toBe(true);
    const [record] = await mailRecords(id);
    expect(record).toMatchObject({ sendStatus: 1, attempts: 1, channelType: 'email', lastError: null });

    // The next day's slot sends the next day's report.
    clock.now = local('2026-03-11T08:00:05');
    expect(await b.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(mailsOf(id)).toHaveLength(2);
    expect(await exportsOf(id)).toHaveLength(2);
    await b.stop();
  });

  it.skipIf(!pgUrl)('on Postgres, of two gateways polling together only the holder of the advisory lock sends, and the other after it stops', async () => {
    const id = await scheduled({ reportName: '双网关报表', receiverEmails: 'ops@fleet.example' }, new Date(local('2026-03-09T12:00')));
    const clock = { now: local('2026-03-10T08:00:00') };
    const a = jobAt(clock, postgresLease(pgUrl!));
    const b = jobAt(clock, postgresLease(pgUrl!));
    try {
      const runs = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      expect(runs.filter((r) => r === null)).toHaveLength(2);
      expect(mailsOf(id)).toHaveLength(1);
      await a.stop();
      expect(await b.runOnce()).toEqual({ sent: 0, failed: 0 });
      expect(mailsOf(id)).toHaveLength(1);
      expect(await exportsOf(id)).toHaveLength(1);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('builds a statistics report from the daily rollups of the fleet', async () => {
    const id = await scheduled({ reportName: '每周里程', reportType: 3, sendCycle: 2, sendTime: '06:00', orgId, receiverEmails: 'ops@fleet.example' });
    const clock = { now: local('2026-03-16T06:00:10') };
    const job = jobAt(clock, sharedLease()());
    expect(await job.runOnce()).toMatchObject({ sent: 1 });
    const [mail] = mailsOf(id);
    const sheet = readSheet('r.xlsx', attachmentOf(mail!.raw).bytes);
    expect(sheet.header).toEqual(['车架号', '车牌号', '里程(km)', '行驶时长(h)', '里程清零次数']);
    expect(sheet.rows.map((r) => r.cells.slice(0, 4))).toEqual([['LREPORT0000000001', '沪A·R0001', 120.5, 1], ['LREPORT0000000002', '沪A·R0002', 80, 1]]);
    expect((await exportsOf(id))[0]).toMatchObject({ rowCount: 2 });
    await job.stop();
  });

  it('records an SMTP failure and tries again with backoff on later ticks, until it is sent', async () => {
    const id = await scheduled({ reportName: '重试报表', receiverEmails: 'ops@fleet.example' });
    const clock = { now: local('2026-03-10T08:00:00') };
    const job = jobAt(clock, sharedLease()());
    answers.push(451, 451);
    expect(await job.runOnce()).toEqual({ sent: 0, failed: 1 });
    let [record] = await mailRecords(id);
    expect(record).toMatchObject({ sendStatus: 2, attempts: 1 });
    expect(String(record!.lastError)).toContain('451');
    expect(record!.nextTime).toEqual(new Date(clock.now + MIN));
    expect((await reportRow(id)).lastSendTime).toBeNull();
    expect(await exportsOf(id)).toHaveLength(0);

    // Before its next attempt the tick leaves it; then it fails again and waits twice as long.
    clock.now += 30_000;
    expect(await job.runOnce()).toEqual({ sent: 0, failed: 0 });
    clock.now += 30_000;
    expect(await job.runOnce()).toEqual({ sent: 0, failed: 1 });
    [record] = await mailRecords(id);
    expect(record).toMatchObject({ sendStatus: 2, attempts: 2 });
    expect(record!.nextTime).toEqual(new Date(clock.now + 2 * MIN));
    clock.now += MIN;
    expect(await job.runOnce()).toEqual({ sent: 0, failed: 0 });
    clock.now += MIN;
    expect(await job.runOnce()).toEqual({ sent: 1, failed: 0 });
    [record] = await mailRecords(id);
    expect(record).toMatchObject({ sendStatus: 1, attempts: 3, lastError: null });
    expect(mailsOf(id)).toHaveLength(1);
    expect((await reportRow(id)).lastSendTime).toEqual(new Date(clock.now));
    expect(await exportsOf(id)).toHaveLength(1);
    await job.stop();
  });

  it('gives a refused e-mail up until the next slot, which is tried afresh', async () => {
    const id = await scheduled({ reportName: '拒收报表', receiverEmails: 'nobody@fleet.example' });
    const clock = { now: local('2026-03-10T08:00:00') };
    const job = jobAt(clock, sharedLease()());
    answers.push(550);
    expect(await job.runOnce()).toEqual({ sent: 0, failed: 1 });
    clock.now += 2 * 3_600_000;
    expect(await job.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(await mailRecords(id)).toMatchObject([{ sendStatus: 2, attempts: 1, nextTime: null }]);
    clock.now = local('2026-03-11T08:00:00');
    expect(await job.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect((await mailRecords(id)).map((r) => r.sendStatus).sort()).toEqual([1, 2]);
    await job.stop();
  });

  it('stops sending a row that is disabled or removed', async () => {
    const disabled = await scheduled({ reportName: '停用报表', receiverEmails: 'ops@fleet.example' });
    const removed = await scheduled({ reportName: '删除报表', receiverEmails: 'ops@fleet.example' });
    const clock = { now: local('2026-03-10T08:00:00') };
    const job = jobAt(clock, sharedLease()());
    expect((await gw.json('/api/wdiov-base/reportAutoSend/submit', postJson({ id: disabled, reportName: '停用报表', reportType: 1, sendCycle: 1, sendTime: '08:00', receiverEmails: 'ops@fleet.example', isEnabled: 0 }, token))).body.success).toBe(true);
    expect((await gw.json(`/api/wdiov-base/reportAutoSend/remove?ids=${removed}`, postJson({}, token))).body.success).toBe(true);
    await job.runOnce();
    expect(mailsOf(disabled)).toHaveLength(0);
    expect(mailsOf(removed)).toHaveLength(0);
    expect(await mailRecords(disabled)).toHaveLength(0);
    expect((await reportRow(disabled)).lastSendTime).toBeNull();
    await job.stop();
  });
});
