import type { MessageKey } from '../i18n/zh';
import { readableOn, solidOf } from './contrast';

/** A theme is a palette over the shell's CSS variables (UI.md Frame); the accent is separate. */
export interface ThemePalette {
  sidebarBg: string;
  sidebarText: string;
  sidebarActiveBg: string;
  headerBg: string;
  headerText: string;
  tabsBg: string;
  contentBg: string;
  surface: string;
  text: string;
  /** Secondary text (hints, labels of read-outs): still 4.5:1 on the surface and the content. */
  textMuted: string;
  border: string;
  /** Fills under text that set a row or a field apart from the surface (table heads, disabled fields). */
  fillMuted: string;
  /** The background of PrimeReact's widgets (tables, dialogs) in this theme: text of ours is drawn on it too. */
  widgetSurface: string;
}

export const THEME_NAMES = ['default', 'white', 'dark', 'colourful', 'smart', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];
export const DEFAULT_THEME: ThemeName = 'default';
export const DEFAULT_ACCENT = '#409EFF';

const light = { contentBg: '#f0f2f5', surface: '#ffffff', text: '#303133', textMuted: '#5e6168', border: '#e4e7ed', tabsBg: '#ffffff', fillMuted: '#f5f7fa', widgetSurface: '#ffffff' };

export const THEMES: Record<ThemeName, ThemePalette> = {
  default: { ...light, sidebarBg: '#20222a', sidebarText: '#c0c4cc', sidebarActiveBg: '#000000', headerBg: '#ffffff', headerText: '#303133' },
  white: { ...light, sidebarBg: '#ffffff', sidebarText: '#303133', sidebarActiveBg: '#ecf5ff', headerBg: '#ffffff', headerText: '#303133' },
  // Dark keeps text contrast high so tables, charts and the map stay readable.
  dark: {
    sidebarBg: '#17181c', sidebarText: '#b8bcc6', sidebarActiveBg: '#2b2f3a', headerBg: '#1f2128', headerText: '#e5e7eb',
    tabsBg: '#1f2128', contentBg: '#121317', surface: '#1c1e24', text: '#e5e7eb', textMuted: '#a8acb5', border: '#30333d', fillMuted: '#262932',
    // Lara dark's surface (primereact/resources/themes/lara-dark-blue).
    widgetSurface: '#1f2937',
  },
  colourful: { ...light, sidebarBg: 'linear-gradient(180deg,#6a11cb,#1d5fd0)', sidebarText: '#ffffff', sidebarActiveBg: 'rgba(255,255,255,0.2)', headerBg: '#ffffff', headerText: '#303133' },
  smart: { ...light, sidebarBg: '#0b1e3b', sidebarText: '#a9c1e0', sidebarActiveBg: '#133566', headerBg: '#0b1e3b', headerText: '#ffffff' },
  iview: { ...light, sidebarBg: '#001529', sidebarText: '#a6adb4', sidebarActiveBg: '#000c17', headerBg: '#ffffff', headerText: '#515a6e' },
  vip: { ...light, sidebarBg: '#2c2c2c', sidebarText: '#d6b77f', sidebarActiveBg: '#3d3525', headerBg: '#2c2c2c', headerText: '#d6b77f' },
  cool: { ...light, sidebarBg: '#0f2027', sidebarText: '#9bd4e4', sidebarActiveBg: '#203a43', headerBg: '#2c5364', headerText: '#ffffff' },
  d2: { ...light, sidebarBg: '#ebf1f6', sidebarText: '#2f3a4a', sidebarActiveBg: '#d7e3ee', headerBg: '#ebf1f6', headerText: '#2f3a4a' },
  // Headers under white text are the brand hue one shade deeper, so the text keeps 4.5:1.
  hey: { ...light, sidebarBg: '#ffffff', sidebarText: '#5a5e66', sidebarActiveBg: '#f5f7fa', headerBg: '#1f6fc5', headerText: '#ffffff' },
  lte: { ...light, sidebarBg: '#222d32', sidebarText: '#b8c7ce', sidebarActiveBg: '#1e282c', headerBg: '#2e6f96', headerText: '#ffffff' },
};

export const THEME_LABELS: Record<ThemeName, MessageKey> = {
  default: 'themeDefault',
  white: 'themeWhite',
  dark: 'themeDark',
  colourful: 'themeColourful',
  smart: 'themeSmart',
  iview: 'themeIview',
  vip: 'themeVip',
  cool: 'themeCool',
  d2: 'themeD2',
  hey: 'themeHey',
  lte: 'themeLte',
};

const VARIABLES: Record<keyof ThemePalette, string> = {
  sidebarBg: '--wd-sidebar-bg',
  sidebarText: '--wd-sidebar-text',
  sidebarActiveBg: '--wd-sidebar-active-bg',
  headerBg: '--wd-header-bg',
  headerText: '--wd-header-text',
  tabsBg: '--wd-tabs-bg',
  contentBg: '--wd-content-bg',
  surface: '--wd-surface',
  text: '--wd-text',
  textMuted: '--wd-text-muted',
  border: '--wd-border',
  fillMuted: '--wd-fill-muted',
  widgetSurface: '--wd-widget-surface',
};

/**
 * The accent as users pick it is a hue, not a guaranteed contrast (the default #409EFF under white
 * text is 2.78:1): each use gets the nearest shade that reads at WCAG AA where it is drawn.
 */
const LIGHT_SURFACE = '#ffffff';
const DANGER = '#c0392b';

export function accentShades(palette: ThemePalette, accent: string): Record<string, string> {
  const activeBg = solidOf(palette.sidebarActiveBg).alpha() < 1 ? palette.sidebarBg : palette.sidebarActiveBg;
  return {
    // Filled buttons, selected options and badges: white text on it.
    '--wd-accent-fill': readableOn(accent, '#ffffff'),
    // Links, link buttons, the active tab: accent text on the surface and on the page behind it.
    '--wd-accent-text': readableOn(readableOn(readableOn(accent, palette.surface), palette.contentBg), palette.widgetSurface),
    // The same inside the base theme's light widgets (tables, dialogs, overlays) in every theme.
    '--wd-accent-on-light': readableOn(readableOn(accent, LIGHT_SURFACE), THEMES.default.contentBg),
    // Delete buttons and form errors.
    '--wd-danger-text': readableOn(readableOn(DANGER, palette.surface), palette.widgetSurface),
    // The active menu item: accent text on the sidebar's highlight.
    '--wd-sidebar-accent': readableOn(accent, activeBg),
  };
}

/** Writes the palette and accent to the root element: switching needs no reload. */
export function applyTheme(name: ThemeName, accent: string, root: HTMLElement = document.documentElement): void {
  const palette = THEMES[name] ?? THEMES[DEFAULT_THEME];
  for (const [key, variable] of Object.entries(VARIABLES)) {
    root.style.setProperty(variable, palette[key as keyof ThemePalette]);
  }
  root.style.setProperty('--wd-accent', accent);
  for (const [variable, value] of Object.entries(accentShades(palette, accent))) root.style.setProperty(variable, value);
  root.dataset.theme = `theme-${name}`;
}
