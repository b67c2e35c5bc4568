import type { Logger } from 'pino';
import {
  AlarmCardType, alarmCardFrame, alarmEvent, faultEvent, fenceEvent, formatDateTime, wildcards,
  type AlarmCardData, type AlarmEvent, type FaultEvent, type FenceEvent,
} from '@wdiov/contracts';
import type { MessageBus, Subscription } from '../bus/bus.ts';
import type { SocketHub } from './socket-hub.ts';

export interface CardRecipients {
  /** Users who get the card of an event, or 'everyone' (every online user of the tenant). */
  forEvent(kind: 'alarm' | 'fault' | 'fence', event: AlarmEvent | FaultEvent | FenceEvent): Promise<string[] | 'everyone'>;
}

const dec = new TextDecoder();

/**
 * Turns live start events into alarm cards (cmd 1200) for the sockets of their handling team's
 * users on this gateway who may see the vehicle. Every gateway runs one: each sees every event
 * and serves its own sockets.
 */
export class CardDispatcher {
  private subs: Subscription[] = [];
  delivered = 0;

  constructor(
    private readonly bus: MessageBus,
    private readonly hub: SocketHub,
    private readonly recipients: CardRecipients,
    private readonly logger: Logger,
    private readonly utcOffsetMin: number,
  ) {}

  start(): void {
    const on = (subject: string, kind: 'alarm' | 'fault' | 'fence', schema: typeof alarmEvent | typeof faultEvent | typeof fenceEvent) =>
      this.bus.subscribe(subject, (m) => {
        const parsed = schema.safeParse(JSON.parse(dec.decode(m.data)));
        if (!parsed.success || parsed.data.phase !== 'start' || !parsed.data.live) return;
        this.dispatch(kind, parsed.data).catch((err) => this.logger.error({ err }, 'alarm card dispatch failed'));
      });
    this.subs = [on(wildcards.allAlarms, 'alarm', alarmEvent), on(wildcards.allFaults, 'fault', faultEvent), on(wildcards.allFences, 'fence', fenceEvent)];
  }

  card(kind: 'alarm' | 'fault' | 'fence', e: AlarmEvent | FaultEvent | FenceEvent): AlarmCardData {
    const common = {
      id: e.id, level: e.level, vin: e.vin, carPlate: e.plate, espeed: e.speedKmh ?? -0.1,
      stime: formatDateTime(e.startTime, this.utcOffsetMin), duration: Math.max(0, Math.round((Date.now() - e.startTime) / 1000)),
      elng: e.lng, elat: e.lat,
    };
    if (kind === 'alarm') {
      const a = e as AlarmEvent;
      return { ...common, type: AlarmCardType.alarm, alarmType: a.alarmType, alarmName: a.alarmName };
    }
    if (kind === 'fault') {
      const f = e as FaultEvent;
      return { ...common, type: AlarmCardType.fault, faultCode: f.faultCode, faultName: f.faultName || f.faultCode };
    }
    const g = e as FenceEvent;
    return { ...common, type: AlarmCardType.fence, fenceId: g.fenceId, fenceName: g.fenceName, accessType: g.accessType, accessTime: common.stime };
  }

  private async dispatch(kind: 'alarm' | 'fault' | 'fence', e: AlarmEvent | FaultEvent | FenceEvent) {
    const users = await this.recipients.forEvent(kind, e);
    const ids = users === 'everyone' ? this.hub.onlineUsers(e.tenantId) : users;
    this.delivered += this.hub.toUsers(e.tenantId, ids, alarmCardFrame(this.card(kind, e)));
  }

  stop(): void {
    for (const s of this.subs) s.unsubscribe();
  }
}
