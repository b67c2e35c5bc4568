import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterEach } from 'vitest';

// Read from disk: with `css: false` vitest answers '' even for a `?raw` import.
const shellCss = readFileSync(join(import.meta.dirname, '../styles/shell.css'), 'utf8');
const themeCss = readFileSync(createRequire(import.meta.url).resolve('primereact/resources/themes/lara-light-blue/theme.css'), 'utf8');

/**
 * The base theme's rules for the given components (selectors starting with one of the prefixes).
 * The theme sits in a cascade layer, which jsdom ignores: put before the shell's rules, they lose
 * to those of the same specificity, as the layer makes them lose in a browser.
 */
function themeRules(prefixes: readonly string[]): string {
  const rules = themeCss.match(/[^{}]+\{[^{}]*\}/g) ?? [];
  return rules.filter((rule) => prefixes.some((p) => rule.trim().startsWith(p))).join('\n');
}

/**
 * The shell stylesheet in the jsdom document (vitest loads no CSS): jsdom cascades its rules,
 * so a test can read what the shell declares for an element. There is no layout and `var()` stays
 * unresolved (see the helpers below); `themeOf` adds the base theme's rules of some components.
 */
export function loadShellStyles(options: { themeOf?: readonly string[]; also?: readonly string[] } = {}): void {
  // `also`: more stylesheets of the app, by path under src/ (a page's own).
  const more = (options.also ?? []).map((path) => readFileSync(join(import.meta.dirname, '..', path), 'utf8'));
  for (const text of [themeRules(options.themeOf ?? []), shellCss, ...more]) {
    const style = document.createElement('style');
    style.dataset.test = 'shell';
    style.textContent = text;
    document.head.appendChild(style);
  }
}

afterEach(() => document.querySelectorAll('style[data-test="shell"]').forEach((s) => s.remove()));

/** A declared value with each `var(--x)` replaced by the nearest ancestor's (or the root's) value. */
export function resolveVars(value: string, el: Element): string {
  let out = value;
  for (let i = 0; i < 5 && out.includes('var('); i += 1) {
    out = out.replace(/var\((--[\w-]+)\s*(?:,\s*([^)]*))?\)/g, (_, name: string, fallback?: string) => {
      for (let at: Element | null = el; at; at = at.parentElement) {
        const found = getComputedStyle(at).getPropertyValue(name).trim() || (at as HTMLElement).style?.getPropertyValue(name).trim();
        if (found) return found;
      }
      return fallback?.trim() ?? '';
    });
  }
  return out.trim();
}

export type Rgb = [number, number, number];

export function parseColour(text: string): Rgb | null {
  const value = text.trim().toLowerCase();
  if (value === '#fff' || value === 'white') return [255, 255, 255];
  const hex = /^#([0-9a-f]{6})$/.exec(value);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1].slice(i, i + 2), 16)) as Rgb;
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)(?:[\s,/]+([\d.]+))?\s*\)$/.exec(value);
  if (rgb && (rgb[4] === undefined || Number(rgb[4]) > 0)) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  return null;
}

/** The colour painted behind an element: its own background, else the nearest ancestor's. */
export function backgroundOf(el: Element): Rgb | null {
  for (let at: Element | null = el; at; at = at.parentElement) {
    const style = getComputedStyle(at);
    const own = parseColour(resolveVars(style.backgroundColor, at)) ?? parseColour(resolveVars(style.getPropertyValue('background'), at));
    if (own) return own;
  }
  return null;
}

export function textColourOf(el: Element): Rgb | null {
  return parseColour(resolveVars(getComputedStyle(el).color, el));
}

/** WCAG 2 contrast ratio of two colours. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const luminance = (c: Rgb) => {
    const [r, g, bl] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
