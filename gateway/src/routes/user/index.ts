import { and, eq, or, sql } from 'drizzle-orm';
import { ADMIN_TENANT_ID, entities, idString, Msg, parseIdList } from '@wdiov/contracts';
import {
  userGrantRoute, userInfoRoute, userListRoute, userPageRoute, userPlatformDetailRoute, userRegisterGuestRoute, userResetPasswordRoute,
  userUnlockRoute, userUpdateInfoRoute, userUpdatePasswordRoute, userUpdatePlatformRoute, userUpdateRoute,
} from '@wdiov/contracts/api/user.route';
import { createRouter } from '../../lib/create-app.ts';
import { routeOf } from '../../lib/contract.ts';
import { data, success } from '../../lib/envelope.ts';
import { ApiError, badRequest, notFound } from '../../lib/api-error.ts';
import { AddressLimiter } from '../../auth/address-limiter.ts';
import { clientAddress } from '../../lib/client-address.ts';
import { parseWith } from '../../lib/read-input.ts';
import { loginFailures, userPlatforms } from '../../db/schema/index.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { KickReason } from '../../auth/session-kicks.ts';
import { systemPrincipal } from '../../crud/principal.ts';
import { listQueryOf } from '../../crud/crud-router.ts';
import { nextId } from '../../lib/ids.ts';
import type { MiddlewareHandler } from 'hono';
import type { AppBindings, Ctx } from '../../lib/types.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { ALL } from '../system/grants.ts';
import { paramIsOn, paramValue } from '../system/params.ts';
import { say } from '../../lib/request-language.ts';
import { userText } from '../../lib/texts/user-text.ts';

const userEntity = entities.user;
const USER_ID = { zh: '用户ID', en: 'the user id' };
const profileFields = ['avatar', 'realName', 'name', 'phone', 'email', 'sex', 'birthday'] as const;

