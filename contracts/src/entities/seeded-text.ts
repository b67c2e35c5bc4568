import type { Language } from '../entity/validation-text.ts';
import { BUSINESS_DICTIONARIES } from './business-dictionaries.ts';
import { DICTIONARY_ENGLISH } from './dictionary-english.ts';
import { BASE_DICTIONARIES } from './system-dictionaries.ts';

/** The key of a dictionary's own row (its header: the dictionary's name). */
export const DICTIONARY_HEADER_KEY = '-1';

const slot = (code: string, key: string) => `${code}\u0000${key}`;

/** What the seed wrote, by code and key: a row still holding it is product text, not a user's. */
const SEEDED_VALUES = new Map<string, string>();
for (const [code, name, items] of [...BASE_DICTIONARIES, ...BUSINESS_DICTIONARIES]) {
  SEEDED_VALUES.set(slot(code, DICTIONARY_HEADER_KEY), name);
  for (const [key, value] of items) SEEDED_VALUES.set(slot(code, key), value);
}

/**
 * A dictionary item's value (or a dictionary's name, key -1) in a language. Rows hold one value,
 * the seeded Chinese until someone edits it; while a row is unchanged its value is the product's
 * own text and reads in English in English, and once edited it is shown as the user wrote it.
 */
export function dictionaryText(code: string, key: unknown, value: string, language: Language): string {
  if (language !== 'en' || key === null || key === undefined) return value;
  const k = String(key);
  if (SEEDED_VALUES.get(slot(code, k)) !== value) return value;
  const english = DICTIONARY_ENGLISH[code];
  return (k === DICTIONARY_HEADER_KEY ? english?.[0] : english?.[1][k]) ?? value;
}

/** The seeded Chinese of a dictionary item, if the seed writes it (for tests and checks). */
export function seededDictionaryValue(code: string, key: string): string | undefined {
  return SEEDED_VALUES.get(slot(code, key));
}

/**
 * English of the names the first start gives its rows (gateway/src/seed: the tenant, root
 * department, administrator role, post and account, the console's parameters, the seeded
 * workflow roles, the demo fleet's organisation and model). As with dictionaries, a row keeps
 * the one name users may edit; these read in English while the row still holds the seeded one.
 */
export const SEEDED_NAMES_EN: Readonly<Record<string, string>> = {
  管理组: 'Administrators',
  总部: 'Headquarters',
  车联网运营总部: 'Telematics Operations Headquarters',
  超级管理员: 'Super administrator',
  首席执行官: 'Chief executive officer',
  管理员: 'Administrator',
  是否开放注册: 'Open registration',
  账号初始密码: 'Initial account password',
  登录失败锁定次数: 'Failed sign-ins before locking',
  告警弹窗推送开关: 'Alarm pop-up push',
  业务经办: 'Business operator',
  业务审核: 'Business auditor',
  演示车队: 'Demo fleet',
  演示纯电动物流车: 'Demo electric delivery van',
};

/** A seeded row's name in a language: English while it is the seeded Chinese, else as stored. */
export function seededName(value: string, language: Language): string {
  return language === 'en' ? (SEEDED_NAMES_EN[value] ?? value) : value;
}
