import { afterEach, describe, expect, it } from 'vitest';
import { applyPrimeTheme, primeThemeOf } from './prime-theme';
import { THEME_NAMES } from './themes';

const links = () => document.querySelectorAll<HTMLLinkElement>('link#wd-prime-theme');

describe("the base theme's stylesheet follows the shell's theme", () => {
  afterEach(() => links().forEach((l) => l.remove()));

  it('is Lara dark for the dark theme and Lara light for every other', () => {
    expect(primeThemeOf('dark')).toBe('lara-dark');
    for (const name of THEME_NAMES.filter((n) => n !== 'dark')) expect(primeThemeOf(name)).toBe('lara-light');
  });

  it('keeps one stylesheet link, first in <head>, and switches it with the theme', () => {
    const other = document.createElement('style');
    document.head.append(other);
    applyPrimeTheme('default');
    applyPrimeTheme('dark');
    expect(links()).toHaveLength(1);
    const link = links()[0]!;
    expect(document.head.firstElementChild).toBe(link);
    expect(link.rel).toBe('stylesheet');
    expect(link.dataset.theme).toBe('lara-dark');
    applyPrimeTheme('white');
    expect(link.dataset.theme).toBe('lara-light');
    other.remove();
  });
});
