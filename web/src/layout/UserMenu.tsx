import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { Avatar } from 'primereact/avatar';
import { confirmDialog } from 'primereact/confirmdialog';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useAppActors } from '../app/AppActorsProvider';
import { useI18n } from '../i18n/i18n';
import { DEFAULT_AVATAR } from '../session/session-user';
import { SwitchIdentityDialog } from './SwitchIdentityDialog';
import { nameText } from '../i18n/seeded-text';

/** Avatar and name; info, switch dept/role (switch mode only) and logout (with confirm). */
export function UserMenu() {
  const { session, config } = useAppActors();
  const { t } = useI18n();
  const navigate = useNavigate();
  const user = useSelector(session, (s) => s.context.user);
  const menu = useRef<Menu>(null);
  const [switching, setSwitching] = useState(false);

  const items: MenuItem[] = [
    { label: t('consoleTitle'), icon: 'pi pi-th-large', command: () => navigate('/wel/dashboard') },
    { label: t('userInfo'), icon: 'pi pi-user', command: () => navigate('/info/index') },
    ...(config.switchMode ? [{ label: t('userSwitch'), icon: 'pi pi-sync', command: () => setSwitching(true) }] : []),
    {
      label: t('userLogout'),
      icon: 'pi pi-sign-out',
      command: () =>
        confirmDialog({ header: t('commonTip'), message: t('userLogoutConfirm'), accept: () => session.send({ type: 'LOGOUT' }) }),
    },
  ];

  return (
    <>
      <button type="button" className="wd-user" onClick={(e) => menu.current?.toggle(e)}>
        <Avatar image={user?.avatar || DEFAULT_AVATAR} shape="circle" />
        <span>{nameText(user?.realName || user?.userName || '')}</span>
        <i className="pi pi-angle-down" />
      </button>
      <Menu model={items} popup ref={menu} />
      {switching && <SwitchIdentityDialog onClose={() => setSwitching(false)} />}
    </>
  );
}
