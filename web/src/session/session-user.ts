import type { TokenResponse } from '../api/wire';

export const DEFAULT_AVATAR = '/img/bg/img-logo.png';

/** The signed-in user as the shell keeps it (spec §3 "User info (session)"). */
export interface SessionUser {
  userId: string;
  deptId: string;
  roleId: string;
  /** Comma-joined role aliases as the token carries them. */
  roleName: string;
  account: string;
  userName: string;
  realName: string;
  nickName: string;
  avatar: string;
  tenantId: string;
  oauthId: string;
}

export function toSessionUser(token: TokenResponse): SessionUser {
  return {
    userId: token.user_id ?? '',
    deptId: token.dept_id ?? '',
    roleId: token.role_id ?? '',
    roleName: token.role_name ?? '',
    account: token.account ?? '',
    userName: token.user_name ?? token.account ?? '',
    realName: token.real_name ?? token.nick_name ?? '',
    nickName: token.nick_name ?? '',
    avatar: token.avatar || DEFAULT_AVATAR,
    tenantId: token.tenant_id ?? '',
    oauthId: token.oauth_id ?? '',
  };
}

/** The role aliases used to filter menu items that carry a roles list. */
export function rolesOf(user: SessionUser | null): string[] {
  return (user?.roleName ?? '').split(',').map((r) => r.trim()).filter(Boolean);
}

/** A social sign-in without a local account has an empty or negative user id (spec §2). */
export function needsRegistration(token: TokenResponse): boolean {
  const id = (token.user_id ?? '').trim();
  return id === '' || Number(id) < 0;
}
