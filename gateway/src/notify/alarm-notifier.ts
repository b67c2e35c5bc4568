/**
 * Who gets what: an alarm that opens live and needs handling goes to the channels of each team
 * handling its level and type, e-mail and SMS to the team's members. A team gets its first
 * `digestAfter` alarms of a minute one by one; the rest of that minute go out as one digest at
 * its end, listing them all, so a storm neither floods the robots' rate limits nor is dropped.
 * An alarm a team with an escalation limit has not handled within it goes to the teams of the
 * next level as well, and so on up to level 4; handling it stops that. Waiting escalations are
 * stored (escalation-store.ts) and armed again when a gateway starts, so a restart loses none.
 */
import { inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AlarmEvent, FaultEvent, FenceEvent } from '@wdiov/contracts';
import { systemPrincipal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';
import { renderMessage, summaryOf, type AlarmSummary, type RenderOptions } from './alarm-message.ts';
import { PERSONAL, recipientsOf, type ChannelStore, type StoredChannel } from './channel-store.ts';
import type { DeliveryQueue, NewDelivery } from './delivery-queue.ts';
import { escalationKey, EscalationStore, type EscalationKind, type PendingEscalation } from './escalation-store.ts';

type Kind = 'alarm' | 'fault' | 'fence';
type Team = Record<string, unknown>;

/** Timers of the escalations (a test's clock moves them by hand). */
export type Schedule = (run: () => void, ms: number) => { cancel(): void };
const realSchedule: Schedule = (run, ms) => {
  const t = setTimeout(run, ms);
  t.unref();
  return { cancel: () => clearTimeout(t) };
};
const MAX_LEVEL = 4;
const ESCALATED = { zh: '【升级】', en: '[Escalated] ' } as const;

export interface TeamSource {
  teamsFor(kind: Kind, e: AlarmEvent | FaultEvent | FenceEvent): Promise<Team[]>;
}

const ids = (v: unknown) => String(v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const WINDOW_MS = 60_000;
/** Ids of the latest events routed, so an event raised again (a republish) is not counted or routed twice. */
const MAX_SEEN = 50_000;

interface TeamWindow {
  start: number;
  sent: number;
  held: AlarmSummary[];
  tenantId: string;
  team: Team;
  timer?: NodeJS.Timeout;
}

export class AlarmNotifier {
  private readonly windows = new Map<string, TeamWindow>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly seen = new Set<string>();
  private readonly escalations = new Map<string, { cancel(): void }>();
  private readonly store: EscalationStore;
  private readonly now: () => number;

  constructor(
    private readonly repos: Repositories,
    private readonly channels: ChannelStore,
    private readonly queue: DeliveryQueue,
    private readonly teams: TeamSource,
    private readonly logger: Logger,
    private readonly o: RenderOptions & { digestAfter: number; now?: () => number; schedule?: Schedule },
  ) {
    this.now = o.now ?? Date.now;
    this.store = new EscalationStore(repos.get('notifyRecord').db, this.now);
  }

  /** Arms the escalations stored by an earlier run (of this gateway or another); resolves with how many. */
  async rearm(): Promise<number> {
    const list = await this.store.pending();
    for (const p of list) this.arm(p);
    return list.length;
  }

  /** An event raised by this gateway's alarm engine (one gateway raises each, so each is notified once). */
  raised(kind: Kind, e: AlarmEvent | FaultEvent | FenceEvent): void {
    if (e.phase !== 'start' || !e.live || e.mustHandle === false || this.seen.has(e.id)) return;
    this.seen.add(e.id);
    if (this.seen.size > MAX_SEEN) this.seen.delete(this.seen.values().next().value!);
    this.track(this.route(kind, e));
  }

  /** Resolves once what was raised so far is stored and queued (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  private track(p: Promise<unknown>) {
    const done = p.catch((err) => this.logger.error({ err }, 'alarm notification not queued')).finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  private async route(kind: Kind, e: AlarmEvent | FaultEvent | FenceEvent, stage = 0) {
    const summary = summaryOf(kind, e);
    const teams = await this.teams.teamsFor(kind, stage ? { ...e, level: e.level + stage } : e);
    for (const team of teams) {
      if (ids(team.channelIds).length === 0) continue;
      // Escalations go out at once: there are few of them, each minutes after its alarm.
      if (stage > 0 || this.admit(e.tenantId, team, summary)) await this.queue.enqueue(await this.deliveries(e.tenantId, team, e.id, [summary], stage));
    }
    const limits = teams.map((t) => Number(t.escalateMinutes)).filter((m) => Number.isFinite(m) && m > 0);
    if (kind !== 'fence' && limits.length && e.level + stage < MAX_LEVEL) await this.scheduleEscalation(kind, e as AlarmEvent | FaultEvent, stage + 1, Math.min(...limits) * 60_000);
  }

  private async scheduleEscalation(kind: EscalationKind, e: AlarmEvent | FaultEvent, stage: number, ms: number) {
    const p: PendingEscalation = { key: escalationKey(e, stage), kind, stage, event: e, dueAt: this.now() + ms };
    // Stored before it is armed: a restart from here on still finds it.
    await this.store.add(p);
    this.arm(p);
  }

  private arm(p: PendingEscalation) {
    if (this.escalations.has(p.key)) return;
    const ms = Math.max(0, p.dueAt - this.now());
    this.escalations.set(p.key, (this.o.schedule ?? realSchedule)(() => {
      this.escalations.delete(p.key);
      this.track(this.fire(p));
    }, ms));
  }

  /** Routes the escalation unless the alarm was handled meanwhile, once across the gateways that armed it. */
  private async fire(p: PendingEscalation) {
    if (!(await this.store.claim(p))) return;
    if (!(await this.handled(p.kind, p.event))) await this.route(p.kind, p.event, p.stage);
    await this.store.remove(p.key);
  }

  /** Whether an operator handled the alarm (or fault) since it opened. */
  private async handled(kind: Kind, e: AlarmEvent | FaultEvent | FenceEvent): Promise<boolean> {
    const row = await this.repos.get(kind === 'alarm' ? 'vehicleAlarmData' : 'vehicleFaultData').findRow(systemPrincipal(e.tenantId), e.id);
    return Number(row?.isHandle ?? 0) === 1;
  }

  /** Escalations armed in this gateway (the stored ones outlive it). */
  get escalationsPending(): number {
    return this.escalations.size;
  }

  /** true: send this alarm on its own; false: it waits for the team's digest at the end of the minute. */
  private admit(tenantId: string, team: Team, summary: AlarmSummary): boolean {
    const now = this.now();
    const key = `${tenantId}/${String(team.id)}`;
    let w = this.windows.get(key);
    if (!w || now - w.start >= WINDOW_MS) {
      if (w?.held.length) this.flush(key, w);
      w = { start: now, sent: 0, held: [], tenantId, team };
      this.windows.set(key, w);
    }
    if (w.sent < this.o.digestAfter) {
      w.sent++;
      return true;
    }
    w.held.push(summary);
    if (!w.timer) {
      w.timer = setTimeout(() => this.flush(key, w), Math.max(0, w.start + WINDOW_MS - now));
      w.timer.unref();
    }
    return false;
  }

  private flush(_key: string, w: TeamWindow) {
    if (w.timer) clearTimeout(w.timer);
    w.timer = undefined;
    const alarms = w.held.splice(0);
    if (alarms.length === 0) return;
    const digestId = `digest-${String(w.team.id)}-${w.start}`;
    this.track(this.deliveries(w.tenantId, w.team, digestId, alarms).then((list) => this.queue.enqueue(list)));
  }

  /** Sends what the open windows hold now (on shutdown), rather than at the end of their minute. */
  flushAll(): void {
    for (const [key, w] of this.windows) if (w.held.length) this.flush(key, w);
  }

  /** Disarms the waiting escalations (on shutdown): they stay stored, for the next start to arm. */
  stopEscalations(): void {
    for (const t of this.escalations.values()) t.cancel();
    this.escalations.clear();
  }

  private async deliveries(tenantId: string, team: Team, alarmId: string, alarms: AlarmSummary[], stage = 0): Promise<NewDelivery[]> {
    const channels: StoredChannel[] = [];
    for (const channelId of ids(team.channelIds)) {
      try {
        const channel = await this.channels.forSending(tenantId, channelId);
        if (channel?.enabled) channels.push(channel);
      } catch (err) {
        this.logger.error({ err, tenantId, channelId }, 'notification channel secret unreadable');
      }
    }
    // The members' addresses only for the channels that go to people (e-mail, SMS), not for every robot's alarm.
    const people = channels.some((c) => PERSONAL.has(c.channelType)) ? await this.members(tenantId, team) : [];
    const out: NewDelivery[] = [];
    for (const channel of channels) {
      const channelId = channel.id;
      const rendered = renderMessage(channel.language, alarms, this.o);
      const message = stage ? { ...rendered, title: ESCALATED[channel.language] + rendered.title } : rendered;
      for (const recipient of recipientsOf(channel, people)) {
        out.push({ tenantId, alarmId, stage, teamId: String(team.id), channelId, channelType: channel.channelType, recipient, message, alarms });
      }
    }
    return out;
  }

  private async members(tenantId: string, team: Team): Promise<{ email?: string; phone?: string }[]> {
    const userIds = ids(team.userIds);
    if (userIds.length === 0) return [];
    const users = this.repos.get('user');
    return (await users.all(systemPrincipal(tenantId), { filters: [], ascs: [], descs: [] }, [inArray(users.columns.id!, userIds)]))
      .map((u) => ({ email: u.email ? String(u.email) : undefined, phone: u.phone ? String(u.phone) : undefined }));
  }
}
