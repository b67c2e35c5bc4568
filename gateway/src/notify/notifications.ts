import type { Logger } from 'pino';
import type { AlarmEvent, FaultEvent, FenceEvent } from '@wdiov/contracts';
import type { MessageBus } from '../bus/bus.ts';
import type { Repositories } from '../crud/repositories.ts';
import type { Env } from '../env.ts';
import type { Outbound } from '../outbound/outbound-policy.ts';
import { AlarmNotifier, type Schedule, type TeamSource } from './alarm-notifier.ts';
import { ChannelStore } from './channel-store.ts';
import { DeliveryQueue, type QueueOptions } from './delivery-queue.ts';
import type { SecretBox } from './secret-box.ts';

export interface NotificationsDeps {
  env: Pick<Env, 'SMTP_URL' | 'SMTP_FROM' | 'CONSOLE_URL' | 'UTC_OFFSET_MIN' | 'NOTIFY_DIGEST_AFTER' | 'NOTIFY_MAX_ATTEMPTS'>;
  repos: Repositories;
  box: SecretBox;
  outbound: Outbound;
  logger: Logger;
}

/**
 * Alarms that reach people beyond the open console. The channels serve the API from the start;
 * routing and delivery begin with `start`, once the gateway's bus and handling teams are there.
 */
export class Notifications {
  readonly channels: ChannelStore;
  queue?: DeliveryQueue;
  notifier?: AlarmNotifier;

  constructor(private readonly deps: NotificationsDeps) {
    this.channels = new ChannelStore(deps.repos, deps.box, deps.outbound, { url: deps.env.SMTP_URL, from: deps.env.SMTP_FROM });
  }

  async start(bus: MessageBus, teams: TeamSource, options: Partial<QueueOptions> & { schedule?: Schedule } = {}): Promise<void> {
    const { env, repos, logger } = this.deps;
    this.queue = new DeliveryQueue(repos, this.channels, bus, logger, { maxAttempts: env.NOTIFY_MAX_ATTEMPTS, ...options });
    this.notifier = new AlarmNotifier(repos, this.channels, this.queue, teams, logger, {
      utcOffsetMin: env.UTC_OFFSET_MIN, consoleUrl: env.CONSOLE_URL, digestAfter: env.NOTIFY_DIGEST_AFTER, now: options.now, schedule: options.schedule,
    });
    await this.queue.start();
    const armed = await this.notifier.rearm();
    if (armed) logger.info({ escalations: armed }, 'stored escalations armed again');
  }

  raised(kind: 'alarm' | 'fault' | 'fence', e: AlarmEvent | FaultEvent | FenceEvent): void {
    this.notifier?.raised(kind, e);
  }

  async stop(): Promise<void> {
    this.notifier?.stopEscalations();
    this.notifier?.flushAll();
    await this.notifier?.settled();
    await this.queue?.stop();
  }
}
