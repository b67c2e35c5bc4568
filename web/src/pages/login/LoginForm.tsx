import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import type { Captcha } from '../../api/wire';
import { useAppActors } from '../../app/AppActorsProvider';
import { useStateTransition } from '../../app/use-transition';
import { FormField } from '../../components/FormField';
import { useI18n, type MessageKey } from '../../i18n/i18n';
import { hashPassword } from '../../util/password-hash';
import { useHostTenant } from './use-host-tenant';

interface LoginFields {
  tenantId: string;
  username: string;
  password: string;
  code: string;
}
type FieldErrors = Partial<Record<keyof LoginFields, MessageKey>>;

export function LoginForm() {
  const { session, config, api } = useAppActors();
  const { t } = useI18n();
  const error = useSelector(session, (s) => s.context.error);
  const busy = useSelector(session, (s) => s.hasTag('busy'));
  const [form, setForm] = useState<LoginFields>({ tenantId: config.defaultTenantId, username: '', password: '', code: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  // With tenant mode on, the tenant id is asked for only if the host does not tell it (spec §2).
  const hostTenant = useHostTenant();
  const askTenant = config.tenantMode && !hostTenant;

  const refreshCaptcha = useCallback(() => {
    if (!config.captchaMode) return;
    api.auth.captcha().then(setCaptcha, () => setCaptcha(null));
  }, [api, config.captchaMode]);

  useEffect(refreshCaptcha, [refreshCaptcha]);
  // A captcha is single-use: a failed attempt needs a new one.
  useStateTransition(session, (previous, next) => {
    if (previous === 'authenticating' && next === 'signedOut') {
      setForm((f) => ({ ...f, code: '' }));
      refreshCaptcha();
    }
  });

  const set = (field: keyof LoginFields) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = { ...form, tenantId: form.tenantId.trim(), username: form.username.trim(), code: form.code.trim() };
    const found: FieldErrors = {};
    if (askTenant && !trimmed.tenantId) found.tenantId = 'loginTenantRequired';
    if (!trimmed.username) found.username = 'loginAccountRequired';
    if (!trimmed.password) found.password = 'loginPasswordRequired';
    if (config.captchaMode && !trimmed.code) found.code = 'loginCaptchaRequired';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    session.send({
      type: 'LOGIN',
      request: {
        grantType: config.captchaMode ? 'captcha' : 'password',
        tenantId: hostTenant ?? (config.tenantMode ? trimmed.tenantId : config.defaultTenantId),
        username: trimmed.username,
        password: hashPassword(trimmed.password),
        captchaKey: captcha?.key,
        captchaCode: trimmed.code,
      },
    });
  };

  const fieldError = (field: keyof LoginFields) => (errors[field] ? t(errors[field]) : null);

  return (
    <form className="wd-login-form" onSubmit={submit} noValidate>
      {error && <Message severity="error" text={error} className="wd-login-error" />}
      {askTenant && (
        <FormField id="login-tenant" label={t('loginTenantId')} required error={fieldError('tenantId')}>
          <InputText id="login-tenant" value={form.tenantId} onChange={(e) => set('tenantId')(e.target.value)} />
        </FormField>
      )}
      <FormField id="login-account" label={t('loginAccount')} required error={fieldError('username')}>
        <InputText id="login-account" value={form.username} autoComplete="username" onChange={(e) => set('username')(e.target.value)} />
      </FormField>
      <FormField id="login-password" label={t('loginPassword')} required error={fieldError('password')}>
        <Password
          inputId="login-password"
          value={form.password}
          feedback={false}
          toggleMask
          autoComplete="current-password"
          onChange={(e) => set('password')(e.target.value)}
        />
      </FormField>
      {config.captchaMode && (
        <FormField id="login-captcha" label={t('loginCaptcha')} required error={fieldError('code')}>
          <div className="wd-captcha">
            <InputText id="login-captcha" value={form.code} onChange={(e) => set('code')(e.target.value)} />
            {captcha && (
              <img src={captcha.image} alt={t('loginCaptchaRefresh')} title={t('loginCaptchaRefresh')} onClick={refreshCaptcha} />
            )}
          </div>
        </FormField>
      )}
      <Button type="submit" label={busy ? t('loginSubmitting') : t('loginSubmit')} loading={busy} className="wd-login-submit" />
    </form>
  );
}
