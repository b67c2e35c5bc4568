import type { MenuNode } from '../api/wire';
import type { MessageKey } from '../i18n/zh';
import { findMenuByRoute } from '../menu/menu-tree';
import { HOME_PATH } from './tab-rules';
import { menuLabel } from '../menu/menu-label';

/** Pages of the shell that are not (necessarily) in the menu tree. */
const KNOWN_TITLES: Record<string, MessageKey> = {
  [HOME_PATH]: 'welTitle',
  '/info/index': 'userInfo',
  '/wel/dashboard': 'consoleTitle',
  // Monitoring screens opened from other pages, not from the menu.
  '/base/electronicFence/draw': 'monFenceDrawTitle',
  '/vehicleDetails/index': 'monDetails',
  '/vehVehicleDetail/index': 'monDetails',
  // The statistics detail screens, opened from the statistics lists.
  '/vehicleHopStatisticsDetails/index': 'detailHopTitle',
  '/vehicleChangesAnalysisDetails/index': 'detailChangesTitle',
  '/driverBehaviorDetail/index': 'detailBehaviorTitle',
};

/** The title of a page: the shell's own, the menu name, the frame name, else the path's last word. */
export function pageTitleFor(
  pathname: string,
  search: string,
  menu: MenuNode[],
  t: (key: MessageKey) => string,
): string {
  if (KNOWN_TITLES[pathname]) return t(KNOWN_TITLES[pathname]);
  if (pathname.startsWith('/myiframe/')) return new URLSearchParams(search).get('name') ?? t('pageIframe');
  const node = findMenuByRoute(menu, pathname);
  if (node) return menuLabel(node);
  const words = pathname.split('/').filter((w) => w && w !== 'index');
  return words[words.length - 1] ?? pathname;
}
