import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { IngestStats } from '../ingest/ingest-stats.ts';
import type { BatchSnapshot, ConsumerBatches } from './batch-stats.ts';
import type { ConsumerLagRow } from './consumer-lag.ts';

/** What the gateway's parts expose to the metrics, read at each scrape (never pushed per event). */
export interface MetricSources {
  ingest?: () => IngestStats | undefined;
  /** Open sockets per channel. */
  sockets?: () => Record<string, number>;
  /** Vehicles in this gateway's live state. */
  vehicles?: () => number;
  /** Whether the persisters run (false while a dead persistence thread is being started again). */
  persisting?: () => boolean;
  /** Browsers holding valid nats.ws credentials from this gateway. */
  natsWsSubscribers?: () => number;
  /** Batch sizes and write times of the persisters' durable consumers. */
  persistBatches?: () => BatchSnapshot;
  /** Pending messages per durable consumer (JetStream). */
  consumerLag?: () => Promise<ConsumerLagRow[]>;
}

/** Ingest counters that mean a frame or a connection was refused, by the reason a dashboard groups them by. */
const REJECTED: Record<string, keyof IngestStats> = {
  bad_checksum: 'badChecksum',
  bad_frame: 'badFrames',
  oversize: 'oversize',
  rate_limited: 'rateLimited',
  unknown_vin: 'unknownVin',
  not_logged_in: 'notLoggedIn',
  other_vin: 'otherVin',
  terminal_refused: 'terminalRefused',
};

/**
 * The gateway's signals in the Prometheus text format: HTTP by route and status, the ingest's counters, sockets,
 * event-loop lag and the process's own (prom-client's defaults). One registry per gateway, so tests can build several.
 */
export class GatewayMetrics {
  readonly registry = new Registry();
  private sources: MetricSources = {};
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route'>;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'wdiov_', eventLoopMonitoringPrecision: 20 });
    this.requests = new Counter({ name: 'wdiov_http_requests_total', help: 'HTTP requests by method, route and status', labelNames: ['method', 'route', 'status'], registers });
    this.duration = new Histogram({
      name: 'wdiov_http_request_duration_seconds', help: 'HTTP request duration by method and route', labelNames: ['method', 'route'], registers,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    });
    const ingest = () => this.sources.ingest?.();
    // Counters kept by the ingest itself: each scrape copies them (reset, then the running total).
    const copied = (name: string, help: string, read: (s: IngestStats) => number) =>
      new Counter({ name, help, registers, collect() { const s = ingest(); this.reset(); if (s) this.inc(read(s)); } });
    copied('wdiov_ingest_frames_total', 'GB/T 32960 frames received', (s) => s.frames);
    copied('wdiov_ingest_decode_errors_total', 'Frames that did not decode (bad structure or checksum)', (s) => s.badFrames + s.badChecksum);
    copied('wdiov_ingest_paused_total', 'Times a connection stopped reading because too much was waiting (backpressure)', (s) => s.paused);
    copied('wdiov_ingest_idle_closed_total', 'Connections closed for silence', (s) => s.idleClosed);
    new Counter({
      name: 'wdiov_ingest_frames_rejected_total', help: 'Frames or connections refused, by reason', labelNames: ['reason'], registers,
      collect() {
        const s = ingest();
        this.reset();
        if (s) for (const [reason, key] of Object.entries(REJECTED)) this.inc({ reason }, Number(s[key]) || 0);
      },
    });
    const sources = () => this.sources;
    new Gauge({ name: 'wdiov_ingest_connections', help: 'Open terminal connections', registers, collect() { this.set(ingest()?.connections ?? 0); } });
    new Gauge({
      name: 'wdiov_socket_clients', help: 'Open console sockets by channel', labelNames: ['channel'], registers,
      collect() { this.reset(); for (const [channel, n] of Object.entries(sources().sockets?.() ?? {})) this.set({ channel }, n); },
    });
    new Gauge({
      name: 'wdiov_persistence_running', help: '1 while the persisters run; 0 while a dead persistence thread is started again', registers,
      collect() { this.set(sources().persisting?.() === false ? 0 : 1); },
    });
    new Gauge({
      name: 'wdiov_nats_ws_subscribers', help: 'Browsers holding unexpired nats.ws credentials this gateway issued', registers,
      collect() { this.set(sources().natsWsSubscribers?.() ?? 0); },
    });
    const batches = (name: string, help: string, read: (c: ConsumerBatches) => number) => new Counter({
      name, help, labelNames: ['consumer'], registers,
      collect() {
        this.reset();
        for (const [consumer, c] of Object.entries(sources().persistBatches?.() ?? {})) this.inc({ consumer }, read(c));
      },
    });
    batches('wdiov_persist_batches_total', 'Batches the persisters handled, by durable consumer', (c) => c.batches);
    batches('wdiov_persist_batch_messages_total', 'Messages in those batches (divide by batches for the mean batch size)', (c) => c.messages);
    batches('wdiov_persist_batch_seconds_total', 'Seconds spent writing those batches (divide by batches for the mean latency)', (c) => c.seconds);
    batches('wdiov_persist_batch_failures_total', 'Batches whose write failed (handed back for redelivery)', (c) => c.failed);
    const lag = (name: string, help: string, read: (r: ConsumerLagRow) => number) => new Gauge({
      name, help, labelNames: ['stream', 'consumer'], registers,
      async collect() {
        this.reset();
        for (const r of (await sources().consumerLag?.()) ?? []) this.set({ stream: r.stream, consumer: r.consumer }, read(r));
      },
    });
    lag('wdiov_jetstream_consumer_pending', 'Messages a durable consumer has not been given yet', (r) => r.pending);
    lag('wdiov_jetstream_consumer_ack_pending', 'Messages a durable consumer was given and has not acknowledged', (r) => r.ackPending);
    new Gauge({ name: 'wdiov_live_vehicles', help: 'Vehicles in the live state of this gateway', registers, collect() { this.set(sources().vehicles?.() ?? 0); } });
  }

  /** Parts started after the app (ingest, streaming) register here once they run. */
  watch(sources: MetricSources): void {
    this.sources = { ...this.sources, ...sources };
  }

  /** Counts every request under the route it matched (a bounded set), not its raw path. */
  http(): MiddlewareHandler {
    return async (c, next) => {
      const end = this.duration.startTimer();
      await next();
      const route = routePath(c, -1);
      end({ method: c.req.method, route });
      this.requests.inc({ method: c.req.method, route, status: String(c.res.status) });
    };
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
