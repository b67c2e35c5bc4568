import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useAppActors } from '../../app/AppActorsProvider';
import { useStateTransition } from '../../app/use-transition';
import { FormField } from '../../components/FormField';
import { useI18n } from '../../i18n/i18n';
import { hashPassword } from '../../util/password-hash';
import { validateRegistration, type RegistrationForm } from '../../util/validators';
import { useHostTenant } from './use-host-tenant';

const EMPTY: RegistrationForm = { tenantId: '', name: '', account: '', password: '', password2: '' };

/** "账号注册": a social sign-in without a local account registers and waits for approval. */
export function RegisterDialog() {
  const { session, config, notifier } = useAppActors();
  const { t } = useI18n();
  const step = useSelector(session, (s) =>
    s.matches('registrationPending') ? 'pending' : s.matches('registration') || s.matches('registeringGuest') ? 'form' : null,
  );
  const busy = useSelector(session, (s) => s.matches('registeringGuest'));
  const [form, setForm] = useState<RegistrationForm>(EMPTY);
  // The tenant id is asked for only if it cannot be detected from the host (spec §2).
  const hostTenant = useHostTenant();
  const askTenant = config.tenantMode && !hostTenant;

  useStateTransition(session, (previous, next) => {
    if (previous === 'registeringGuest' && next === 'registration') {
      notifier.error(session.getSnapshot().context.registrationError || t('commonSubmitFailed'));
    }
  });

  const set = (field: keyof RegistrationForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = () => {
    // With tenant mode off the tenant is the default one; with it on, the host's or the one entered.
    const problem = validateRegistration(form, askTenant);
    if (problem) return notifier.warning(t(problem));
    session.send({
      type: 'REGISTER',
      guest: {
        tenantId: hostTenant ?? (config.tenantMode ? form.tenantId.trim() : config.defaultTenantId),
        name: form.name.trim(),
        account: form.account.trim(),
        password: hashPassword(form.password),
      },
    });
  };

  const field = (key: keyof RegistrationForm, label: string, password = false) => (
    <FormField id={`register-${key}`} label={label}>
      <InputText id={`register-${key}`} type={password ? 'password' : 'text'} value={form[key]} onChange={(e) => set(key)(e.target.value)} />
    </FormField>
  );

  return (
    <>
      <Dialog
        header={t('registerTitle')}
        visible={step === 'form'}
        style={{ width: 420 }}
        onHide={() => session.send({ type: 'CANCEL_REGISTRATION' })}
        footer={<Button label={t('commonSubmit')} loading={busy} onClick={submit} />}
      >
        {askTenant && field('tenantId', t('registerTenantId'))}
        {field('name', t('registerName'))}
        {field('account', t('registerAccount'))}
        {field('password', t('registerPassword'), true)}
        {field('password2', t('registerPassword2'), true)}
      </Dialog>
      <Dialog
        header={t('commonTip')}
        visible={step === 'pending'}
        closable={false}
        onHide={() => undefined}
        footer={<Button label={t('commonConfirm')} onClick={() => session.send({ type: 'REGISTRATION_ACKNOWLEDGED' })} />}
      >
        <p>{t('registerSubmitted')}</p>
      </Dialog>
    </>
  );
}
