import { lazy, Suspense, useState } from 'react';
import { Button } from 'primereact/button';
import { useI18n } from '../i18n/i18n';
import { badgeText, useErrorLog } from './use-error-log';

// The dialog carries a DataTable: load it only when opened.
const LogDialog = lazy(() => import('./LogDialog'));

export function LogBadge() {
  const { t } = useI18n();
  const logs = useErrorLog();
  const [open, setOpen] = useState(false);
  return (
    <>
      <span className="wd-log-badge">
        <Button icon="pi pi-exclamation-circle" text rounded aria-label={t('logTitle')} onClick={() => setOpen(true)} />
        {logs.length > 0 && <span className="wd-badge">{badgeText(logs.length)}</span>}
      </span>
      {open && (
        <Suspense fallback={null}>
          <LogDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
