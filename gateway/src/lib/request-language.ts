import { tryGetContext } from 'hono/context-storage';
import { languageOf, wordedNow, type Language, type ValidationCode } from '@wdiov/contracts';

/**
 * The language of the request being answered: its Accept-Language (the console sends the user's
 * choice there), Chinese by default and outside a request. Read through Hono's context storage
 * (createApp installs it), so input checks deep in a call word their 400s without every caller
 * passing the request down.
 */
export function requestLanguage(): Language {
  return languageOf(tryGetContext()?.req.header('accept-language'));
}

/** A label in each language. */
export type Words = Record<Language, string>;

/**
 * A validation message in the request's language: `say('tooLong', { zh: '车牌号', en: 'Plate' }, 20)`.
 * Contracts' own worder, which reads the request's language once createApp has handed it over.
 */
export function say(code: ValidationCode, label: Words = { zh: '', en: '' }, limit?: number): string {
  return wordedNow(code, label, limit);
}

/** An area's messages in Chinese: one wording per code, its parameters typed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Wordings = Record<string, (params: any) => string>;

/**
 * An area's messages as codes with parameters, spoken in the request's language:
 * `const t = speaker(zh, en); throw notFound(t('userMissing', { id }))`, with `en` checked to
 * word every code of `zh` with the same parameters. Zod messages call it lazily
 * (`{ error: () => t('…') }`), so the wording is chosen when the input is checked.
 */
export function speaker<Z extends Wordings>(zh: Z, en: NoInfer<{ [K in keyof Z]: Z[K] }>) {
  const texts: Record<Language, Z> = { zh, en: en as Z };
  return <K extends keyof Z & string>(code: K, ...params: Parameters<Z[K]>): string => (texts[requestLanguage()][code] as (p: unknown) => string)(params[0]);
}
