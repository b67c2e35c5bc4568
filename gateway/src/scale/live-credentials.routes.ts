import { z } from 'zod';
import { NATS_CREDENTIALS_PATH, subjects, type NatsCredentials } from '@wdiov/contracts';
import { createRouter } from '../lib/create-app.ts';
import { data } from '../lib/envelope.ts';
import { parseWith, queryObject } from '../lib/read-input.ts';
import type { VinScopes } from '../live/vehicle-scope.ts';
import { isUserPublicKey, subjectsFor } from './credential-minter.ts';
import type { LiveFeed } from './live-feed.ts';

const query = z.object({
  publicKey: z.string({ error: 'publicKey is required' }).refine(isUserPublicKey, 'publicKey must be a NATS user public key (U…)'),
});

/**
 * Browser credentials for the live feed over nats.ws, asked at sign-in and again before they end
 * (the access token is checked on every ask, so a signed-out user gets no renewal and drops off
 * when the last credentials end; a kicked user's credentials are revoked at once, credential-revoker.ts). Answers data null when there is no feed to offer or
 * the user's vehicles are too many to list: the console then uses the position socket.
 */
export function liveCredentialRoutes(feed: LiveFeed | undefined, scopes: VinScopes) {
  const router = createRouter();
  router.get(NATS_CREDENTIALS_PATH, async (c) => {
    const { publicKey } = parseWith(query, queryObject(c));
    c.header('cache-control', 'no-store');
    if (!feed) return data(c, null);
    const principal = c.get('principal');
    const allowed = subjectsFor(principal.tenantId, await scopes.vinsOf(principal));
    if (!allowed || allowed.length === 0) return data(c, null);
    // Their own cards and forced logouts too, on a subject no other user's credentials grant (only
    // where they are published there: else the shell keeps them on the gateway's socket).
    const cards = feed.cardsPublished ? subjects.userMessages(principal.tenantId, principal.userId) : undefined;
    const minted = await feed.minter.mint(publicKey, `${principal.tenantId}/${principal.account}`, cards ? [...allowed, cards] : allowed);
    // Credentials that no gateway but this one could revoke are not handed out: the console uses the sockets.
    if (!(await feed.issued.note(publicKey, minted.expiresAt, principal))) return data(c, null);
    const answer: NatsCredentials = { servers: feed.servers(new URL(c.req.url)), ...minted, subjects: allowed, ...(cards ? { cards } : {}) };
    return data(c, answer);
  });
  return router;
}
