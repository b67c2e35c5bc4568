import { tryGetContext } from 'hono/context-storage';
import { languageOf, validationText, type Language, type ValidationCode } from '@wdiov/contracts';

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

/** A validation message in the request's language: `say('tooLong', { zh: '车牌号', en: 'Plate' }, 20)`. */
export function say(code: ValidationCode, label: Words = { zh: '', en: '' }, limit?: number): string {
  const language = requestLanguage();
  return validationText(code, { label: label[language], limit }, language);
}
