import type { Context } from 'hono';
import type { z } from 'zod';
import { Msg, validationMessage } from '@wdiov/contracts';
import { ApiError, badRequest } from './api-error.ts';

/** Reads a JSON body; anything that is not JSON is a clear 400, never a 500. */
export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().includes('application/json')) {
    throw new ApiError(400, `${Msg.mediaTypeNotSupported}: 请使用 application/json`);
  }
  const text = await c.req.text();
  if (text.trim() === '') throw badRequest(`${Msg.notReadable}: 请求体为空`);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`${Msg.notReadable}: 请求体不是有效的JSON`);
  }
}

/**
 * A JSON object body; with `optional`, an empty body answers undefined. Arrays, scalars and
 * anything that is not JSON are a clear 400.
 */
export async function readJsonObject(c: Context, optional = false): Promise<Record<string, unknown> | undefined> {
  if (optional && (await c.req.text()).trim() === '') return undefined;
  const body = await readJson(c);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体必须是JSON对象');
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
