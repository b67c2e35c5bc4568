import { z } from 'zod';
import { entities } from '../entities/registry.ts';
import { fieldSchema } from '../entity/submit-schema.ts';
import { spoken } from '../entity/validation-text.ts';
import { ADMIN_TENANT_ID, idString, TENANT_ID_PATTERN } from '../wire/ids.ts';
import { defineRoute } from './define-route.ts';
import { idListParam, type Label } from './query-params.ts';
import { entityRow } from './tree-node.ts';

const USER = 'wdiov-user';
const USER_IDS = { zh: '用户', en: 'The users' };

/** A password as the console sends it: its md5 digest, never the password itself. */
export const MD5_HEX = /^[a-f0-9]{32}$/i;
const md5Param = (label: Label) => z.string({ error: spoken('required', label) }).regex(MD5_HEX, { error: spoken('md5', label) });

/** The profile of the signed-in user (what its form shows), other fields of the row beside it. */
export const userProfile = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String).optional().catch(undefined),
  avatar: z.string().nullish().transform((v) => v ?? ''),
  realName: z.string().nullish().transform((v) => v ?? ''),
  name: z.string().nullish().transform((v) => v ?? ''),
  phone: z.string().nullish().transform((v) => v ?? ''),
  email: z.string().nullish().transform((v) => v ?? ''),
});
export type UserProfile = z.infer<typeof userProfile>;

export const userInfoRoute = defineRoute({
  method: 'get', service: USER, path: '/info', summary: 'The signed-in user (its row; the profile form reads it as userProfile)', data: entityRow,
});

export const userListRoute = defineRoute({
  method: 'get', service: USER, path: '/user-list', summary: 'Every user of the tenant; the query keys are the list filters (account_like …)', data: z.array(entityRow),
});

export const userPageRoute = defineRoute({
  method: 'get', service: USER, path: '/page',
  summary: 'A page of users; deptId narrows it to that dept and every dept below it; the other keys are the list filters',
  query: z.object({ deptId: z.union([z.literal(''), idString]).optional() }),
  data: entityRow,
});

/** A JSON object: a form's fields, those that are not the call's ignored. */
const formObject = z.record(z.string(), z.unknown(), { error: spoken('notObject') });

export const userUpdateInfoRoute = defineRoute({
  method: 'post', service: USER, path: '/update-info',
  summary: 'Updates the signed-in user\'s profile (avatar, names, phone, e-mail, sex, birthday); other fields are ignored',
  body: formObject,
  data: z.object({}),
});

export const userUpdateRoute = defineRoute({
  method: 'post', service: USER, path: '/update', summary: 'Updates a user by id (the generic submit without its add)',
  body: formObject,
  data: z.object({}),
});

export const userGrantRoute = defineRoute({
  method: 'post', service: USER, path: '/grant', summary: 'Gives users these roles (what they held is replaced); their sign-ins end',
  query: z.object({ userIds: idListParam(USER_IDS), roleIds: idListParam({ zh: '角色', en: 'The roles' }) }),
  data: z.object({}),
});

export const userResetPasswordRoute = defineRoute({
  method: 'post', service: USER, path: '/reset-password', summary: 'Resets users\' passwords to the tenant\'s initial password; their sign-ins end',
  query: z.object({ userIds: idListParam(USER_IDS) }),
  data: z.object({}),
});

export const userUnlockRoute = defineRoute({
  method: 'post', service: USER, path: '/unlock', summary: 'Clears the failed sign-ins that locked users',
  query: z.object({ userIds: idListParam(USER_IDS) }),
  data: z.object({}),
});

export const userUpdatePasswordRoute = defineRoute({
  method: 'post', service: USER, path: '/update-password',
  summary: 'Changes the signed-in user\'s password (md5 digests); the user\'s other sign-ins end',
  query: z.object({
    oldPassword: md5Param({ zh: '原密码', en: 'the old password' }),
    newPassword: md5Param({ zh: '新密码', en: 'the new password' }),
    newPassword1: md5Param({ zh: '确认密码', en: 'the confirmed password' }),
  }),
  data: z.object({}),
});

const userType = z.coerce.number().int().min(1).max(3);

export const userUpdatePlatformRoute = defineRoute({
  method: 'post', service: USER, path: '/update-platform', summary: 'Sets a user\'s extension (JSON text) on a platform (1 web, 2 app, 3 other)',
  query: z.object({ userId: idString, userType, userExt: z.string().max(2000).default('') }),
  data: z.object({}),
});

export const userPlatformDetailRoute = defineRoute({
  method: 'get', service: USER, path: '/platform-detail', summary: 'A user with its extension on a platform (default the user\'s own type)',
  query: z.object({ id: idString.optional(), userId: idString.optional(), userType: userType.optional() }),
  data: entityRow,
});

const enterFirst = (label: Label) => spoken('enterFirst', label);
const ACCOUNT = { zh: '账号名称', en: 'the account name' };
const fields = entities.user.fields;

export const userRegisterGuestRoute = defineRoute({
  method: 'post', service: USER, path: '/register-guest',
  summary: 'Public: asks for an account that waits for an administrator (when the tenant allows sign-up)',
  query: z.object({
    tenantId: z.string().regex(TENANT_ID_PATTERN, { error: enterFirst({ zh: '租户编号', en: 'the tenant id' }) }).default(ADMIN_TENANT_ID),
    // The account and name follow the user entity's own rules (pattern, the column's length).
    account: z.string({ error: enterFirst(ACCOUNT) }).trim().min(1, { error: enterFirst(ACCOUNT) }).pipe(fieldSchema(fields.account) as z.ZodType<string, string>),
    password: md5Param({ zh: '密码', en: 'the password' }),
    name: fieldSchema(fields.name).default(''),
    oauthId: z.string().trim().max(64).default(''),
  }),
  data: z.object({}),
});
