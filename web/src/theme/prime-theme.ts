import darkHref from 'primereact/resources/themes/lara-dark-blue/theme.css?url';
import lightHref from 'primereact/resources/themes/lara-light-blue/theme.css?url';
import type { ThemeName } from './themes';

/** Themes whose surfaces are dark: PrimeReact's widgets (tables, dialogs, overlays) go dark with them. */
export const DARK_THEMES: ReadonlySet<ThemeName> = new Set<ThemeName>(['dark']);

const LINK_ID = 'wd-prime-theme';

const HREFS = { 'lara-light': lightHref, 'lara-dark': darkHref } as const;
export type PrimeTheme = keyof typeof HREFS;

/** The base theme for a shell theme: Lara light, or its dark twin. */
export function primeThemeOf(name: ThemeName): PrimeTheme {
  return DARK_THEMES.has(name) ? 'lara-dark' : 'lara-light';
}

/**
 * Points the one <link> of the base theme at the stylesheet of the shell's theme. It goes first in
 * <head>, before PrimeReact's core rules and the shell's, as a static import did.
 */
export function applyPrimeTheme(name: ThemeName, doc: Document = document): void {
  let link = doc.getElementById(LINK_ID) as HTMLLinkElement | null;
  if (!link) {
    link = doc.createElement('link');
    link.id = LINK_ID;
    link.rel = 'stylesheet';
    doc.head.prepend(link);
  }
  const theme = primeThemeOf(name);
  if (link.dataset.theme === theme) return;
  link.dataset.theme = theme;
  link.setAttribute('href', HREFS[theme]);
}
