import { entityByName, type AlarmEvent, type FaultEvent, type FenceEvent } from '@wdiov/contracts';
import { systemPrincipal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';
import type { CardRecipients } from './card-dispatcher.ts';

const TTL_MS = 30_000;
type Team = Record<string, unknown>;
const ids = (v: unknown) => String(v ?? '').split(',').filter(Boolean);
const matches = (want: unknown, actual: unknown) => want === null || want === undefined || want === '' || String(want) === String(actual);

/**
 * Who gets a pop-up: the users of the handling teams whose level and alarm type (or, for CAN
 * faults, SPN/FMI) match the event. A tenant without any team sends every pop-up to everyone
 * online, so a fresh installation still shows its alarms.
 */
export class HandleTeams implements CardRecipients {
  private cache = new Map<string, { at: number; teams: Team[] }>();

  constructor(private readonly repos: Repositories) {}

  invalidate(): void {
    this.cache.clear();
  }

  private async teams(tenantId: string): Promise<Team[]> {
    const hit = this.cache.get(tenantId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.teams;
    const teams = entityByName('alarmHandleTeam')
      ? await this.repos.get('alarmHandleTeam').all(systemPrincipal(tenantId), { filters: [], ascs: [], descs: [] })
      : [];
    this.cache.set(tenantId, { at: Date.now(), teams });
    return teams;
  }

  async forEvent(kind: 'alarm' | 'fault' | 'fence', e: AlarmEvent | FaultEvent | FenceEvent): Promise<string[] | 'everyone'> {
    const teams = await this.teams(e.tenantId);
    if (teams.length === 0) return 'everyone';
    return [...new Set(this.matching(teams, kind, e).flatMap((t) => ids(t.userIds ?? t.userId)))];
  }

  /** The teams handling the event (its notifications go to their channels and members). */
  async teamsFor(kind: 'alarm' | 'fault' | 'fence', e: AlarmEvent | FaultEvent | FenceEvent): Promise<Team[]> {
    return this.matching(await this.teams(e.tenantId), kind, e);
  }

  private matching(teams: Team[], kind: 'alarm' | 'fault' | 'fence', e: AlarmEvent | FaultEvent | FenceEvent): Team[] {
    return teams.filter((t) => {
      if (!matches(t.level ?? t.alarmLevel, e.level)) return false;
      // A team for CAN faults handles faults only; any other team, alarms and fences.
      const faultTeam = String(t.teamType ?? '') === '2';
      if (kind === 'alarm') return !faultTeam && matches(t.alarmType, (e as AlarmEvent).alarmType);
      if (kind === 'fault') {
        if (!faultTeam) return false;
        const f = e as FaultEvent;
        return matches(t.spn, f.spn) && matches(t.fmi, f.fmi);
      }
      return true;
    });
  }
}
