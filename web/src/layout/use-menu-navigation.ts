import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MenuNode } from '../api/wire';
import { menuTarget } from '../menu/menu-tree';
import { menuLabel } from '../menu/menu-label';
import { useI18n } from '../i18n/i18n';
import { normalizeTabs, openTab } from './tab-rules';
import { tabStore } from './tab-store';

/**
 * Opens a menu item: a new window for isOpen=2 and big-screen items, else the route, with its tab
 * opened at once. Several clicks within one task are one render of the router (only the last
 * route is ever shown), so a tab opened on the route's render alone would keep only the last.
 */
export function useMenuNavigation(): (node: MenuNode) => void {
  const navigate = useNavigate();
  const { t } = useI18n();
  return useCallback(
    (node: MenuNode) => {
      const target = menuTarget(node);
      if (target.kind === 'window') {
        window.open(target.url, '_blank', 'noopener');
        return;
      }
      tabStore.set(openTab(normalizeTabs(tabStore.get(), t('welTitle')), { label: menuLabel(node), path: target.path }));
      navigate(target.path);
    },
    [navigate, t],
  );
}
