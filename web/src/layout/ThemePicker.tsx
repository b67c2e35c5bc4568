import { useRef } from 'react';
import { Button } from 'primereact/button';
import { ColorPicker } from 'primereact/colorpicker';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useI18n } from '../i18n/i18n';
import { themeStore, useThemeState } from '../theme/theme-store';
import { THEME_LABELS, THEME_NAMES, THEMES } from '../theme/themes';

/** The 11 palettes plus the accent colour (default #409EFF), applied without reload. */
export function ThemePicker() {
  const { t } = useI18n();
  const { theme, accent } = useThemeState();
  const panel = useRef<OverlayPanel>(null);
  return (
    <>
      <Button icon="pi pi-palette" text rounded aria-label={t('layoutTheme')} onClick={(e) => panel.current?.toggle(e)} />
      <OverlayPanel ref={panel} className="wd-theme-panel">
        <h4>{t('layoutTheme')}</h4>
        <div className="wd-theme-grid">
          {THEME_NAMES.map((name) => (
            <button
              key={name}
              type="button"
              className={`wd-theme-swatch${name === theme ? ' is-active' : ''}`}
              onClick={() => themeStore.setTheme(name)}
            >
              <span className="wd-swatch-sidebar" style={{ background: THEMES[name].sidebarBg }} />
              <span className="wd-swatch-header" style={{ background: THEMES[name].headerBg }} />
              <small>{t(THEME_LABELS[name])}</small>
            </button>
          ))}
        </div>
        <h4>{t('layoutColor')}</h4>
        <div className="wd-accent-row">
          <ColorPicker value={accent.replace('#', '')} onChange={(e) => typeof e.value === 'string' && themeStore.setAccent(`#${e.value}`)} />
          <code>{accent}</code>
        </div>
      </OverlayPanel>
    </>
  );
}
