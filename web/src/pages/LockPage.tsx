import { useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Avatar } from 'primereact/avatar';
import { Button } from 'primereact/button';
import { Password } from 'primereact/password';
import { useAppActors } from '../app/AppActorsProvider';
import { useWindowTitle } from '../app/window-title';
import { useI18n } from '../i18n/i18n';
import { DEFAULT_AVATAR } from '../session/session-user';

/** The lock screen: only the right lock password (or a logout) leaves it. */
export default function LockPage() {
  const { lock, session } = useAppActors();
  const { t } = useI18n();
  const error = useSelector(lock, (s) => s.context.error);
  const user = useSelector(session, (s) => s.context.user);
  const [password, setPassword] = useState('');
  useWindowTitle(t('lockTitle'));

  const unlock = (event: FormEvent) => {
    event.preventDefault();
    lock.send({ type: 'UNLOCK', password });
  };

  return (
    <main className="wd-lock">
      <form className="wd-lock-card" onSubmit={unlock}>
        <Avatar image={user?.avatar || DEFAULT_AVATAR} shape="circle" size="xlarge" />
        <h2>{user?.realName || user?.userName}</h2>
        <Password value={password} feedback={false} toggleMask placeholder={t('lockPasswordPrompt')} onChange={(e) => setPassword(e.target.value)} />
        {error && <small className="wd-field-error" role="alert">{t(error)}</small>}
        <div className="wd-lock-actions">
          <Button type="submit" label={t('lockUnlock')} icon="pi pi-unlock" />
          <Button type="button" label={t('lockLogout')} severity="secondary" text onClick={() => session.send({ type: 'LOGOUT' })} />
        </div>
      </form>
    </main>
  );
}