/** wdiov-user calls beside the generic CRUD: grants, passwords, profile, platforms, guests. */
export function userRoutes({ db, env, repos, kicks }: BespokeDeps) {
  const router = createRouter();
  const users = () => repos.get('user');
  const requireUsers = async (principal: Parameters<ReturnType<typeof users>['findRow']>[0], ids: string[]) => {
    for (const id of ids) if (!(await users().findRow(principal, id))) throw notFound(userText('userMissing', { id }));
  };

  /**
   * Tokens carry the roles and depts they were issued for: a user who lost a role or moved dept
   * has every sign-in ended (tokens, refresh, sockets and nats.ws keys), so the next request
   * signs in again with what the user holds now. Compared before and after the write, whatever it was.
   */
  type Principal = Parameters<ReturnType<typeof users>['findRow']>[0];
  const split = (v: unknown) => String(v ?? '').split(',').filter(Boolean);
  const identities = async (principal: Principal, ids: string[]) => {
    const out = new Map<string, { roles: string[]; depts: string }>();
    for (const id of ids) {
      const row = await users().findRow(principal, id);
      if (row) out.set(id, { roles: split(row.roleId), depts: split(row.deptId).sort().join(',') });
    }
    return out;
  };
  const endChangedIdentities = (idsOf: (c: Ctx) => Promise<string[]>): MiddlewareHandler<AppBindings> => async (c, next) => {
    const principal = c.get('principal');
    const before = await identities(principal, await idsOf(c));
    await next();
    const after = await identities(principal, [...before.keys()]);
    for (const [id, was] of before) {
      const now = after.get(id);
      if (now && (was.roles.some((r) => !now.roles.includes(r)) || was.depts !== now.depts)) await kicks?.kick(id, KickReason.identityChanged, { revoke: true });
    }
  };
  const bodyId = async (c: Ctx) => {
    try {
      const body = JSON.parse(await c.req.text()) as { id?: unknown };
      return idString.safeParse(body?.id).success ? [String(body.id)] : [];
    } catch {
      return [];
    }
  };
  router.post('/submit', endChangedIdentities(bodyId));
  router.post('/update', endChangedIdentities(bodyId));
  router.post('/grant', endChangedIdentities(async (c) => parseIdList(c.req.query('userIds')) ?? []));

  /** `deptId` narrows the page to that dept and every dept below it. */
  router.openapi(routeOf(userPageRoute), async (c) => {
    // The other keys are the list's filters, read raw as the generic page reads them.
    const { deptId: _deptId, ...rest } = c.req.query();
    const query = listQueryOf(rest);
    const principal = c.get('principal');
    const { deptId } = c.req.valid('query');
    if (!deptId) return data(c, await users().page(principal, query));
    const depts = await repos.get('dept').all(principal, ALL);
    const below = new Set(depts.filter((d) => d.id === deptId || `,${String(d.ancestors)},`.includes(`,${deptId},`)).map((d) => String(d.id)));
    const column = users().columns.deptId!;
    // dept_id is a comma-joined list: a user is in a dept when one of its entries matches.
    const cond = below.size === 0 ? sql`false` : or(...[...below].map((id) => sql`',' || ${column} || ',' LIKE ${'%,' + id + ',%'}`));
    return data(c, await users().page(principal, query, cond ? [cond] : []));
  });

  /**
   * Removing users is the generic remove; the users it removed are then logged out everywhere
   * and their tokens revoked.
   */
  router.post('/remove', async (c, next) => {
    const principal = c.get('principal');
    const ids = parseIdList(c.req.query('ids') ?? c.req.query('id')) ?? [];
    const present: string[] = [];
    for (const id of ids) if (await users().findRow(principal, id)) present.push(id);
    await next();
    for (const id of present) if (!(await users().findRow(principal, id))) await kicks?.kick(id, KickReason.removed, { revoke: true });
  });

  router.openapi(routeOf(userInfoRoute), async (c) => data(c, (await users().detail(c.get('principal'), c.get('principal').userId)) ?? {}));
  // The list's filters are the whole query, read raw as the generic list reads it: a key that is no field of the user is ignored there.
  router.openapi(routeOf(userListRoute), async (c) => data(c, await users().all(c.get('principal'), listQueryOf(c.req.query()))));

  router.openapi(routeOf(userGrantRoute), async (c) => {
    const principal = c.get('principal');
    const { userIds, roleIds } = c.req.valid('query');
    await requireUsers(principal, userIds);
    for (const id of userIds) await users().update(principal, id, { roleId: roleIds.join(',') });
    return success(c, Msg.success);
  });

  router.openapi(routeOf(userResetPasswordRoute), async (c) => {
    const principal = c.get('principal');
    const { userIds } = c.req.valid('query');
    await requireUsers(principal, userIds);
    const { createHash } = await import('node:crypto');
    const hashed = await hashPassword(createHash('md5').update((await paramValue(repos, 'account.initPassword')) ?? '123456').digest('hex'));
    for (const id of userIds) await users().db.update(users().table).set({ password: hashed }).where(and(eq(users().columns.id!, id)));
    for (const id of userIds) users().record({ principal, action: 'reset-password', id });
    // The old password's sessions end: whoever held them must sign in with the new one.
    for (const id of userIds) await kicks?.kick(id, KickReason.passwordReset, { revoke: true });
    return success(c, Msg.success);
  });

  router.openapi(routeOf(userUpdatePasswordRoute), async (c) => {
    const principal = c.get('principal');
    const { oldPassword, newPassword, newPassword1 } = c.req.valid('query');
    if (newPassword !== newPassword1) throw badRequest(`${userText('passwordsDiffer')} [newPassword1]`);
    const row = await users().findRow(principal, principal.userId);
    if (!row || !(await verifyPassword(String(row.password ?? ''), oldPassword))) throw badRequest(`${userText('oldPasswordWrong')} [oldPassword]`);
    await users().db.update(users().table).set({ password: await hashPassword(newPassword) }).where(eq(users().columns.id!, principal.userId));
    users().record({ principal, action: 'update-password', id: principal.userId });
    // Whoever else held the old password is signed out; the session that changed it stays.
    await kicks?.kick(principal.userId, KickReason.passwordChanged, { revoke: true, ...(principal.family ? { keepFamily: principal.family } : {}) });
    return success(c, Msg.success);
  });

  router.openapi(routeOf(userUpdateInfoRoute), async (c) => {
    const principal = c.get('principal');
    // The profile form sends the whole user back; only the profile's own fields are taken, the rest ignored.
    const fields = Object.fromEntries(Object.entries(c.req.valid('json')).filter(([k]) => (profileFields as readonly string[]).includes(k)));
    const values = parseWith(userEntity.submitSchema.update, fields);
    await users().update(principal, principal.userId, values);
    return success(c, Msg.updated);
  });

  router.openapi(routeOf(userUpdateRoute), async (c) => {
    const { id: rawId, ...rest } = c.req.valid('json');
    if (rawId === undefined || rawId === null || rawId === '') throw badRequest(`${say('required', USER_ID)} [id]`);
    const id = parseWith(idString, rawId);
    const values = parseWith(userEntity.submitSchema.update, rest);
    if (!(await users().update(c.get('principal'), id, values))) throw notFound(userText('userMissing', { id }));
    return success(c, Msg.updated);
  });

  router.openapi(routeOf(userUnlockRoute), async (c) => {
    const principal = c.get('principal');
    const { userIds } = c.req.valid('query');
    for (const id of userIds) {
      const row = await users().findRow(principal, id);
      if (!row) throw notFound(userText('userMissing', { id }));
      await db.delete(loginFailures).where(eq(loginFailures.tenantAccount, `${String(row.tenantId)}:${String(row.account).toLowerCase()}`));
      users().record({ principal, action: 'unlock', id });
    }
    return success(c, Msg.success);
  });

  router.openapi(routeOf(userUpdatePlatformRoute), async (c) => {
    const principal = c.get('principal');
    const body = c.req.valid('query');
    await requireUsers(principal, [body.userId]);
    await db.insert(userPlatforms).values({ id: nextId(), ...body })
      .onConflictDoUpdate({ target: [userPlatforms.userId, userPlatforms.userType], set: { userExt: body.userExt } });
    users().record({ principal, action: 'update-platform', id: body.userId, changes: { userType: body.userType, userExt: body.userExt } });
    return success(c, Msg.success);
  });

  router.openapi(routeOf(userPlatformDetailRoute), async (c) => {
    const principal = c.get('principal');
    const query = c.req.valid('query');
    const id = query.id ?? query.userId;
    if (!id) throw badRequest(`${say('required', USER_ID)} [id]`);
    const user = await users().detail(principal, id);
    if (!user) throw notFound(userText('userMissing', { id }));
    const rows = await db.select().from(userPlatforms).where(eq(userPlatforms.userId, id));
    const userType = query.userType ?? Number(user.userType ?? 1);
    return data(c, { ...user, userExt: rows.find((r) => r.userType === userType)?.userExt ?? '' });
  });

  /**
   * Public: a social-login user asks for an account; it waits (status 0) for an administrator.
   * Off unless the `account.registerUser` parameter is on; limited per client address as sign-ins
   * are; a taken account gets the very answer a free one does (nothing tells which accounts exist).
   */
  const registrations = new AddressLimiter(env.SIGNIN_FAILURES_PER_ADDRESS, env.SIGNIN_FAILURE_WINDOW_SECONDS * 1000);
  // Before the query is checked: a closed sign-up says so, and every attempt counts against the address.
  router.post('/register-guest', async (c, next) => {
    if (!paramIsOn(await paramValue(repos, 'account.registerUser'))) throw badRequest(userText('registerOff'));
    const address = clientAddress(c);
    if (address !== 'local') {
      const wait = registrations.retryAfterMs(address);
      if (wait > 0) {
        c.header('Retry-After', String(Math.ceil(wait / 1000)));
        throw new ApiError(429, userText('tooManyRegistrations'));
      }
      registrations.fail(address);
    }
    await next();
  });
  router.openapi(routeOf(userRegisterGuestRoute), async (c) => {
    const body = c.req.valid('query');
    const fields = entities.user.fields;
    const tenantPrincipal = systemPrincipal(body.tenantId);
    const platform = systemPrincipal(ADMIN_TENANT_ID);
    const [tenant] = await repos.get('tenant').all(platform, { ...ALL, filters: [{ key: 'tenantId', field: 'tenantId', column: 'tenant_id', op: 'equal', value: body.tenantId }] });
    if (!tenant) throw badRequest(`${userText('tenantUnknown')} [tenantId]`);
    if (await users().exists(tenantPrincipal, 'account', body.account)) {
      // As long as a registration takes: the password is hashed as if it were stored.
      await hashPassword(body.password);
      return success(c, userText('registered'));
    }
    const shown = String(body.name ?? '') || body.account.slice(0, fields.name.max ?? 20);
    const id = await users().insert(tenantPrincipal, {
      account: body.account, password: body.password, name: shown, realName: shown,
      roleId: null, deptId: null, userType: 1,
    });
    await users().db.update(users().table).set({ status: 0 }).where(eq(users().columns.id!, id));
    return success(c, userText('registered'));
  });
  return router;
}
