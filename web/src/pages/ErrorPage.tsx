import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useI18n, type MessageKey } from '../i18n/i18n';

const TEXTS: Record<404 | 403 | 500, [MessageKey, MessageKey]> = {
  404: ['error404Title', 'error404Text'],
  403: ['error403Title', 'error403Text'],
  500: ['error500Title', 'error500Text'],
};

export default function ErrorPage({ code }: { code: 404 | 403 | 500 }) {
  const { t } = useI18n();
  const [title, text] = TEXTS[code];
  useEffect(() => {
    document.title = t(title);
  }, [t, title]);
  return (
    <main className="wd-error-page">
      <h1>{t(title)}</h1>
      <p>{t(text)}</p>
      <Link to="/">{t('errorBackHome')}</Link>
    </main>
  );
}
