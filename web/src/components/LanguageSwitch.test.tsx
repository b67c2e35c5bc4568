import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { getLanguage, setLanguage } from '../i18n/i18n';
import { backgroundOf, contrastRatio, loadShellStyles, textColourOf } from '../test-support/shell-styles';
import { applyTheme, DEFAULT_ACCENT, THEME_NAMES } from '../theme/themes';
import { LanguageSwitch } from './LanguageSwitch';

afterEach(() => {
  setLanguage('zh');
  applyTheme('default', DEFAULT_ACCENT);
});

/** The option not chosen, where the header (or the sign-in card) shows the switch. */
function unselectedOption(where: 'header' | 'login') {
  const { container, unmount } = render(
    where === 'header' ? (
      <header className="wd-header">
        <LanguageSwitch />
      </header>
    ) : (
      <section className="wd-login-card">
        <LanguageSwitch />
      </section>
    ),
  );
  const options = [...container.querySelectorAll('.wd-language-switch .p-button')];
  const unselected = options.filter((o) => !o.classList.contains('p-highlight'));
  expect(options).toHaveLength(2);
  expect(unselected).toHaveLength(1);
  return { option: unselected[0], unmount };
}

describe('language switch', () => {
  it('switches zh/en at once', () => {
    render(<LanguageSwitch />);
    fireEvent.click(screen.getByText('English'));
    expect(getLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it.each(THEME_NAMES)('keeps the unselected option readable (WCAG AA 4.5:1) in the %s theme', (theme) => {
    loadShellStyles({ themeOf: ['.p-selectbutton'] });
    applyTheme(theme, DEFAULT_ACCENT);
    for (const where of ['header', 'login'] as const) {
      const { option, unmount } = unselectedOption(where);
      const text = textColourOf(option);
      const background = backgroundOf(option);
      expect(text, `${where}: text colour`).not.toBeNull();
      expect(background, `${where}: background`).not.toBeNull();
      expect(contrastRatio(text!, background!), `${where} in ${theme}`).toBeGreaterThanOrEqual(4.5);
      unmount();
    }
  });
});
