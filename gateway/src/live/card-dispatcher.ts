import type { Logger } from 'pino';
import {
  AlarmCardType, alarmCardFrame, alarmEvent, faultEvent, fenceEvent, formatDateTime, locationText, wildcards,
  type AlarmCardData, type PlaceLocation, type AlarmCardMessage, type AlarmEvent, type FaultEvent, type FenceEvent,
} from '@wdiov/contracts';
import type { MessageBus, Subscription } from '../bus/bus.ts';
import type { SocketHub } from './socket-hub.ts';

export interface CardGeocoder {
  locate(tenantId: string, lng: number, lat: number): Promise<PlaceLocation>;
  /** The online address that was still on its way when `locate` answered, once it arrives. */
  improved(tenantId: string, lng: number, lat: number): Promise<PlaceLocation | undefined>;
}

export interface CardRecipients {
  /** Users who get the card of an event, or 'everyone' (every online user of the tenant). */
  forEvent(kind: 'alarm' | 'fault' | 'fence', event: AlarmEvent | FaultEvent | FenceEvent): Promise<string[] | 'everyone'>;
}

/** Somewhere else cards go besides this gateway's sockets (nats.ws: scale/card-publisher.ts). */
export interface CardOutlet {
  send(tenantId: string, users: string[] | 'everyone', card: AlarmCardMessage): Promise<void>;
}

const dec = new TextDecoder();
/** Ids of the latest events seen, so a second copy (from the bus after the engine's own, or a republish) raises no second card. */
const MAX_SEEN = 50_000;

/**
 * Turns live start events into alarm cards (cmd 1200) for the sockets of their handling team's
 * users on this gateway who may see the vehicle. Every gateway runs one: each sees every event
 * on the bus and serves its own sockets. Events of vehicles connected here come straight from
 * this gateway's alarm engine (`raised`), before the bus has stored them; their copy from the bus,
 * like any repeated event, is then skipped by id.
 */
export class CardDispatcher {
  private subs: Subscription[] = [];
  private readonly seen = new Set<string>();
  private outlet?: CardOutlet;
  delivered = 0;

  constructor(
    private readonly bus: MessageBus,
    private readonly hub: SocketHub,
    private readonly recipients: CardRecipients,
    private readonly logger: Logger,
    private readonly utcOffsetMin: number,
    /** The location of the event's point in words (geocode/geocoder.ts): answered within a short bound, and improved later if it can be. */
    private readonly geocoder?: CardGeocoder,
  ) {}

  start(): void {
    const on = (subject: string, kind: 'alarm' | 'fault' | 'fence', schema: typeof alarmEvent | typeof faultEvent | typeof fenceEvent) =>
      this.bus.subscribe(subject, (m) => {
        const parsed = schema.safeParse(JSON.parse(dec.decode(m.data)));
        if (parsed.success) this.cardStart(kind, parsed.data);
      });
    this.subs = [on(wildcards.allAlarms, 'alarm', alarmEvent), on(wildcards.allFaults, 'fault', faultEvent), on(wildcards.allFences, 'fence', fenceEvent)];
  }

  /** An event raised by this gateway's alarm engine (its copy from the bus will be skipped). */
  raised(kind: 'alarm' | 'fault' | 'fence', e: AlarmEvent | FaultEvent | FenceEvent): void {
    this.cardStart(kind, e, true);
  }

  /** Cards of the events this gateway's engine raises go to `outlet` too: one gateway raises each event, so each card goes there once. */
  sendAlsoTo(outlet: CardOutlet): void {
    this.outlet = outlet;
  }

  /** Only live start events of types that need handling call an operator, once each: ends and stored history raise no card. */
  private cardStart(kind: 'alarm' | 'fault' | 'fence', e: AlarmEvent | FaultEvent | FenceEvent, raisedHere = false): void {
    // A type that needs no operator is stored as handled by the system and calls nobody.
    if (e.phase !== 'start' || !e.live || e.mustHandle === false || this.seen.has(e.id)) return;
    this.seen.add(e.id);
    // Oldest out first: the bus delivers copies within moments, never 50,000 events later.
    if (this.seen.size > MAX_SEEN) this.seen.delete(this.seen.values().next().value!);
    this.dispatch(kind, e, raisedHere).catch((err) => this.logger.error({ err }, 'alarm card dispatch failed'));
  }

  card(kind: 'alarm' | 'fault' | 'fence', e: AlarmEvent | FaultEvent | FenceEvent, location?: PlaceLocation): AlarmCardData {
    const common = {
      ...(location ? { address: locationText(location, 'zh'), location } : {}),
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

  private async dispatch(kind: 'alarm' | 'fault' | 'fence', e: AlarmEvent | FaultEvent | FenceEvent, raisedHere: boolean) {
    // The recipients and the location are looked up side by side; the location never holds the card long.
    const [users, location] = await Promise.all([this.recipients.forEvent(kind, e), this.locationOf(e)]);
    const ids = users === 'everyone' ? this.hub.onlineUsers(e.tenantId) : users;
    const frame = alarmCardFrame(this.card(kind, e, location));
    this.delivered += this.hub.toUsers(e.tenantId, ids, frame);
    if (raisedHere) await this.outlet?.send(e.tenantId, users, frame);
    // The card went out without waiting for the online address: it follows, the same card with the address.
    if (location && !location.address && this.geocoder && e.lng != null && e.lat != null) {
      const better = await this.geocoder.improved(e.tenantId, e.lng, e.lat);
      if (!better) return;
      const again = alarmCardFrame(this.card(kind, e, better));
      this.hub.toUsers(e.tenantId, ids, again);
      if (raisedHere) await this.outlet?.send(e.tenantId, users, again);
    }
  }

  private locationOf(e: AlarmEvent | FaultEvent | FenceEvent): Promise<PlaceLocation | undefined> {
    if (!this.geocoder || e.lng === null || e.lng === undefined || e.lat === null || e.lat === undefined) return Promise.resolve(undefined);
    return this.geocoder.locate(e.tenantId, e.lng, e.lat).catch((err: unknown) => {
      this.logger.warn({ err }, 'card location not found');
      return undefined;
    });
  }

  stop(): void {
    for (const s of this.subs) s.unsubscribe();
  }
}
