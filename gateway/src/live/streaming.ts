import { wildcards, kickMessage, formatDateTime } from '@wdiov/contracts';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { UnknownVinLog } from '../ingest/unknown-vin-log.ts';
import type { MessageBus, Subscription } from '../bus/bus.ts';
import type { Env } from '../env.ts';
import type { Repositories } from '../crud/repositories.ts';
import type { LogWriter } from '../logs/log-writer.ts';
import { AlarmEngine } from '../alarms/alarm-engine.ts';
import { AlarmConfigRules } from '../alarms/rules-provider.ts';
import { FenceWatch } from '../alarms/fence-watch.ts';
import { alarmEngineSink } from '../ingest/alarm-adapter.ts';
import { busSink } from '../ingest/bus-sink.ts';
import { fanOut, type IngestSink } from '../ingest/ingest-sink.ts';
import { startIngest } from '../ingest/tcp-ingest.ts';
import { VehicleDirectory } from '../ingest/vehicle-directory.ts';
import { TerminalBindings } from '../ingest/terminal-binding.ts';
import { CardDispatcher } from './card-dispatcher.ts';
import { HandleTeams } from './handle-teams.ts';
import type { LatestState } from './latest-state.ts';
import { startPersistence, type PersistenceTarget } from './persistence.ts';
import { VehicleHandover } from './vehicle-handover.ts';
import { LatestStateKeeper } from './latest-state-keeper.ts';
import { dropCachesOnChange } from './cache-invalidation.ts';
import { CommandHolder } from '../diagnosis/command-holder.ts';
import type { SocketHub } from './socket-hub.ts';
import { startSafety } from '../safety/start-safety.ts';
import type { Notifications } from '../notify/notifications.ts';
import type { Geocoder } from '../geocode/geocoder.ts';

/** This gateway's own snapshots reach its live state (and sockets) at once, not through the bus. */
const latestSink = (latest: LatestState): IngestSink => ({
  telemetry: (t) => latest.put(t),
  raw: () => undefined,
  presence: () => undefined,
});

export interface StreamingDeps {
  env: Env;
  db: Db;
  bus: MessageBus;
  repos: Repositories;
  logger: Logger;
  logs: LogWriter;
  latest: LatestState;
  hub: SocketHub;
  /** false: no TCP ingest on this gateway (API-only replicas, some tests). */
  ingest?: boolean;
  /** NATS and Postgres a persistence thread connects to; without it the persisters run in this thread. */
  persistTo?: PersistenceTarget;
  /** Publishes this gateway's live snapshots for browsers on nats.ws (scale/position-publisher.ts). */
  positions?: IngestSink;
  /** Alarms to people beyond the console (e-mail, SMS, robots, webhooks); started and stopped with streaming. */
  notifications?: Notifications;
  /** Cards carry the location in words when given (a card waits for it only briefly). */
  geocoder?: Geocoder;
}

/**
 * Starts the live half of a gateway: latest state and socket fan-out from the bus, alarm cards,
 * forced logouts, the persisters, and (unless disabled) the GB/T 32960 TCP ingest.
 */
export async function startStreaming(deps: StreamingDeps) {
  const { env, db, bus, repos, logger, logs, latest, hub } = deps;
  const dec = new TextDecoder();
  await latest.load(bus);
  const publisher = busSink(bus, logger);
  latest.start(bus, publisher.subject);
  const keeper = new LatestStateKeeper(bus, logger);
  await keeper.start();
  const stopFeed = latest.onUpdate((t) => {
    hub.position(t);
    deps.geocoder?.warm(t.tenantId);
  });
  hub.start();
  const teams = new HandleTeams(repos);
  const cards = new CardDispatcher(bus, hub, teams, logger, env.UTC_OFFSET_MIN, deps.geocoder);
  cards.start();
  const kicks: Subscription = bus.subscribe(wildcards.allKicks, (m) => {
    const parsed = kickMessage.safeParse(JSON.parse(dec.decode(m.data)));
    if (parsed.success) hub.kick(parsed.data.userId, parsed.data.msg, parsed.data.openedBefore, parsed.data);
  });
  const persistence = await startPersistence(db, bus, logger, deps.persistTo, env.LOG_LEVEL);
  const cacheFailed = (err: unknown, tenantId: string) => logger.error({ err, tenantId }, 'alarm rules or fences not loaded');
  const rules = new AlarmConfigRules(repos, cacheFailed);
  const fences = new FenceWatch(repos, env.UTC_OFFSET_MIN, cacheFailed);
  const handover = new VehicleHandover(bus, logger);
  await deps.notifications?.start(bus, teams);
  const engine = new AlarmEngine(db, bus, rules, fences, logger, handover, (kind, event) => {
    cards.raised(kind, event);
    deps.notifications?.raised(kind, event);
  });
  await engine.preload();
  const directory = new VehicleDirectory(db);
  const bindings = new TerminalBindings(db, env.INGEST_BIND_ICCID, (vehicle, iccid) =>
    logger.warn({ vin: vehicle.vin, iccid }, 'login of a terminal not bound to its vehicle refused'));
  const vehicles = {
    invalidate: () => {
      directory.invalidate();
      bindings.invalidate();
    },
  };
  const changes = dropCachesOnChange(bus, { fences, rules, teams, directory: vehicles, scopes: hub.scopes });
  // Remote diagnosis: this gateway answers the command subject of each terminal logged in here.
  const commands = new CommandHolder(bus, logger);
  const safety = startSafety(db, env.UTC_OFFSET_MIN, logger, repos);
  const unknownVins = new UnknownVinLog(({ vin, remote, since, unlogged }) => logs.usual({
    tenantId: '000000', logId: 'ingest-unknown-vin', createBy: 'ingest',
    logData: `未知车架号登录: ${vin} 来自 ${remote} (${formatDateTime(Date.now(), env.UTC_OFFSET_MIN)})`
      + (since ? `, 上次记录后又有 ${since} 帧` : '') + (unlogged ? `, 另有 ${unlogged} 帧来自未记录的未知车架号` : ''),
  }));
  const ingest = deps.ingest === false ? undefined : await startIngest({
    port: env.INGEST_PORT,
    host: env.INGEST_HOST ?? env.HOST,
    directory,
    bindings,
    sink: fanOut([publisher, alarmEngineSink(engine), safety.monitor, keeper, latestSink(latest), ...(deps.positions ? [deps.positions] : [])], (err) => logger.error({ err }, 'ingest sink failed')),
    logger,
    sessions: commands,
    guard: { maxConnections: env.INGEST_MAX_CONNECTIONS, maxPerAddress: env.INGEST_MAX_PER_ADDRESS, loginTimeoutMs: env.INGEST_LOGIN_TIMEOUT_MS, frameTimeoutMs: env.INGEST_FRAME_TIMEOUT_MS },
    onUnknownVin: (vin, remote) => unknownVins.note(vin, remote),
  });
  return {
    ingest, engine, keeper, persistence, cards, teams, rules, fences, directory, commands, safety,
    async close() {
      await ingest?.close();
      await engine.stop();
      await safety.stop();
      await deps.notifications?.stop();
      commands.close();
      stopFeed();
      latest.stop();
      await keeper.stop();
      hub.stop();
      cards.stop();
      kicks.unsubscribe();
      changes.unsubscribe();
      handover.stop();
      await persistence.stop();
    },
  };
}

export type Streaming = Awaited<ReturnType<typeof startStreaming>>;
