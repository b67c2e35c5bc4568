import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrast, readableOn } from './contrast';
import { accentShades, applyTheme, DEFAULT_ACCENT, THEME_NAMES, THEMES } from './themes';

/** Every colour a gradient passes through at its stops. */
const stops = (css: string) => css.match(/#[0-9a-f]{3,8}\b|rgba?\([^)]*\)/gi) ?? [css];

describe('theme palettes (WCAG 2.1 AA text contrast)', () => {
  it.each(THEME_NAMES)('%s: every text colour reads on the background it is drawn on', (name) => {
    const p = THEMES[name];
    const pairs: [string, string, string][] = [
      ['sidebar text', p.sidebarText, p.sidebarBg],
      ['header text', p.headerText, p.headerBg],
      ['text on surface', p.text, p.surface],
      ['text on page', p.text, p.contentBg],
      ['muted text on surface', p.textMuted, p.surface],
      ['muted text on page', p.textMuted, p.contentBg],
      ['text on a muted fill', p.text, p.fillMuted],
      ['muted text on a muted fill', p.textMuted, p.fillMuted],
      ['text on a widget', p.text, p.widgetSurface],
      ['muted text on a widget', p.textMuted, p.widgetSurface],
    ];
    for (const [what, fg, bg] of pairs) {
      for (const stop of stops(bg)) expect(contrast(fg, stop), `${what} on ${stop}`).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it.each(THEME_NAMES)('%s: the accent shades read where they are used, for the default and a pale accent', (name) => {
    const p = THEMES[name];
    for (const accent of [DEFAULT_ACCENT, '#ffe066']) {
      const shades = accentShades(p, accent);
      expect(contrast('#ffffff', shades['--wd-accent-fill']!)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrast(shades['--wd-accent-text']!, p.surface)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrast(shades['--wd-accent-text']!, p.contentBg)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrast(shades['--wd-accent-text']!, p.widgetSurface)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrast(shades['--wd-danger-text']!, p.surface)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrast(shades['--wd-danger-text']!, p.widgetSurface)).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it('keeps an accent that already reads, and deepens #409EFF under white text', () => {
    expect(readableOn('#303133', '#ffffff')).toBe('#303133');
    expect(contrast('#ffffff', DEFAULT_ACCENT)).toBeLessThan(3);
    const fill = readableOn(DEFAULT_ACCENT, '#ffffff');
    expect(fill).not.toBe(DEFAULT_ACCENT.toLowerCase());
    expect(contrast('#ffffff', fill)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('writes the shades with the palette', () => {
    applyTheme('dark', DEFAULT_ACCENT);
    const root = document.documentElement.style;
    expect(root.getPropertyValue('--wd-text-muted')).toBe(THEMES.dark.textMuted);
    expect(contrast(root.getPropertyValue('--wd-accent-text'), THEMES.dark.surface)).toBeGreaterThanOrEqual(AA_TEXT);
    applyTheme('default', DEFAULT_ACCENT);
  });
});
