import type { NotifyChannelType } from '@wdiov/contracts/entities/base/notify';
import type { Language } from '@wdiov/contracts';
import { paramValue } from '../auth/params.ts';
import type { Principal } from '../crud/principal.ts';
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

const text = (v: unknown) => (v === null || v === undefined || v === '' ? undefined : String(v));

/** Channels as the senders use them: the stored row with its secret opened. */
export class ChannelStore {
  readonly senderDeps: SenderDeps;

  constructor(
    private readonly repos: Repositories,
    private readonly box: SecretBox,
    outbound: Outbound,
    smtp: { url?: string; from: string },
  ) {
    this.senderDeps = { outbound, smtpFrom: smtp.from, smtpUrl: async () => smtp.url ?? text(await paramValue(repos, SMTP_URL_PARAM)) };
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
export function recipientsOf(channel: Pick<OpenChannel, 'channelType' | 'target'>, people: { email?: string; phone?: string }[]): string[] {
  if (channel.channelType === 'email') return [...new Set(people.map((p) => p.email).filter((v): v is string => !!v))];
  if (channel.channelType === 'sms') return [...new Set(people.map((p) => p.phone).filter((v): v is string => !!v))];
  try {
    return [new URL(channel.target ?? '').host];
  } catch {
    return [];
  }
}
