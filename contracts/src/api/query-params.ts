import { z } from 'zod';
import { spoken, wordedNow, type Language } from '../entity/validation-text.ts';
import { isIdText, parseIdList } from '../wire/ids.ts';

export type Label = Record<Language, string>;

/**
 * A comma-joined id list of the query, read into its ids (BladeX's `Func.toLongList`); with
 * `blankIsNone`, a blank or absent list is no ids rather than a mistake.
 */
export const idListParam = (label: Label, blankIsNone = false) => z.string().optional().transform((raw, ctx) => {
  if (blankIsNone && !raw) return [];
  const ids = parseIdList(raw);
  if (ids) return ids;
  ctx.addIssue({ code: 'custom', message: wordedNow('commaIds', label) });
  return z.NEVER;
});

/** A query parameter a form may send blank: blank reads as absent. */
export const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  // Read before the schema: a coerced number would take a blank for 0. The query gives text, so
  // the pipe takes text whatever else the schema would take.
  z.string().optional().transform((v) => (v === '' ? undefined : v)).pipe(schema.optional() as unknown as z.ZodType<z.output<T> | undefined, string | undefined>);

/**
 * An id of the query the call cannot do without, read as a form sends it: spaces around it are
 * dropped and a blank one is as missing as an absent one (`缺少必要的请求参数: id`).
 */
export const idParam = (label: Label) => z.string({ error: spoken('missingParam', label) }).trim()
  .min(1, { error: spoken('missingParam', label) }).refine(isIdText, { error: spoken('invalidId') });
