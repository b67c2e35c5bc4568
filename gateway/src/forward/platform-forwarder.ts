/**
 * Forwarding for one platform: while this gateway holds the platform's lease, a link that logs
 * in, and a durable consumer of its own on the raw-frame stream (durable name from the platform
 * id) that sends the frames of the vehicles bound to it. Stream messages are acked only after
 * the platform confirmed their frames, so an outage (or a restart of this gateway) leaves the
 * rest in the stream, and the next link sends it as reissue, oldest first. While that backlog
 * drains, a plain subscription to the raw subjects hands fresh frames to the live lane of the
 * link, which goes first; the backlog takes at most its share of the link's frame rate.
 *
 * What the platform confirmed is written to the platform's sent-record before any ack, and a
 * forwarder that takes the platform over (after a gateway died) reads it back first: frames
 * whose acks died with the previous gateway are not sent twice.
 */
import { decodeRawFrameBatch, streams, wildcards, type RawFrameBatch } from '@wdiov/contracts';
import { PLATFORM_ENCRYPTION, reframeForPlatform, responseFlagText, type PlatformIdentity } from '@wdiov/contracts/protocol/index';
import type { BusMsg, DurableConsumer, DurableMsg, MessageBus, Subscription } from '../bus/bus.ts';
import { selectFrames, type ForwardFrame, type ForwardTargets } from './forward-filter.ts';
import type { ForwardRecords } from './forward-records.ts';
import { CipherKeyError, frameEncryptor } from './frame-cipher.ts';
import { LinkPacer } from './link-pacer.ts';
import { LinkSender } from './link-sender.ts';
import { LinkState } from './link-state.ts';
import { LinkError, PlatformConnection } from './platform-connection.ts';
import type { PlatformLease } from './platform-lease.ts';
import type { Outbound } from '../outbound/outbound-policy.ts';
import { forwardText } from '../lib/texts/forward-text.ts';
import { RecentIds } from './recent-ids.ts';
import type { SentRecord } from './sent-record.ts';

export interface PlatformConfig {
  id: string;
  tenantId: string;
  host: string;
  port: number;
  /** Null when the configured protocol cannot be forwarded (JT/T 808). */
  identity: PlatformIdentity | null;
  /** Frames per second the platform takes (null: the gateway's default). */
  frameRate: number | null;
  /** Key of the data-unit encryption (AES128: 32 hex digits; RSA: public key PEM); never logged. */
  encryptionKey: string | null;
}

export interface ForwardOptions {
  /** A realtime frame received longer ago than this goes as reissue. */
  liveWindowMs: number;
  heartbeatMs: number;
  answerTimeoutMs: number;
  /** Raw batches per send (each one confirmation round trip). */
  maxBatch: number;
  retryMinMs: number;
  retryMaxMs: number;
  /** Frames per second to a platform whose row names no rate. */
  frameRate: number;
  /** Share of the frame rate the backlog of an outage may take while live frames flow. */
  backlogShare: number;
}

export const DEFAULT_FORWARD_OPTIONS: ForwardOptions = {
  liveWindowMs: 10_000, heartbeatMs: 30_000, answerTimeoutMs: 10_000, maxBatch: 64, retryMinMs: 1_000, retryMaxMs: 30_000,
  frameRate: 20_000, backlogShare: 0.5,
};

export interface ForwarderDeps {
  bus: MessageBus;
  lease: PlatformLease;
  records: ForwardRecords;
  /** The platform's durable record of confirmed frames. */
  sent: SentRecord;
  targets: () => Promise<ForwardTargets>;
  /** The link's state; backlogSeconds: how far behind the frames being sent are. */
  setState: (state: LinkState, error?: string, backlogSeconds?: number) => void;
  logger: { warn(o: object, m?: string): void };
  options: ForwardOptions;
  /** Where the link may go: the address to dial for the platform's host, or a refusal. */
  outbound: Outbound;
}

/** The durable consumer of a platform on the raw stream. */
export const durableNameOf = (platformId: string) => `wdiov-forward-${platformId}`;

/** How often a draining link reports how far behind it is. */
const STATE_REPORT_MS = 2000;

const sleep = (ms: number, signal: Promise<unknown>) => Promise.race([new Promise((r) => setTimeout(r, ms).unref()), signal]);

export class PlatformForwarder {
  private stopping = false;
  private aborted = false;
  private conn: PlatformConnection | null = null;
  private readonly stopSignal: Promise<void>;
  private signalStop!: () => void;
  private loop: Promise<void> | null = null;
  /** Frames the platform confirmed (kept across links, so a redelivered or republished frame is not sent twice). */
  private readonly confirmed = new RecentIds();
  private state: LinkState = LinkState.idle;
  private backlogSeconds = 0;
  private lastError: string | undefined;
  private reportedAt = 0;
  private seq = 0;
  private encrypt: (frame: Uint8Array) => Uint8Array = (frame) => frame;
  /** Set until the sent-record was read back (again after the lease was lost: another gateway may have forwarded since). */
  private resumeNeeded = true;
  /** The sent-record write under way, so an abort waits for what the platform confirmed to be noted. */
  private recording: Promise<void> = Promise.resolve();

