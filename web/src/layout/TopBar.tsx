import { NavLink } from 'react-router-dom';
import { Button } from 'primereact/button';
import type { MenuNode } from '../api/wire';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { useI18n } from '../i18n/i18n';
import { LockButton } from './LockButton';
import { LogBadge } from './LogBadge';
import { MenuSearch } from './MenuSearch';
import { NoticePopover } from './NoticePopover';
import { HOME_PATH } from './tab-rules';
import { ThemePicker } from './ThemePicker';
import { TopMenuNav } from './top-menu';
import { UserMenu } from './UserMenu';

export function TopBar({ menu, onToggleSidebar }: { menu: MenuNode[]; onToggleSidebar: () => void }) {
  const { t } = useI18n();
  return (
    <header className="wd-header">
      <Button icon="pi pi-bars" text rounded aria-label={t('layoutToggleSidebar')} onClick={onToggleSidebar} />
      <nav className="wd-top-menu">
        {/* The way home, with a house: the page's own name is its tab's, not this link's. */}
        <NavLink to={HOME_PATH} end className="wd-home-link">
          <i className="pi pi-home" aria-hidden="true" />
          {t('layoutHome')}
        </NavLink>
        <TopMenuNav />
      </nav>
      <div className="wd-header-tools">
        <MenuSearch menu={menu} />
        <NoticePopover />
        <LogBadge />
        <ThemePicker />
        <LockButton />
        <LanguageSwitch />
        <UserMenu />
      </div>
    </header>
  );
}
