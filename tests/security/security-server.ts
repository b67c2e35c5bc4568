import { createHash } from 'node:crypto';
import { systemPrincipal } from '../../gateway/src/crud/principal.ts';
import { createTestGateway, type TestGateway } from '../../gateway/test/test-gateway.ts';

export const md5 = (s: string) => createHash('md5').update(s).digest('hex');
export const BASIC = 'Basic ' + Buffer.from('saber:saber_secret').toString('base64');

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

/**
 * The whole gateway behind a real HTTP server (PGlite in memory, or a database of its own on
 * TEST_DATABASE_URL), probed over the network as an outsider would.
 */
export async function startSecurityServer(env: Record<string, string> = {}) {
  const gw: TestGateway = await createTestGateway(env, { streaming: true });
  const base = `http://127.0.0.1:${gw.httpPort}`;

  async function call(method: string, path: string, init: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers['Wdiov-Auth'] = `bearer ${init.token}`;
    let body: string | undefined = init.raw;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['Content-Type'] = 'application/json';
    }
    const res = await fetch(base + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (static files): the text itself
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  const tokenCall = (params: Record<string, string>, headers: Record<string, string> = {}) =>
    call('POST', `/api/wdiov-auth/oauth/token?${new URLSearchParams({ scope: 'all', type: 'account', ...params })}`, {
      headers: { Authorization: BASIC, 'Tenant-Id': params.tenantId ?? '000000', ...headers },
    });

  async function signIn(account = 'admin', password = 'admin', tenantId = '000000'): Promise<string> {
    const { body } = await tokenCall({ tenantId, username: account, password: md5(password), grant_type: 'password' });
    if (!body?.access_token) throw new Error(`sign-in of ${account} failed: ${JSON.stringify(body)}`);
    return body.access_token as string;
  }

  const admin = await signIn();

  /** The id of a seeded menu by its code. */
  async function menuId(code: string): Promise<string> {
    const { body } = await call('GET', `/api/wdiov-system/menu/page?code_equal=${code}&size=10`, { token: admin });
    const row = body.data.records.find((r: { code: string }) => r.code === code);
    if (!row) throw new Error(`no menu ${code}`);
    return row.id;
  }

  /** A user of the platform tenant whose one role holds exactly the menus given by code. */
  async function userWithMenus(account: string, menuCodes: string[]): Promise<{ token: string; roleId: string; userId: string }> {
    const sys = systemPrincipal('000000');
    const roleId = await gw.repos.get('role').insert(sys, { parentId: '0', roleName: account, roleAlias: account, sort: 1 });
    const deptId = await gw.repos.get('dept').insert(sys, { parentId: '0', deptName: `${account}-dept`, fullName: `${account}-dept`, sort: 1, deptCategory: 1 });
    const userId = await gw.repos.get('user').insert(sys, { account, realName: account, password: md5('pw'), roleId, deptId });
    const menuIds = await Promise.all(menuCodes.map(menuId));
    const grant = await call('POST', '/api/wdiov-system/role/grant', { token: admin, body: { roleIds: [roleId], menuIds, dataScopeIds: [], apiScopeIds: [] } });
    if (grant.body?.code !== 200) throw new Error(`grant failed: ${JSON.stringify(grant.body)}`);
    return { token: await signIn(account, 'pw'), roleId, userId };
  }

  /** Sets a platform parameter (`account.registerUser` …) as an administrator would. */
  async function setParam(paramKey: string, paramValue: string): Promise<void> {
    const sys = systemPrincipal('000000');
    const params = gw.repos.get('param');
    const [row] = await params.all(sys, { filters: [{ key: 'paramKey', field: 'paramKey', column: 'param_key', op: 'equal', value: paramKey }], ascs: [], descs: [] });
    if (row) await params.update(sys, String(row.id), { paramValue });
    else await params.insert(sys, { paramName: paramKey, paramKey, paramValue });
  }

  return { gw, base, call, tokenCall, signIn, admin, menuId, userWithMenus, setParam, stop: () => gw.dispose() };
}

export type SecurityServer = Awaited<ReturnType<typeof startSecurityServer>>;

/** Every operation of the OpenAPI document: [method, path]. */
export async function operations(server: SecurityServer): Promise<[string, string][]> {
  const { body } = await server.call('GET', '/api/openapi.json');
  return Object.entries(body.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => [m.toUpperCase(), path] as [string, string]),
  );
}
