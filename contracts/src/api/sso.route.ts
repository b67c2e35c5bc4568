import { z } from 'zod';
import { spoken } from '../entity/validation-text.ts';
import { TENANT_ID_PATTERN } from '../wire/ids.ts';
import { defineRoute } from './define-route.ts';

const TENANT = { zh: '租户ID', en: 'tenant id' };
const PROVIDER = { zh: '身份提供方', en: 'identity provider' };
const NAME = { zh: '名称', en: 'name' };
const ISSUER = { zh: '签发者', en: 'issuer' };
const CLIENT_ID = { zh: '客户端ID', en: 'client id' };
/** The secret's label: a new provider without one is refused in these words. */
export const CLIENT_SECRET = { zh: '客户端密钥', en: 'client secret' };
const REDIRECT = { zh: '回调地址', en: 'redirect URI' };
const SCOPES = { zh: '授权范围', en: 'scopes' };

const tenantId = z.string({ error: spoken('required', TENANT) }).regex(TENANT_ID_PATTERN, { error: spoken('pattern', TENANT) });
const httpUrl = (label: Record<'zh' | 'en', string>) =>
  z.string({ error: spoken('required', label) }).trim().max(500, { error: spoken('tooLong', label, 500) })
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), { error: spoken('pattern', label) });
const text = (label: Record<'zh' | 'en', string>, max: number) =>
  z.string({ error: spoken('required', label) }).trim().min(1, { error: spoken('required', label) }).max(max, { error: spoken('tooLong', label, max) });

/** A provider as the sign-in page shows it: a button, no secrets. */
export const ssoProviderButton = z.object({ id: z.string(), name: z.string() });

/** The tenant's enabled OpenID Connect providers, read by the sign-in page before anyone signs in. */
export const ssoProvidersRoute = defineRoute({
  method: 'get',
  service: 'wdiov-auth',
  path: '/sso/providers',
  summary: 'The enabled single sign-on providers of a tenant (public: the sign-in page shows one button each)',
  query: z.object({ tenantId }),
  data: z.array(ssoProviderButton),
});

/**
 * Starts a sign-in at a provider: the answer is the provider's authorization URL, carrying a
 * state, a nonce and a PKCE S256 challenge whose verifier the gateway keeps for a few minutes.
 */
export const ssoAuthorizeRoute = defineRoute({
  method: 'get',
  service: 'wdiov-auth',
  path: '/sso/authorize',
  summary: 'The authorization URL of a tenant\'s single sign-on provider, with a fresh state, nonce and PKCE challenge',
  query: z.object({ tenantId, providerId: text(PROVIDER, 32) }),
  data: z.object({ url: z.string(), state: z.string(), expiresIn: z.number().int() }),
});

/**
 * What an administrator sets for a provider of their tenant; the secret is stored sealed. A
 * provider replaced (same issuer) without a secret keeps the one it has: the console never
 * reads a secret back, so an edit need not type it again.
 */
export const ssoProviderSettings = z.object({
  name: text(NAME, 64),
  issuer: httpUrl(ISSUER),
  clientId: text(CLIENT_ID, 255),
  clientSecret: text(CLIENT_SECRET, 500).optional(),
  redirectUri: httpUrl(REDIRECT),
  scopes: text(SCOPES, 255).refine((v) => v.split(/\s+/).includes('openid'), { error: spoken('pattern', SCOPES) }).default('openid profile email'),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
});
export type SsoProviderSettings = z.output<typeof ssoProviderSettings>;
export type SsoProviderInput = z.input<typeof ssoProviderSettings>;

/** Adds or replaces (by issuer) a single sign-on provider of the caller's tenant. Administrators only. */
export const ssoProviderSubmitRoute = defineRoute({
  method: 'post',
  service: 'wdiov-auth',
  path: '/sso/provider/submit',
  summary: 'Adds or replaces (by issuer) an OpenID Connect provider of the caller\'s tenant; the client secret is stored encrypted',
  body: ssoProviderSettings,
  data: z.object({ id: z.string() }),
});

/** A provider as its administrator sees it: every setting but the secret, which is never sent back. */
export const ssoProviderRow = z.object({
  id: z.string(), name: z.string(), issuer: z.string(), clientId: z.string(), redirectUri: z.string(), scopes: z.string(),
  status: z.number().int(),
  updateTime: z.string().describe('Last change, yyyy-MM-dd HH:mm:ss in the console zone'),
});
export type SsoProviderRow = z.infer<typeof ssoProviderRow>;

/** The caller's tenant's providers, enabled or not, oldest first. Administrators only. */
export const ssoProviderListRoute = defineRoute({
  method: 'get',
  service: 'wdiov-auth',
  path: '/sso/provider/list',
  summary: 'The single sign-on providers of the caller\'s tenant, without their client secrets',
  data: z.array(ssoProviderRow),
});

const PROVIDER_IDS = { zh: '身份提供方ID', en: 'identity provider ids' };

/** Removes providers of the caller's tenant by id (`ids=a,b`); their users' links stay, for a provider added again. */
export const ssoProviderRemoveRoute = defineRoute({
  method: 'post',
  service: 'wdiov-auth',
  path: '/sso/provider/remove',
  summary: 'Removes single sign-on providers of the caller\'s tenant by id (comma-separated)',
  query: z.object({
    ids: z.string({ error: spoken('required', PROVIDER_IDS) }).trim()
      .regex(/^[0-9a-f]{1,32}(,[0-9a-f]{1,32}){0,99}$/, { error: spoken('pattern', PROVIDER_IDS) }),
  }),
  data: z.object({ removed: z.number().int() }),
});
