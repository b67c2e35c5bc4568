import type { NotifyChannelType } from '@wdiov/contracts/entities/base/notify';
import type { Language } from '@wdiov/contracts';
import { paramValue } from '../auth/params.ts';
import { systemPrincipal, type Principal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';
import type { Outbound } from '../outbound/outbound-policy.ts';
import type { OpenChannel, SenderDeps } from './channel-senders.ts';
import type { SecretBox } from './secret-box.ts';

/** The platform tenant's parameter naming the SMTP server when SMTP_URL is not set. */
export const SMTP_URL_PARAM = 'notify.smtpUrl';

export interface StoredChannel extends OpenChannel {
  name: string;
  language: Language;
  enabled: boolean;
}

/** How long a channel read for deliveries is kept; a write on any gateway drops it sooner (`channels` cache). */
const DELIVERY_TTL_MS = 30_000;

const text = (v: unknown) => (v === null || v === undefined || v === '' ? undefined : String(v));

/** Channels as the senders use them: the stored row with its secret opened. */
export class ChannelStore {
  readonly senderDeps: SenderDeps;
  /** Channels as deliveries read them, by tenant and id: a storm reads each one once, not per alarm. */
  private readonly forDelivery = new Map<string, { at: number; channel: Promise<StoredChannel | undefined> }>();

  constructor(
    private readonly repos: Repositories,
    private readonly box: SecretBox,
    outbound: Outbound,
    smtp: { url?: string; from: string },
  ) {
    this.senderDeps = { outbound, smtpFrom: smtp.from, smtpUrl: async () => smtp.url ?? text(await paramValue(repos, SMTP_URL_PARAM)) };
  }

  /** The channel `id` of the tenant as deliveries send through it (kept a while); throws when its secret cannot be opened. */
  forSending(tenantId: string, id: string): Promise<StoredChannel | undefined> {
    const key = `${tenantId}|${id}`;
    const hit = this.forDelivery.get(key);
    if (hit && Date.now() - hit.at < DELIVERY_TTL_MS) return hit.channel;
    const channel = this.find(systemPrincipal(tenantId), id);
    this.forDelivery.set(key, { at: Date.now(), channel });
    // A failed read is not kept: the next delivery reads again.
    channel.catch(() => this.forDelivery.get(key)?.channel === channel && this.forDelivery.delete(key));
    return channel;
  }

  /** A channel was written (here or on another gateway). */
  invalidate(): void {
    this.forDelivery.clear();
  }

  /** The channel `id` as the principal sees it, or undefined; throws when its secret cannot be opened. */
  async find(principal: Principal, id: string): Promise<StoredChannel | undefined> {
    const row = await this.repos.get('notifyChannel').findRow(principal, id);
    if (!row) return undefined;
    const sealed = text(row.secret);
    return {
      id: String(row.id), name: String(row.channelName ?? ''), channelType: String(row.channelType) as NotifyChannelType,
      target: text(row.target), smsProvider: text(row.smsProvider), accessKey: text(row.accessKey),
      secret: sealed ? this.box.open(sealed) : undefined,
      signName: text(row.signName), templateCode: text(row.templateCode), smsAppId: text(row.smsAppId),
      language: row.language === 'en' ? 'en' : 'zh', enabled: Number(row.channelStatus ?? 1) === 1,
    };
  }
}

/** Who a channel's message goes to: e-mail and SMS to people, robots and webhooks to their host (the rest of the URL may hold a key). */
/** Channel types whose messages go to the team's members themselves. */
export const PERSONAL: ReadonlySet<string> = new Set(['email', 'sms']);

export function recipientsOf(channel: Pick<OpenChannel, 'channelType' | 'target'>, people: { email?: string; phone?: string }[]): string[] {
  if (channel.channelType === 'email') return [...new Set(people.map((p) => p.email).filter((v): v is string => !!v))];
  if (channel.channelType === 'sms') return [...new Set(people.map((p) => p.phone).filter((v): v is string => !!v))];
  try {
    return [new URL(channel.target ?? '').host];
  } catch {
    return [];
  }
}
