import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import { useI18n } from '../i18n/i18n';
import './load-state.css';

/** Loading, a failure with a retry, or the content once the first answer is in (the texts first written for the safety screens). */
export function LoadState({ loading, error, retry, children }: { loading: boolean; error: unknown; retry: () => void; children: ReactNode }) {
  const { t } = useI18n();
  if (loading) return <div className="wd-load-state" role="status"><i className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('safetyLoading')}</div>;
  if (error) {
    return (
      <div className="wd-load-state" role="alert">
        <span>{t('safetyLoadFailed', { msg: error instanceof Error ? error.message : String(error) })}</span>
        <Button size="small" icon="pi pi-refresh" label={t('safetyRetry')} onClick={retry} />
      </div>
    );
  }
  return <>{children}</>;
}
