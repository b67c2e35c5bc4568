import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestProvider {
  issuer: string;
  port: number;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Who signs in at the provider's next login interaction. */
  signInAs(subject: string): void;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on a free port, with one confidential client. Its login
 * interaction signs in whoever `signInAs` names, and consent is taken as given.
 */
export async function startTestProvider(): Promise<TestProvider> {
  const clientId = 'wdiov-console';
  const clientSecret = 'a-secret-only-the-test-knows-0123456789';
  const redirectUri = 'http://console.example/login';
  let subject = 'alice';
  // The provider needs its issuer, which needs the port: the server starts first and waits for it.
  const started: { provider?: Provider } = {};
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const provider = started.provider;
    if (!provider) return res.end();
    if (req.url?.startsWith('/interaction/')) {
      void provider.interactionFinished(req, res, { login: { accountId: subject } }, { mergeWithLastSubmission: false })
        .catch((err: unknown) => { res.statusCode = 500; res.end(String(err)); });
      return;
    }
    provider.callback()(req, res);
  });
  // Every local address (IPv4 and IPv6): the issuer's host names may resolve to either.
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  started.provider = new Provider(issuer, {
    clients: [{
      client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri],
      grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_basic',
    }],
    pkce: { required: () => true },
    // As many providers do: the profile and email claims in the ID token itself.
    conformIdTokenClaims: false,
    ttl: { AuthorizationCode: 60, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, Interaction: 600 },
    cookies: { keys: ['oidc-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, email: `${sub}@example.com`, name: `Test ${sub}` }) }),
    // Consent is not what is tested: every client gets the scopes it asks for.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  return {
    issuer, port, clientId, clientSecret, redirectUri,
    signInAs: (s) => { subject = s; },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/**
 * A browser at the provider: follows its redirects with the cookies it sets, up to the redirect
 * back to the console, whose code and state it answers.
 */
export async function visitProvider(authorizationUrl: string, redirectUri: string): Promise<{ code: string; state: string; location: string }> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const value = pair!.slice(at + 1);
      if (value && !/expires=Thu, 01 Jan 1970/i.test(line)) jar.set(pair!.slice(0, at), value);
      else jar.delete(pair!.slice(0, at));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${url} with HTTP ${res.status}: ${await res.text()}`);
    await res.body?.cancel();
    const next = new URL(location, url);
    if (next.toString().startsWith(redirectUri)) {
      const error = next.searchParams.get('error');
      if (error) throw new Error(`the provider answered ${error}: ${next.searchParams.get('error_description')}`);
      return { code: next.searchParams.get('code') ?? '', state: next.searchParams.get('state') ?? '', location: next.toString() };
    }
    url = next.toString();
  }
  throw new Error('too many redirects at the provider');
}
