import { readJsonObject } from '../../lib/read-input.ts';
import { z } from 'zod';
import { idString, parseIdList } from '@wdiov/contracts';
import { badRequest } from '../../lib/api-error.ts';
import { parseWith } from '../../lib/read-input.ts';
import type { Ctx } from '../../lib/types.ts';
import { say } from '../../lib/request-language.ts';
import { commonText } from '../../lib/texts/common-text.ts';

/** A required id query parameter; the 400 names it (`缺少必要的请求参数: id`, `无效的ID [id]`). */
export function queryId(c: Ctx, name: string): string {
  const raw = c.req.query(name);
  if (raw === undefined || raw.trim() === '') throw badRequest(say('missingParam', { zh: name, en: name }));
  return parseWith(z.object({ [name]: idString }), { [name]: raw.trim() })[name] as string;
}

/** An optional id query parameter (absent or empty = undefined). */
export function optionalQueryId(c: Ctx, name: string): string | undefined {
  const raw = c.req.query(name);
  return raw === undefined || raw.trim() === '' ? undefined : queryId(c, name);
}

/** `ids=1,2,3`, each an id. */
export function queryIds(c: Ctx, name = 'ids'): string[] {
  const raw = c.req.query(name);
  if (raw === undefined || raw.trim() === '') throw badRequest(say('missingParam', { zh: name, en: name }));
  const ids = parseIdList(raw);
  if (!ids) throw badRequest(commonText('idList', { key: name }));
  return ids;
}

/**
 * Parameters of a BladeX `@RequestParam` call, which clients send in the query, a form or JSON:
 * the query first, then a form or JSON object body on top. Anything else in the body is a 400.
 */
export async function requestParams(c: Ctx): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { ...c.req.query() };
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.includes('application/json')) {
    Object.assign(out, (await readJsonObject(c, true)) ?? {});
  } else if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    Object.assign(out, await c.req.parseBody());
  }
  return out;
}
