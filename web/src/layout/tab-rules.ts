/** An open page in the tab strip. `path` includes the query string. */
export interface Tab {
  label: string;
  path: string;
}

/** The first page: always first, never closable. */
export const HOME_PATH = '/wel/index';

const pathname = (path: string) => path.split('?')[0];

export function isSameTab(a: string, b: string): boolean {
  return pathname(a) === pathname(b);
}

/** Always starts with the home tab, whatever was stored. */
export function normalizeTabs(tabs: Tab[], homeLabel: string): Tab[] {
  const rest = tabs.filter((tab) => !isSameTab(tab.path, HOME_PATH));
  const home = tabs.find((tab) => isSameTab(tab.path, HOME_PATH));
  return [{ label: homeLabel, path: home?.path ?? HOME_PATH }, ...rest];
}

/** Adds the page, or updates its query and label when it is already open. */
export function openTab(tabs: Tab[], tab: Tab): Tab[] {
  const index = tabs.findIndex((existing) => isSameTab(existing.path, tab.path));
  if (index === -1) return [...tabs, tab];
  const next = [...tabs];
  next[index] = { ...tabs[index], path: tab.path, label: tab.label || tabs[index].label };
  return next;
}

/** The first page and the last remaining tab cannot be closed. */
export function canClose(tabs: Tab[], path: string): boolean {
  return tabs.length > 1 && !isSameTab(path, HOME_PATH) && tabs.some((tab) => isSameTab(tab.path, path));
}

/** Closes one tab; when it was the active one, `navigateTo` is its left neighbour. */
export function closeTab(tabs: Tab[], path: string, activePath: string): { tabs: Tab[]; navigateTo?: string } {
  if (!canClose(tabs, path)) return { tabs };
  const index = tabs.findIndex((tab) => isSameTab(tab.path, path));
  const next = tabs.filter((_, i) => i !== index);
  if (!isSameTab(path, activePath)) return { tabs: next };
  return { tabs: next, navigateTo: next[Math.max(0, index - 1)].path };
}

/** Keeps the first page and the active one. */
export function closeOthers(tabs: Tab[], activePath: string): Tab[] {
  return tabs.filter((tab, i) => i === 0 || isSameTab(tab.path, activePath));
}

/** Keeps only the first page; the caller returns to it. */
export function closeAll(tabs: Tab[]): { tabs: Tab[]; navigateTo: string } {
  return { tabs: tabs.slice(0, 1), navigateTo: tabs[0]?.path ?? HOME_PATH };
}
