import { Suspense, useCallback, useMemo } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { useAppActors } from '../app/AppActorsProvider';
import { productTitle } from '../app/app-config';
import { PageLoading } from '../app/PageLoading';
import { hasView } from '../app/view-registry';
import { useWindowTitle } from '../app/window-title';
import { AlarmCardDock } from '../components/AlarmCardDock';
import { useI18n } from '../i18n/i18n';
import { filterMenuByRoles, findMenuByRoute } from '../menu/menu-tree';
import { rolesOf } from '../session/session-user';
import { collapseStore, isSmallScreen, useCollapsed, useScreenWidth } from './layout-store';
import { pageTitleFor } from './page-title';
import { Sidebar } from './Sidebar';
import { TabStrip } from './TabStrip';
import { TopBar } from './TopBar';
import { useSidebarMenu } from './top-menu';

/** The frame: sidebar (220/64 px), header (56 px), tab strip (40 px), content, and the alarm pop-up under it. */
export default function MainLayout() {
  const { session, api, notifier, config } = useAppActors();
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const collapsed = useCollapsed();
  const width = useScreenWidth();
  const rawMenu = useSelector(session, (s) => s.context.menu);
  const user = useSelector(session, (s) => s.context.user);
  const menu = useMemo(() => filterMenuByRoles(rawMenu ?? [], rolesOf(user)), [rawMenu, user]);
  const sidebarMenu = useSidebarMenu(menu);
  const title = pageTitleFor(pathname, search, menu, t);
  // Tabs are named at render, so that a switch of language re-labels the tabs already open.
  const titleOf = (path: string) => {
    const at = path.indexOf('?');
    return at < 0 ? pageTitleFor(path, '', menu, t) : pageTitleFor(path.slice(0, at), path.slice(at), menu, t);
  };
  useWindowTitle(title);
  // An unknown path is about to be redirected to /404: it gets no tab.
  const isPage = pathname.startsWith('/myiframe/') || hasView(pathname) || Boolean(findMenuByRoute(menu, pathname));

  const clearCache = useCallback(
    () =>
      confirmDialog({
        header: t('commonTip'),
        message: t('layoutClearCacheConfirm'),
        accept: async () => {
          await api.auth.clearCache();
          notifier.success(t('layoutClearCacheDone'));
        },
      }),
    [api, notifier, t],
  );

  return (
    <div className={`wd-layout${collapsed ? ' is-collapsed' : ''}`}>
      <Sidebar
        menu={sidebarMenu}
        collapsed={collapsed}
        title={productTitle(config)}
        onChosen={() => isSmallScreen(width) && collapseStore.set(true)}
        onExpandRequest={() => collapseStore.set(false)}
      />
      <div className="wd-main">
        <TopBar menu={menu} onToggleSidebar={() => collapseStore.set(!collapsed)} />
        <TabStrip title={isPage ? title : null} titleOf={titleOf} onClearCache={clearCache} />
        <main className={`wd-content${pathname.startsWith('/myiframe/') ? ' is-full' : ''}`}>
          {/* A boundary per path: a navigation commits at once (tab, title, menu highlight) and shows
              the loading indicator, instead of waiting, as a transition, for the page's chunk. */}
          <Suspense key={pathname} fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
        {/* Under the page, in the frame's flow: the pop-up takes its own room instead of covering the page's. */}
        <AlarmCardDock />
      </div>
      <ConfirmDialog />
    </div>
  );
}
