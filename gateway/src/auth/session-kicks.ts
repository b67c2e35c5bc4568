import { and, eq, isNull, ne } from 'drizzle-orm';
import { subjects, type KickMessage } from '@wdiov/contracts';
import type { MessageBus } from '../bus/bus.ts';
import type { Db } from '../db/client.ts';
import { refreshTokens } from '../db/schema/auth.ts';
import type { Revocations } from './revocations.ts';

/** Why a user is logged out (cmd 8860's `msg`). */
export const KickReason = {
  removed: '您的账号已被删除, 请联系管理员',
  passwordReset: '您的密码已被管理员重置, 请重新登录',
  locked: '您的账号已被锁定, 请联系管理员',
  signedInElsewhere: '您的账号已在别处登录, 您已被迫下线',
  passwordChanged: '您的密码已修改, 请重新登录',
  identityChanged: '您的角色或部门已变更, 请重新登录',
  signedOut: '您已退出登录',
} as const;

export interface KickOptions {
  /** End the user's sign-ins too, so the kicked client cannot keep using its tokens. */
  revoke: boolean;
  /** The sign-in that stays (single session: the new one; a password change: the one that changed it). */
  keepFamily?: string;
  /** Only this sign-in ends (a sign-out): its sockets close without the warning, its nats.ws keys are revoked. */
  family?: string;
}

const enc = new TextEncoder();

/**
 * Forced logouts: the kick goes out on the kick subject (every gateway closes that user's
 * sockets with cmd 8860 and the reason), and where the cause demands it the user's refresh
 * families are revoked and their access tokens with them (by family, see auth-middleware.ts).
 */
export class SessionKicks {
  constructor(private readonly db: Db, private readonly revocations: Revocations, private readonly bus?: MessageBus) {}

  async kick(userId: string, reason: string, options: KickOptions): Promise<void> {
    const at = Date.now();
    if (options.revoke) await this.revoke(userId, options.keepFamily);
    const { keepFamily, family } = options;
    const message: KickMessage = {
      userId, msg: reason, ...(keepFamily ? { openedBefore: at, keepFamily } : {}), ...(family ? { family, quiet: true } : {}),
    };
    this.bus?.publish(subjects.kick(userId), enc.encode(JSON.stringify(message)));
  }

  private async revoke(userId: string, keepFamily?: string): Promise<void> {
    const families = await this.db.update(refreshTokens).set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), keepFamily ? ne(refreshTokens.familyId, keepFamily) : undefined))
      .returning({ family: refreshTokens.familyId });
    await this.revocations.endFamilies([...new Set(families.map((f) => f.family))], 'kick');
  }
}

/** The param (BladeX style) that keeps one session per account: a sign-in logs the older ones out. */
export const SINGLE_SESSION_PARAM = 'account.singleSession';
export const isOn = (value: unknown) => ['true', '1', 'on', 'yes'].includes(String(value ?? '').trim().toLowerCase());

/** What the token service reports about sign-ins, for the kicks that follow them. */
export interface SignInEvents {
  /** Five failed sign-ins locked the account. */
  locked(user: { id: string }): Promise<void>;
  /** A sign-in succeeded and began `family`. */
  signedIn(user: { id: string }, family: string): Promise<void>;
}

/** Kicks on lock, and on a sign-in elsewhere while the single-session param is on. */
export function signInKicks(kicks: SessionKicks, singleSession: () => Promise<boolean>): SignInEvents {
  return {
    locked: (user) => kicks.kick(user.id, KickReason.locked, { revoke: true }),
    async signedIn(user, family) {
      if (await singleSession()) await kicks.kick(user.id, KickReason.signedInElsewhere, { revoke: true, keepFamily: family });
    },
  };
}
