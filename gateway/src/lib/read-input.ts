import type { Context } from 'hono';
import type { z } from 'zod';
import { validationMessage } from '@wdiov/contracts';
import { ApiError, badRequest } from './api-error.ts';
import { say } from './request-language.ts';

/** Reads a JSON body; anything that is not JSON is a clear 400 in the request's language, never a 500. */
export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().includes('application/json')) {
    throw new ApiError(400, say('mediaType'));
  }
  const text = await c.req.text();
  if (text.trim() === '') throw badRequest(say('bodyEmpty'));
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(say('bodyNotJson'));
  }
}

/**
 * A JSON object body; with `optional`, an empty body answers undefined. Arrays, scalars and
 * anything that is not JSON are a clear 400.
 */
export async function readJsonObject(c: Context, optional = false): Promise<Record<string, unknown> | undefined> {
  if (optional && (await c.req.text()).trim() === '') return undefined;
  const body = await readJson(c);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest(say('notObject'));
  return body as Record<string, unknown>;
}

/** Validates input with a schema; the 400 names the offending field. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw badRequest(validationMessage(r.error));
  return r.data;
}

/** Query parameters as a plain object (the last value wins for repeated keys, as Spring does). */
export function queryObject(c: Context): Record<string, string> {
  return c.req.query();
}

/**
 * Parameters of a BladeX `@RequestParam` call, which clients send in the query, a form or JSON:
 * the query first, then a form or JSON object body on top. Anything else in the body is a 400.
 */
export async function requestParams(c: Context): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { ...c.req.query() };
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.includes('application/json')) {
    Object.assign(out, (await readJsonObject(c, true)) ?? {});
  } else if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    Object.assign(out, await c.req.parseBody());
  }
  return out;
}
