import { ALARM_RULES } from '@wdiov/contracts';
import { systemPrincipal } from '../src/crud/principal.ts';
import type { Repositories } from '../src/crud/repositories.ts';

type Request = (path: string, init: RequestInit) => Response | Promise<Response>;

/**
 * A webhook channel at `url` and a handling team per GB/T 32960 alarm type and level (as a fleet
 * routes each kind of alarm to whoever handles it), set up through the calls an administrator's
 * console makes: every alarm the fleet raises goes to the webhook, on its own or, beyond a team's
 * NOTIFY_DIGEST_AFTER a minute, in the team's digest.
 */
export async function webhookForEveryAlarm(request: Request, repos: Repositories, token: string, url: string): Promise<void> {
  const post = async (path: string, body: unknown) => {
    const res = await request(`/api/wdiov-base/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'Wdiov-Auth': `bearer ${token}` }, body: JSON.stringify(body) });
    const json = (await res.json()) as { success: boolean; msg: string };
    if (!json.success) throw new Error(`${path}: ${json.msg}`);
  };
  await post('notifyChannel/submit', { channelName: 'bench receiver', channelType: 'webhook', target: url });
  const sys = systemPrincipal('000000');
  const everything = { filters: [], ascs: [], descs: [] };
  const channel = (await repos.get('notifyChannel').all(sys, everything)).find((c) => c.target === url)!;
  const admin = (await repos.get('user').all(sys, everything)).find((u) => u.account === 'admin')!;
  for (const { type } of ALARM_RULES.filter((r) => r.type.startsWith('gb:'))) {
    for (const level of [1, 2, 3, 4]) {
      await post('alarmHandleTeam/submit', { teamName: `${type} ${level}`, teamType: 1, level, alarmType: type, userIds: String(admin.id), channelIds: String(channel.id) });
    }
  }
}
