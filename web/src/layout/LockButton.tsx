import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Password } from 'primereact/password';
import { useAppActors } from '../app/AppActorsProvider';
import { FormField } from '../components/FormField';
import { useI18n } from '../i18n/i18n';

/** Asks for a lock password, then locks; the route guard takes the user to /lock. */
export function LockButton() {
  const { lock } = useAppActors();
  const { t } = useI18n();
  const error = useSelector(lock, (s) => s.context.error);
  const [visible, setVisible] = useState(false);
  const [password, setPassword] = useState('');

  const submit = () => lock.send({ type: 'LOCK', password });

  return (
    <>
      <Button icon="pi pi-lock" text rounded aria-label={t('lockButton')} onClick={() => setVisible(true)} />
      <Dialog
        header={t('lockSetTitle')}
        visible={visible}
        style={{ width: 360 }}
        onHide={() => setVisible(false)}
        footer={<Button label={t('commonConfirm')} onClick={submit} />}
      >
        <FormField id="lock-password" label={t('lockPasswordPrompt')} required error={error === 'lockPasswordRequired' ? t(error) : null}>
          <Password inputId="lock-password" value={password} feedback={false} toggleMask onChange={(e) => setPassword(e.target.value)} />
        </FormField>
      </Dialog>
    </>
  );
}
