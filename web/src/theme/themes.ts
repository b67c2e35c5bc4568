import type { MessageKey } from '../i18n/zh';

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
  border: string;
}

export const THEME_NAMES = ['default', 'white', 'dark', 'colourful', 'smart', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];
export const DEFAULT_THEME: ThemeName = 'default';
export const DEFAULT_ACCENT = '#409EFF';

const light = { contentBg: '#f0f2f5', surface: '#ffffff', text: '#303133', border: '#e4e7ed', tabsBg: '#ffffff' };

export const THEMES: Record<ThemeName, ThemePalette> = {
  default: { ...light, sidebarBg: '#20222a', sidebarText: '#c0c4cc', sidebarActiveBg: '#000000', headerBg: '#ffffff', headerText: '#303133' },
  white: { ...light, sidebarBg: '#ffffff', sidebarText: '#303133', sidebarActiveBg: '#ecf5ff', headerBg: '#ffffff', headerText: '#303133' },
  // Dark keeps text contrast high so tables, charts and the map stay readable.
  dark: {
    sidebarBg: '#17181c', sidebarText: '#b8bcc6', sidebarActiveBg: '#2b2f3a', headerBg: '#1f2128', headerText: '#e5e7eb',
    tabsBg: '#1f2128', contentBg: '#121317', surface: '#1c1e24', text: '#e5e7eb', border: '#30333d',
  },
  colourful: { ...light, sidebarBg: 'linear-gradient(180deg,#6a11cb,#2575fc)', sidebarText: '#ffffff', sidebarActiveBg: 'rgba(255,255,255,0.2)', headerBg: '#ffffff', headerText: '#303133' },
  smart: { ...light, sidebarBg: '#0b1e3b', sidebarText: '#a9c1e0', sidebarActiveBg: '#133566', headerBg: '#0b1e3b', headerText: '#ffffff' },
  iview: { ...light, sidebarBg: '#001529', sidebarText: '#a6adb4', sidebarActiveBg: '#000c17', headerBg: '#ffffff', headerText: '#515a6e' },
  vip: { ...light, sidebarBg: '#2c2c2c', sidebarText: '#d6b77f', sidebarActiveBg: '#3d3525', headerBg: '#2c2c2c', headerText: '#d6b77f' },
  cool: { ...light, sidebarBg: '#0f2027', sidebarText: '#9bd4e4', sidebarActiveBg: '#203a43', headerBg: '#2c5364', headerText: '#ffffff' },
  d2: { ...light, sidebarBg: '#ebf1f6', sidebarText: '#2f3a4a', sidebarActiveBg: '#d7e3ee', headerBg: '#ebf1f6', headerText: '#2f3a4a' },
  hey: { ...light, sidebarBg: '#ffffff', sidebarText: '#5a5e66', sidebarActiveBg: '#f5f7fa', headerBg: '#409eff', headerText: '#ffffff' },
  lte: { ...light, sidebarBg: '#222d32', sidebarText: '#b8c7ce', sidebarActiveBg: '#1e282c', headerBg: '#3c8dbc', headerText: '#ffffff' },
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
  border: '--wd-border',
};

/** Writes the palette and accent to the root element: switching needs no reload. */
export function applyTheme(name: ThemeName, accent: string, root: HTMLElement = document.documentElement): void {
  const palette = THEMES[name] ?? THEMES[DEFAULT_THEME];
  for (const [key, variable] of Object.entries(VARIABLES)) {
    root.style.setProperty(variable, palette[key as keyof ThemePalette]);
  }
  root.style.setProperty('--wd-accent', accent);
  root.dataset.theme = `theme-${name}`;
}
