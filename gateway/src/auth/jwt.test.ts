import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TokenSigner, type AccessClaims } from './jwt.ts';

const claims = { tenant_id: '000000', user_id: '1', dept_id: '2', role_id: '3', role_name: 'administrator', account: 'admin', client_id: 'saber', fam: 'f' };
const b64 = (v: object | Buffer) => (Buffer.isBuffer(v) ? v : Buffer.from(JSON.stringify(v))).toString('base64url');
/** A token made by hand, so every field (header, issuer, expiry) can be wrong on purpose. */
function forge(secret: string, payload: object, alg = 'HS512') {
  const head = `${b64({ alg, typ: 'JWT' })}.${b64(payload)}`;
  const hmac = alg === 'HS512' ? 'sha512' : 'sha256';
  return `${head}.${b64(createHmac(hmac, secret).update(head).digest())}`;
}

describe('TokenSigner', () => {
  const signer = new TokenSigner('secret');
  const now = Math.floor(Date.now() / 1000);
  const valid = { ...claims, token_type: 'access_token', jti: 'j', iat: now, exp: now + 60, iss: 'wdiov' };

  it('reads back the claims it signed, for the type asked only', () => {
    const { token, claims: signed } = signer.signAccess(claims, 60);
    expect(signer.verify<AccessClaims>(token, 'access_token')).toMatchObject({ ...claims, jti: signed.jti, exp: signed.exp });
    expect(signer.verify(token, 'refresh_token')).toBeNull();
    const refresh = signer.signRefresh(claims, 60);
    expect(signer.verify(refresh.token, 'refresh_token')?.jti).toBe(refresh.claims.jti);
    expect(signer.verify(refresh.token, 'access_token')).toBeNull();
  });

  it('accepts a token in the HS512 form of earlier gateways', () => {
    expect(signer.verify(forge('secret', valid), 'access_token')?.jti).toBe('j');
  });

  it('refuses another key, another algorithm, a foreign or missing issuer, an expired, early or altered token', () => {
    const { iss: _iss, ...noIssuer } = valid;
    const { exp: _exp, ...noExpiry } = valid;
    const refused = [
      forge('other', valid),
      forge('secret', valid, 'HS256'),
      forge('secret', { ...valid, iss: 'elsewhere' }),
      forge('secret', noIssuer),
      forge('secret', noExpiry),
      forge('secret', { ...valid, exp: now - 1 }),
      forge('secret', { ...valid, nbf: now + 60 }),
      forge('secret', valid).replace(/\.[^.]+\./, `.${b64({ ...valid, tenant_id: '000001' })}.`),
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(valid)}.`,
      'not a token',
    ];
    for (const token of refused) expect(signer.verify(token, 'access_token')).toBeNull();
  });
});
