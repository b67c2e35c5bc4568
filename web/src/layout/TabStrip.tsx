import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { useI18n } from '../i18n/i18n';
import { canClose, closeAll, closeOthers, closeTab, HOME_PATH, isSameTab, normalizeTabs, openTab } from './tab-rules';
import { tabStore, useTabs } from './tab-store';

interface TabStripProps {
  /** Title of the current page, the label of its tab; null opens no tab. */
  title: string | null;
  /** The title of an open tab's page in the language now (the label stored is the one it was opened with). */
  titleOf?: (path: string) => string;
  onClearCache: () => void;
}

/** Open pages: the first page and the last remaining tab cannot be closed. */
export function TabStrip({ title, titleOf, onClearCache }: TabStripProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const activePath = pathname + search;
  const tabs = useTabs();
  const menu = useRef<Menu>(null);

  useEffect(() => {
    const base = normalizeTabs(tabStore.get(), t('welTitle'));
    tabStore.set(title === null ? base : openTab(base, { label: title, path: activePath }));
  }, [activePath, title, t]);

  const close = (path: string) => {
    const result = closeTab(tabs, path, activePath);
    tabStore.set(result.tabs);
    if (result.navigateTo) navigate(result.navigateTo);
  };

  const actions = [
    { label: t('layoutTabClose'), icon: 'pi pi-times', disabled: !canClose(tabs, activePath), command: () => close(activePath) },
    { label: t('layoutTabCloseOthers'), icon: 'pi pi-arrows-h', command: () => tabStore.set(closeOthers(tabs, activePath)) },
    {
      label: t('layoutTabCloseAll'),
      icon: 'pi pi-ban',
      command: () => {
        const result = closeAll(tabs);
        tabStore.set(result.tabs);
        navigate(result.navigateTo);
      },
    },
    { label: t('layoutClearCache'), icon: 'pi pi-refresh', command: onClearCache },
  ];

  // A tab list is one stop of the Tab key: arrows move between tabs, Delete closes the focused one.
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, path: string) => {
    const all = [...(e.currentTarget.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const at = all.indexOf(e.currentTarget);
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -at, End: all.length - 1 - at }[e.key];
    if (step !== undefined) {
      e.preventDefault();
      all[(at + step + all.length) % all.length]?.focus();
    } else if (e.key === 'Delete' && canClose(tabs, path)) {
      e.preventDefault();
      close(path);
    }
  };

  return (
    <div className="wd-tabs">
      <div className="wd-tabs-scroll" role="tablist" aria-label={t('layoutTabs')}>
        {tabs.map((tab) => {
          const active = isSameTab(tab.path, activePath);
          const label = isSameTab(tab.path, HOME_PATH) ? t('welTitle') : (titleOf?.(tab.path) ?? tab.label);
          const closable = canClose(tabs, tab.path);
          return (
            <div key={tab.path.split('?')[0]} className={`wd-tab${active ? ' is-active' : ''}`} role="presentation">
              <button
                type="button"
                role="tab"
                aria-selected={active}
                tabIndex={active ? 0 : -1}
                aria-keyshortcuts={closable ? 'Delete' : undefined}
                onClick={() => navigate(tab.path)}
                onKeyDown={(e) => onTabKey(e, tab.path)}
              >
                {label}
              </button>
              {/* The pointer's twin of Delete on the tab: a tab list may only hold tabs for screen readers. */}
              {closable && (
                <button
                  type="button"
                  className="wd-tab-close"
                  aria-label={`${t('layoutTabClose')} ${label}`}
                  aria-hidden="true"
                  tabIndex={-1}
                  onClick={() => close(tab.path)}
                >
                  <i className="pi pi-times" aria-hidden="true" />
                </button>
              )}
            </div>
          );
        })}
      </div>
      <Menu model={actions} popup ref={menu} />
      <Button
        icon="pi pi-angle-down"
        text
        size="small"
        aria-label={t('layoutTabActions')}
        onClick={(event) => menu.current?.toggle(event)}
      />
    </div>
  );
}