  constructor(readonly config: PlatformConfig, private readonly deps: ForwarderDeps) {
    this.stopSignal = new Promise((r) => (this.signalStop = r));
  }

  start(): void {
    this.loop ??= this.run().catch((err) => this.deps.logger.warn({ err, platform: this.config.id }, 'forwarding stopped by an error'));
  }

  /** Logs out and stops; the backlog stays in the stream. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.signalStop();
    await this.loop;
  }

  /** As if the gateway died: the link dropped without logout, nothing more acked. */
  async abort(): Promise<void> {
    this.aborted = true;
    this.conn?.destroy();
    await this.stop();
    await this.recording;
  }

  /** The lease went with the database connection: drop the link; the loop tries to take the lease again. */
  leaseLost(): void {
    this.resumeNeeded = true;
    this.conn?.destroy();
  }

  /** Reports the link state: at once when it changes, a changed backlog at most every couple of seconds. */
  private setState(state: LinkState, error?: string, backlogSeconds = 0): void {
    if (this.aborted) return;
    const now = Date.now();
    const same = state === this.state && (error === undefined || error === this.lastError);
    if (same && (backlogSeconds === this.backlogSeconds || now - this.reportedAt < STATE_REPORT_MS)) return;
    this.state = state;
    if (error !== undefined) this.lastError = error;
    this.backlogSeconds = backlogSeconds;
    this.reportedAt = now;
    this.deps.setState(state, error, backlogSeconds);
  }

  /** Login serial numbers: +1 per login, 1..65531. */
  private nextSeq(): number {
    this.seq = (this.seq % 65531) + 1;
    return this.seq;
  }

  private async run(): Promise<void> {
    const { lease, options: o } = this.deps;
    const id = this.config.id;
    let delay = o.retryMinMs;
    const identity = this.config.identity;
    if (!identity) {
      this.setState(LinkState.refused, '不支持的转发协议 (仅 GB/T 32960)');
      return;
    }
    if (!PLATFORM_ENCRYPTION[identity.edition].includes(identity.encryptionRule)) {
      this.setState(LinkState.refused, `加密方式 0x${identity.encryptionRule.toString(16).padStart(2, '0')} 不属于 GB/T 32960-${identity.edition} (SM2、SM4 仅用于 2025 版)`);
      return;
    }
    try {
      this.encrypt = frameEncryptor(identity.encryptionRule, this.config.encryptionKey);
    } catch (e) {
      // The message names what is wrong with the key, never the key.
      this.setState(LinkState.refused, e instanceof CipherKeyError ? e.message : '加密密钥无效');
      return;
    }
    try {
      while (!this.stopping) {
        if (!(await lease.tryAcquire(id).catch(() => false))) {
          await sleep(o.retryMaxMs / 3, this.stopSignal);
          continue;
        }
        if (this.resumeNeeded && !(await this.resume())) {
          await sleep(delay, this.stopSignal);
          continue;
        }
        this.setState(LinkState.connecting);
        try {
          const target = await this.deps.outbound.resolve(this.config.host, this.config.port);
          this.conn = await PlatformConnection.open({
            host: target.address, port: target.port, identity, seq: this.nextSeq(), answerTimeoutMs: o.answerTimeoutMs, heartbeatMs: o.heartbeatMs,
            onRejected: (answer) => this.setState(this.state, `平台应答 ${responseFlagText(answer.flag)} (${answer.vin})`),
          });
        } catch (e) {
          const refused = e instanceof LinkError && e.refused;
          // Refused by the outbound policy, by the host, or no answer: the tenant sees one and the same
          // state and text (else the link would tell open ports from closed ones); the log keeps which.
          if (!refused) this.deps.logger.warn({ platform: id, host: this.config.host, port: this.config.port, reason: e instanceof Error ? e.message : String(e) }, 'platform link not opened');
          this.setState(refused ? LinkState.refused : LinkState.unreachable, refused ? (e as Error).message : forwardText('unreachable'));
          await sleep(delay, this.stopSignal);
          delay = Math.min(delay * 2, o.retryMaxMs);
          continue;
        }
        delay = o.retryMinMs;
        this.setState(LinkState.loggedIn);
        const conn = this.conn;
        const sender = new LinkSender({
          pacer: new LinkPacer({ frameRate: this.config.frameRate ?? o.frameRate, backlogShare: o.backlogShare }),
          send: (frames) => this.write(conn, frames),
          sleep: (ms) => new Promise((r) => setTimeout(r, ms).unref()),
          confirmed: this.confirmed,
        });
        let consumer: DurableConsumer | null = null;
        let live: Subscription | null = null;
        try {
          live = this.deps.bus.subscribe(wildcards.allRaw, (msg) => void this.live(sender, msg));
          consumer = await this.deps.bus.consumeDurableBatch(streams.raw.name, durableNameOf(id), (msgs) => this.handle(conn, sender, msgs), { maxBatch: o.maxBatch });
          const why = await Promise.race([conn.closed, this.stopSignal]);
          if (why instanceof Error && !this.stopping) this.setState(LinkState.unreachable, why.message);
        } finally {
          live?.unsubscribe();
          sender.fail(new LinkError('链路已关闭'));
          await consumer?.stop();
        }
        if (this.stopping && !this.aborted) await conn.logout();
        else conn.destroy();
      }
    } finally {
      if (!this.aborted) {
        this.setState(LinkState.idle);
        await lease.release(id).catch(() => {});
      }
    }
  }

