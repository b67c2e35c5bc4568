import { dictionaryText, seededName } from '@wdiov/contracts/entities/seeded-text';
import { menuTree, type MenuSeed } from '@wdiov/contracts/menu/menu-tree';
import { menuLabel } from '../menu/menu-label';
import { getLanguage } from './i18n';

let seededMenuNames: Map<string, string> | undefined;
/** The Chinese name the seed gives each menu code. */
function seededMenuName(code: string): string | undefined {
  if (!seededMenuNames) {
    seededMenuNames = new Map();
    const walk = (items: MenuSeed[]) => items.forEach((m) => {
      seededMenuNames!.set(m.code, m.name);
      walk(m.children ?? []);
    });
    walk(menuTree());
  }
  return seededMenuNames.get(code);
}

type Row = Record<string, unknown>;

/**
 * A row's name as the console shows it: a dictionary row (it carries its code and key) by its
 * dictionary's English while unchanged, any other seeded name by its English while unchanged,
 * and whatever users wrote as they wrote it (contracts/src/entities/seeded-text.ts).
 */
export function rowName(row: Row, value: string): string {
  const language = getLanguage();
  if (language !== 'en' || !value) return value;
  if (typeof row.code === 'string' && row.dictKey !== undefined) return dictionaryText(row.code, row.dictKey, value, language);
  // A menu row (code, name and path): its seeded name is the menu tree's.
  if (typeof row.code === 'string' && row.path !== undefined && value === row.name && seededMenuName(row.code) === value) {
    return menuLabel({ code: row.code, name: value });
  }
  return seededName(value, language);
}

/** A seeded name (a label answered beside a reference, a user's name) in the console's language. */
export const nameText = (value: string): string => seededName(value, getLanguage());

/** A dictionary item's value in the console's language (English while it is the seeded one). */
export const dictText = (code: string, key: unknown, value: string): string => dictionaryText(code, key, value, getLanguage());
