import type { MiddlewareHandler } from 'hono';
import { badRequest } from './api-error.ts';
import { say } from './request-language.ts';

const NUL = '\u0000';

/** Deepest nesting of arrays and objects a JSON body may have (the product's deepest is a handful). */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether a JSON text nests arrays and objects deeper than `limit`, read in one pass before it
 * is parsed (brackets inside strings do not count): a body of millions of
 * nested brackets would otherwise hold the main thread in the parser and in every walk after it.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  // Jumps from one bracket, quote or backslash to the next: plain text is skipped by the regex engine.
  const marks = /[[\]{}"\\]/g;
  let depth = 0;
  let inString = false;
  for (let m = marks.exec(text); m; m = marks.exec(text)) {
    const c = m[0];
    if (inString) {
      if (c === '\\') marks.lastIndex++; // the escaped character is not a mark
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      if (++depth > limit) return true;
    } else if (c === ']' || c === '}') depth--;
  }
  return false;
}

/** True when any string (key or value) in a parsed JSON value holds a NUL character. */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes(NUL) || holdsNul(v));
  return false;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

const BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * Checks every /api request where it is parsed, before any route sees it:
 * - Postgres cannot store a NUL character in text, so a string holding one would fail deep in a
 *   query as a 500: it is refused with a 400 in the path, the query, a JSON body and a form body
 *   (file uploads carry bytes and are left alone);
 * - a body must be JSON, a form or an upload, and a JSON body must parse, whatever the route
 *   (routes that read only their query would otherwise take any body), nested at most
 *   MAX_JSON_DEPTH deep.
 */
export function requestGuard(): MiddlewareHandler {
  return async (c, next) => {
    const problem = await problemOf(c.req.raw, c.req.method, (c.req.header('content-type') ?? '').toLowerCase(), () => c.req.text());
    if (!problem) return next();
    // The token calls answer in the OAuth error shape (which carries the envelope keys too).
    if (c.req.path.startsWith('/api/wdiov-auth/oauth/token')) {
      return c.json({ error_code: 400, error_description: problem, code: 400, success: false, msg: problem }, 400);
    }
    throw badRequest(problem);
  };
}

async function problemOf(req: Request, method: string, type: string, text: () => Promise<string>): Promise<string | undefined> {
  if (req.url.includes('%00') && decoded(req.url).includes(NUL)) return say('nulInParams');
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || !req.body || type.includes('multipart/form-data')) return undefined;
  const body = await text();
  if (body.trim() === '') return undefined;
  if (!BODY_TYPES.some((t) => type.includes(t))) return say('mediaType');
  if (body.includes(NUL) || (type.includes('x-www-form-urlencoded') && body.includes('%00') && decoded(body).includes(NUL))) {
    return say('nulInBody');
  }
  if (!type.includes('json')) return undefined;
  if (nestsDeeperThan(body, MAX_JSON_DEPTH)) return say('bodyTooDeep', undefined, MAX_JSON_DEPTH);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return say('bodyNotJson');
  }
  return holdsNul(parsed) ? say('nulInBody') : undefined;
}
