import { englishMenuNames } from '@wdiov/contracts/menu/menu-tree';
import { getLanguage } from '../i18n/i18n';
import type { MenuNode } from '../api/wire';

let english: Record<string, string> | undefined;

/**
 * A menu item's name in the console's language. The server sends the Chinese names; the English
 * ones come from the same menu tree the server seeds (by menu code). A menu an administrator
 * added keeps its own name.
 */
export function menuLabel(node: Pick<MenuNode, 'name' | 'code'>): string {
  if (getLanguage() !== 'en') return node.name;
  english ??= englishMenuNames();
  return (node.code && english[node.code]) || node.name;
}
