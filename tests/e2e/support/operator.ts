import type { APIRequestContext } from '@playwright/test';
import { createHash } from 'node:crypto';
import { ADMIN, authHeaders, CLIENT_BASIC_AUTH } from './session.ts';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
type Envelope<T = unknown> = { code?: number; msg?: string; data?: T };

/** A password sign-in through the API, as a script (not the console) makes it. */
export async function apiSignIn(request: APIRequestContext, baseUrl: string, user = ADMIN): Promise<string> {
  const res = await request.post(`${baseUrl}/api/wdiov-auth/oauth/token`, {
    headers: { Authorization: CLIENT_BASIC_AUTH, 'Tenant-Id': '000000' },
    data: { tenantId: '000000', username: user.username, password: md5(user.password), grant_type: 'password', scope: 'all', type: 'account' },
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in of ${user.username} failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

/**
 * A user of the platform tenant whose one role holds exactly the menus given by code (folders
 * included, as the role screen's tree grants them), created through the administrator's API.
 */
export async function createUserWithMenus(request: APIRequestContext, baseUrl: string, account: string, menuCodes: string[]) {
  const admin = await apiSignIn(request, baseUrl);
  const call = async <T>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> => {
    const res = await request.fetch(`${baseUrl}/api${path}`, { method, headers: authHeaders(admin), data });
    const body = (await res.json()) as Envelope<T>;
    if (body.code !== 200) throw new Error(`${method} ${path}: ${res.status()} ${body.msg ?? ''}`);
    return body.data as T;
  };
  const first = async (path: string, field: string, value: string) => {
    const page = await call<{ records: Record<string, string>[] }>('GET', `${path}?${field}_equal=${encodeURIComponent(value)}&size=10`);
    const row = page.records.find((r) => r[field] === value);
    if (!row) throw new Error(`no row ${field}=${value} at ${path}`);
    return String(row.id);
  };
  await call('POST', '/wdiov-system/role/submit', { parentId: '0', roleName: account, roleAlias: account, sort: 1 });
  const roleId = await first('/wdiov-system/role/page', 'roleAlias', account);
  await call('POST', '/wdiov-system/dept/submit', { parentId: '0', deptName: `${account}-dept`, fullName: `${account}-dept`, sort: 1, deptCategory: 1 });
  const deptId = await first('/wdiov-system/dept/page', 'deptName', `${account}-dept`);
  const password = 'operator-pw';
  await call('POST', '/wdiov-user/submit', { account, name: account, realName: account, password: md5(password), roleId, deptId });
  const menuIds = await Promise.all(menuCodes.map((code) => first('/wdiov-system/menu/page', 'code', code)));
  await call('POST', '/wdiov-system/role/grant', { roleIds: [roleId], menuIds, dataScopeIds: [], apiScopeIds: [] });
  return { username: account, password };
}
