/** Texts of the app frame itself: a page that failed to load, the top menu. */
export const zhApp = {
  appPageFailedTitle: '页面加载失败',
  appPageNewVersion: '控制台可能已更新到新版本，或网络暂时中断。重新加载即可继续。',
  appPageFailedOther: '页面出现错误，重新加载即可继续。',
  appPageReload: '重新加载',
  layoutTopMenu: '顶部菜单',
  layoutAllMenus: '全部菜单',
};

export const enApp: Record<keyof typeof zhApp, string> = {
  appPageFailedTitle: 'This page could not be loaded',
  appPageNewVersion: 'The console may have been updated to a new version, or the network was interrupted. Reload to carry on.',
  appPageFailedOther: 'Something went wrong on this page. Reload to carry on.',
  appPageReload: 'Reload',
  layoutTopMenu: 'Top menu',
  layoutAllMenus: 'All menus',
};
