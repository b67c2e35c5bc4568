import { afterAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { DEMO_FLEET, demoFleet } from '@wdiov/contracts/simulation/index';
import { createFramer, decodeFrame, Command } from '@wdiov/contracts/protocol/index';
import { openDatabase, queryRows } from '../../gateway/src/db/client.ts';
import { createMemoryBus } from '../../gateway/src/bus/memory-bus.ts';
import { connectNatsBus } from '../../gateway/src/bus/nats-bus.ts';
import { freePort, natsServerAvailable } from '../../gateway/src/bus/nats-child.ts';
import type { MessageBus } from '../../gateway/src/bus/bus.ts';
import { prepareData } from '../../gateway/src/seed/seed.ts';
import { registerDemoVehicles } from '../../gateway/src/seed/demo-fleet.ts';
import { systemPrincipal } from '../../gateway/src/crud/principal.ts';
import { createLogger } from '../../gateway/src/lib/logger.ts';
import { RECEIVER_SECRETS, startReceivers } from '../../gateway/src/notify/test-receivers.ts';
import { loginFrame, realtimeFrame } from '../../gateway/test/gbt-frames.ts';
import { newSecret, signInAs, startReplica, natsChildFor } from './system-gateway.ts';

/**
 * An alarm raised by a vehicle's GB/T 32960 frame over TCP reaches its handling team's e-mail
 * (a real SMTP server), webhook and robots (local receivers verifying each provider's signature
 * as the provider does) exactly once, through the durable queue of each message bus; an alarm
 * type configured as not to be handled sends nothing.
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});
const natsReady = await natsServerAvailable();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await sleep(100);
  }
}

interface Mail { to: string[]; raw: string }
async function startSmtp() {
  const inbox: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });
  server.on('error', () => undefined);
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return { port, inbox, close: () => new Promise<void>((r) => server.close(() => r())) };
}
/** The decoded Subject of a raw message (nodemailer writes it as UTF-8 encoded words). */
const subjectOf = (raw: string) => {
  const header = /^Subject: ((?:.*)(?:\r\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return header.replace(/\r\n[ \t]/g, ' ').replace(/=\?UTF-8\?B\?([^?]+)\?=\s*/gi, (_m, b64: string) => Buffer.from(b64, 'base64').toString('utf8')).trim();
};
const headerOf = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim();

const buses: [string, boolean][] = [['in-process bus', true], ['nats-server', natsReady]];

describe.each(buses)('alarm notifications over the %s', (name, available) => {
  const run = available ? it : it.skip;
  run('an alarm from a GB/T 32960 frame reaches the team\'s e-mail, webhook and robots once; a not-to-handle type sends nothing', async () => {
    const logger = createLogger('silent');
    let bus: MessageBus;
    if (name === 'nats-server') {
      const child = await natsChildFor(cleanups);
      bus = await connectNatsBus({ url: child.url, logger });
    } else bus = createMemoryBus();
    cleanups.push(() => bus.close());
    const database = await openDatabase({});
    cleanups.push(() => database.close());
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const receivers = await startReceivers(RECEIVER_SECRETS);
    cleanups.push(receivers.close);
    const ingestPort = await freePort();
    const replica = await startReplica(database, bus, ingestPort, newSecret(), undefined, undefined, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMTP_FROM: 'Fleet <alarm@fleet.example>' });
    cleanups.push(() => replica.stop());
    const { repos, dictionaries } = replica.gateway;
    await prepareData(database.db, repos);
    await registerDemoVehicles(repos, dictionaries, { seed: DEMO_FLEET.seed, from: 0, to: 1, city: 'shenzhen' });
    const vin = demoFleet(DEMO_FLEET.seed, 1)[0]!.vin;
    const sys = systemPrincipal('000000');
    const admin = (await repos.get('user').all(sys, { filters: [], ascs: [], descs: [] })).find((u) => u.account === 'admin')!;
    await repos.get('user').update(sys, String(admin.id), { email: 'ops@fleet.example' });

    const token = await signInAs(replica, 'admin', 'admin');
    const api = async (path: string, body: unknown) => {
      const res = await replica.gateway.app.request(`/api/wdiov-base/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'Wdiov-Auth': `bearer ${token}` }, body: JSON.stringify(body) });
      const json = (await res.json()) as { success: boolean; msg: string };
      expect(json.success, `${path}: ${json.msg}`).toBe(true);
    };
    await api('notifyChannel/submit', { channelName: 'mail', channelType: 'email' });
    await api('notifyChannel/submit', { channelName: 'hook', channelType: 'webhook', target: `${receivers.base}/hooks/alarm`, secret: RECEIVER_SECRETS.webhook });
    await api('notifyChannel/submit', { channelName: 'ding', channelType: 'dingtalk', target: `${receivers.base}/robot/send?access_token=${RECEIVER_SECRETS.dingToken}`, secret: RECEIVER_SECRETS.dingSecret });
    await api('notifyChannel/submit', { channelName: 'lark', channelType: 'feishu', target: `${receivers.base}/open-apis/bot/v2/hook/${RECEIVER_SECRETS.feishuHook}`, secret: RECEIVER_SECRETS.feishuSecret, language: 'en' });
    const channels = await repos.get('notifyChannel').all(sys, { filters: [], ascs: [], descs: [] });
    await api('alarmHandleTeam/submit', { teamName: '二级报警组', teamType: 1, level: 2, userIds: String(admin.id), channelIds: channels.map((c) => String(c.id)).join(',') });
    await api('alarmHandleConfig/submit', { alarmType: 'gb:temperatureDifference', alarmName: '温度差异报警', isHandle: 0 });

    // The vehicle logs in and reports SOC low (to be handled) and a temperature difference (handled by the system), level 2.
    const socket = connect(ingestPort, '127.0.0.1');
    cleanups.push(async () => void socket.destroy());
    const framer = createFramer();
    const answers: ReturnType<typeof decodeFrame>[] = [];
    socket.on('data', (c) => answers.push(...framer.push(new Uint8Array(c)).map((f) => decodeFrame(f))));
    await new Promise((r) => socket.once('connect', r));
    socket.write(loginFrame(vin, Date.now()));
    await until(() => answers.some((a) => a.ok && a.frame.command === Command.vehicleLogin));
    socket.write(realtimeFrame({ vin, at: Date.now(), speed: 63, flags: (1 << 4) | (1 << 0), maxLevel: 2 }));

    const alarms = await until(async () => {
      const rows = await queryRows<{ id: string; alarm_type: string }>(database.db, sql`SELECT id::text AS id, alarm_type FROM wdiov_vehicle_alarm_data WHERE vin = ${vin}`);
      return rows.length === 2 && rows;
    });
    const soc = alarms.find((a) => a.alarm_type === 'gb:socLow')!;
    const quiet = alarms.find((a) => a.alarm_type === 'gb:temperatureDifference')!;
    const records = () => queryRows<{ alarm_id: string; channel_type: string; send_status: number; attempts: number }>(database.db,
      sql`SELECT alarm_id, channel_type, send_status, attempts FROM wdiov_notify_record WHERE is_deleted = 0`);
    await until(async () => (await records()).filter((r) => r.send_status === 1).length === 4);
    await sleep(1500);

    const stored = await records();
    expect(stored.map((r) => r.channel_type).sort()).toEqual(['dingtalk', 'email', 'feishu', 'webhook']);
    expect(stored.every((r) => r.alarm_id === soc.id && r.send_status === 1 && r.attempts === 1)).toBe(true);
    expect(stored.some((r) => r.alarm_id === quiet.id)).toBe(false);

    expect(smtp.inbox).toHaveLength(1);
    const [mail] = smtp.inbox;
    expect(mail!.to).toEqual(['ops@fleet.example']);
    expect(headerOf(mail!.raw, 'X-Alarm-Id')).toBe(soc.id);
    expect(subjectOf(mail!.raw)).toContain('SOC');
    expect(receivers.rejected).toEqual([]);
    const by = (c: string) => receivers.inbox.filter((m) => m.channel === c);
    expect(by('webhook')).toHaveLength(1);
    expect(by('dingtalk')).toHaveLength(1);
    expect(by('feishu')).toHaveLength(1);
    expect((by('webhook')[0]!.body.data as { alarms: { id: string }[] }).alarms.map((a) => a.id)).toEqual([soc.id]);
    expect(JSON.stringify(by('feishu')[0]!.body)).toContain('SOC low');
    expect(JSON.stringify(by('dingtalk')[0]!.body)).toContain('63 km/h');
  });
});
