import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppActors } from '../../app/AppActorsProvider';
import { productTitle } from '../../app/app-config';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useI18n } from '../../i18n/i18n';
import { LoginForm } from './LoginForm';
import { RegisterDialog } from './RegisterDialog';

export default function LoginPage() {
  const { session, config } = useAppActors();
  const { t, language } = useI18n();
  const [params] = useSearchParams();
  const socialSent = useRef(false);

  useEffect(() => {
    document.title = t('loginWindowTitle');
  }, [t, language]);

  // A social provider redirects back with source, code and state: exchange them once.
  useEffect(() => {
    const source = params.get('source');
    const code = params.get('code');
    if (!source || !code || socialSent.current || !session.getSnapshot().matches('signedOut')) return;
    socialSent.current = true;
    session.send({
      type: 'LOGIN',
      request: { grantType: 'social', tenantId: config.defaultTenantId, source, code, state: params.get('state') ?? '' },
    });
  }, [params, session, config.defaultTenantId]);

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
        <footer className="wd-login-footer">
          <LanguageSwitch />
        </footer>
      </section>
      <RegisterDialog />
    </main>
  );
}