  /** Reads the platform's sent-record back: what an earlier forwarder had confirmed goes no more. False when it cannot be read yet. */
  private async resume(): Promise<boolean> {
    try {
      for (const id of await this.deps.sent.recent(this.confirmed.capacity)) this.confirmed.add(id);
      this.resumeNeeded = false;
      return true;
    } catch (err) {
      this.deps.logger.warn({ err, platform: this.config.id }, 'sent-record not read; forwarding waits');
      return false;
    }
  }

  /** Notes confirmed frames durably before their stream messages are acked; a failed write is logged, not fatal (the acks still follow). */
  private note(frames: readonly ForwardFrame[]): Promise<void> {
    this.recording = this.deps.sent.write(frames.map((f) => f.id))
      .catch((err) => this.deps.logger.warn({ err, platform: this.config.id }, 'sent-record not written'));
    return this.recording;
  }

  /** Frames received just now, straight from the raw subjects: the live lane (the durable consumer confirms them later). */
  private async live(sender: LinkSender, msg: BusMsg): Promise<void> {
    // Caught up, the durable consumer is the live path itself.
    if (this.state !== LinkState.draining) return;
    try {
      const now = Date.now();
      const frames = selectFrames([decodeRawFrameBatch(msg.data)], await this.deps.targets(), now, this.deps.options.liveWindowMs)
        .filter((f) => f.command === 0x02);
      await sender.submit(frames, 'live');
    } catch {
      // The durable consumer sends whatever did not go here.
    }
  }

  /** Sends what these stream messages hold for the platform; resolves once the platform confirmed it. */
  private async handle(conn: PlatformConnection, sender: LinkSender, msgs: DurableMsg[]): Promise<void> {
    if (this.aborted || !conn.isOpen) throw new LinkError('链路未登录');
    const batches: RawFrameBatch[] = [];
    for (const m of msgs) {
      try {
        batches.push(decodeRawFrameBatch(m.data));
      } catch (err) {
        this.deps.logger.warn({ err, seq: m.seq }, 'raw batch does not decode; not forwarded');
      }
    }
    const now = Date.now();
    const frames = selectFrames(batches, await this.deps.targets(), now, this.deps.options.liveWindowMs);
    const live = frames.filter((f) => f.command === 0x02);
    const backlog = frames.filter((f) => f.command === 0x03);
    const oldest = backlog.length ? Math.min(...backlog.map((f) => f.receivedAt)) : now;
    const behind = now - oldest > this.deps.options.liveWindowMs;
    this.setState(behind ? LinkState.draining : LinkState.loggedIn, undefined, behind ? Math.round((now - oldest) / 1000) : 0);
    await Promise.all([sender.submit(live, 'live'), sender.submit(backlog, 'backlog')]);
    if (this.aborted) throw new LinkError('已中止');
  }

  /** Writes frames re-framed for the platform; resolves once it confirmed them. */
  private async write(conn: PlatformConnection, frames: ForwardFrame[]): Promise<void> {
    const identity = this.config.identity!;
    const parts: Uint8Array[] = [];
    for (const f of frames) {
      try {
        parts.push(this.encrypt(reframeForPlatform(f.bytes, identity.edition, f.command)));
      } catch (e) {
        this.deps.records.error(f.vin, f.vehicleId, `无法转换: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    const now = Date.now();
    const backlogSeconds = Math.max(0, Math.round((now - Math.min(...frames.map((f) => f.receivedAt))) / 1000));
    try {
      if (this.aborted) throw new LinkError('已中止');
      await conn.send(Buffer.concat(parts));
    } catch (e) {
      this.deps.records.count(frames, false, now, backlogSeconds);
      for (const f of frames) this.deps.records.error(f.vin, f.vehicleId, e instanceof Error ? e.message : String(e));
      throw e;
    }
    await this.note(frames);
    if (this.aborted) throw new LinkError('已中止');
    this.deps.records.count(frames, true, Date.now(), backlogSeconds);
  }
}
