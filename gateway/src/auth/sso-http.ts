import { outboundGetJson } from '../geocode/outbound-get.ts';
import { outboundPost } from '../notify/outbound-http.ts';
import type { Outbound } from '../outbound/outbound-policy.ts';
import { OAuthError } from './oauth-error.ts';
import { ssoText } from './sso-text.ts';

const TIMEOUT_MS = 10_000;

/**
 * The gateway's calls to identity providers, through the outbound policy like every link it opens
 * for a tenant. A refusal or an unreachable provider is the user's 400, its cause the gateway's log.
 */
export class SsoHttp {
  constructor(private readonly outbound: Outbound, private readonly onError: (err: unknown, url: string) => void = () => {}) {}

  async getJson(url: string): Promise<unknown> {
    try {
      return await outboundGetJson(this.outbound, new URL(url), TIMEOUT_MS);
    } catch (err) {
      this.onError(err, url);
      throw new OAuthError(400, ssoText('unreachable'));
    }
  }

  /** A form POST; the provider's status and JSON answer (`{}` when it is not JSON). */
  async postForm(url: string, form: URLSearchParams, headers: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
    let answer;
    try {
      answer = await outboundPost(this.outbound, url, form.toString(), {
        'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers,
      }, TIMEOUT_MS);
    } catch (err) {
      this.onError(err, url);
      throw new OAuthError(400, ssoText('unreachable'));
    }
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      body = {};
    }
    return { status: answer.status, body: body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {} };
  }
}
