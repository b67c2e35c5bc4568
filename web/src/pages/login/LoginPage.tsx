import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { useAppActors } from '../../app/AppActorsProvider';
import { productTitle } from '../../app/app-config';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useI18n } from '../../i18n/i18n';
import { LoginForm } from './LoginForm';
import { RegisterDialog } from './RegisterDialog';
import { SSO_TENANT_KEY, SsoButtons } from './SsoButtons';
import { useHostTenant } from './use-host-tenant';

export default function LoginPage() {
  const { session, config } = useAppActors();
  const { t, language } = useI18n();
  const [params] = useSearchParams();
  const socialSent = useRef(false);
  // The page shows while the session still settles: the exchange waits until it is signed out.
  const signedOut = useSelector(session, (s) => s.matches('signedOut'));
  const hostTenant = useHostTenant();
  // The providers' buttons need the tenant: the host's, else the default one (undefined while asking).
  const ssoTenant = hostTenant === undefined ? undefined : hostTenant ?? config.defaultTenantId;

  useEffect(() => {
    document.title = t('loginWindowTitle');
  }, [t, language]);

  // A social provider redirects back with source, code and state; an OpenID provider with code
  // and state only (the sign-in its button started): exchange them once.
  useEffect(() => {
    const source = params.get('source');
    const code = params.get('code');
    if (!code || socialSent.current || !signedOut) return;
    socialSent.current = true;
    const state = params.get('state') ?? '';
    if (source) {
      session.send({ type: 'LOGIN', request: { grantType: 'social', tenantId: config.defaultTenantId, source, code, state } });
      return;
    }
    const tenantId = window.sessionStorage.getItem(SSO_TENANT_KEY) ?? config.defaultTenantId;
    window.sessionStorage.removeItem(SSO_TENANT_KEY);
    const redirectUri = window.location.origin + window.location.pathname;
    session.send({ type: 'LOGIN', request: { grantType: 'authorization_code', tenantId, code, state, redirectUri } });
  }, [params, session, signedOut, config.defaultTenantId]);

  return (
    <main className="wd-login">
      <section className="wd-login-card">
        <header className="wd-login-header">
          <img src="/img/bg/img-logo.png" alt="" width={40} height={40} />
          <div>
            <h1>{productTitle(config)}</h1>
            <p>{t('loginHeading')}</p>
          </div>
        </header>
        <LoginForm />
        <SsoButtons tenantId={ssoTenant} />
        <footer className="wd-login-footer">
          <LanguageSwitch />
        </footer>
      </section>
      <RegisterDialog />
    </main>
  );
}
