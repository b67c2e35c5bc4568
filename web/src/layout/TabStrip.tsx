import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { useI18n } from '../i18n/i18n';
import { canClose, closeAll, closeOthers, closeTab, HOME_PATH, isSameTab, normalizeTabs, openTab } from './tab-rules';
import { tabStore, useTabs } from './tab-store';

interface TabStripProps {
  /** Title of the current page, the label of its tab; null opens no tab. */
  title: string | null;
  onClearCache: () => void;
}

/** Open pages: the first page and the last remaining tab cannot be closed. */
export function TabStrip({ title, onClearCache }: TabStripProps) {
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

  return (
    <div className="wd-tabs">
      <div className="wd-tabs-scroll" role="tablist">
        {tabs.map((tab) => {
          const active = isSameTab(tab.path, activePath);
          const label = isSameTab(tab.path, HOME_PATH) ? t('welTitle') : tab.label;
          return (
            <div key={tab.path.split('?')[0]} className={`wd-tab${active ? ' is-active' : ''}`}>
              <button type="button" role="tab" aria-selected={active} onClick={() => navigate(tab.path)}>
                {label}
              </button>
              {canClose(tabs, tab.path) && (
                <button type="button" className="wd-tab-close" aria-label={`${t('layoutTabClose')} ${label}`} onClick={() => close(tab.path)}>
                  <i className="pi pi-times" />
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
