import { useI18n } from '../i18n/i18n';

/** Shown while a page chunk loads. */
export function PageLoading() {
  const { t } = useI18n();
  return (
    <div className="wd-page-loading" role="status">
      <i className="pi pi-spin pi-spinner" /> {t('commonLoading')}
    </div>
  );
}
