import { useEffect, useState } from 'react';
import { ProgressBar } from 'primereact/progressbar';
import { useI18n } from '../i18n/i18n';
import type { InFlight } from './use-issue-runner';

/**
 * Shown while a call waits for terminals (up to ~15 s each): elapsed seconds, and for a
 * diagnosis how many vehicles have answered so far. A live region so screen readers hear it.
 */
export function IssueProgress({ inFlight }: { inFlight: InFlight }) {
  const { t } = useI18n();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - inFlight.startedAt) / 1000));
  const many = inFlight.total > 1;
  return (
    <div className="wd-diag-progress" role="status" aria-live="polite">
      <ProgressBar
        mode={many ? 'determinate' : 'indeterminate'}
        value={many ? Math.round((inFlight.done / inFlight.total) * 100) : undefined}
        showValue={false}
        style={{ height: 6 }}
      />
      <span>
        {many
          ? t('diagWaitingMany', { done: inFlight.done, total: inFlight.total, seconds })
          : t('diagWaitingOne', { vehicle: inFlight.label, seconds })}
      </span>
    </div>
  );
}
