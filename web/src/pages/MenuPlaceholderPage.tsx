import { useLocation } from 'react-router-dom';
import { useI18n } from '../i18n/i18n';

/** Stands in for a menu path whose view is not registered yet. */
export default function MenuPlaceholderPage() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  return (
    <section className="wd-placeholder">
      <i className="pi pi-wrench" />
      <p>{t('pagePlaceholderText', { path: pathname })}</p>
    </section>
  );
}
