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
