import { useEffect, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useI18n } from '../i18n/i18n';
import type { Row } from '../monitoring/wire-parse';
import { AnswerView } from './AnswerView';
import { useDiagnosisServices } from './diagnosis-services';
import { fetchInstruction } from './instruction-api';
import { contentOf, statusOf, timeText, typeOf, vehicleText } from './instruction-record';
import { contentSummary, typeLabel } from './record-labels';
import { StatusTag } from './StatusTag';

/**
 * One record in full: what was sent and the decoded answer. Opens on the row it was given and
 * refreshes from detail?id=, which carries the answer even when a list leaves it out.
 */
export function InstructionDetailDialog({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const { t, language } = useI18n();
  const { http } = useDiagnosisServices();
  const [full, setFull] = useState<Row | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setFull(null);
    if (!row?.id) return;
    let live = true;
    setLoading(true);
    fetchInstruction(http, row.id)
      .then((r) => live && setFull(r.id ? r : null), () => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [http, row]);
  const shown = full ?? row;
  return (
    <Dialog header={t('diagDetailTitle')} visible={row !== null} onHide={onClose} style={{ width: 'min(760px, 96vw)' }} dismissableMask>
      {shown && (
        <div className="wd-diag-detail">
          <dl className="wd-mon-dl">
            <div><dt>{t('diagVehicle')}</dt><dd>{vehicleText(shown)}</dd></div>
            <div><dt>{t('diagType')}</dt><dd>{typeLabel(typeOf(shown))}</dd></div>
            <div><dt>{t('diagStatus')}</dt><dd><StatusTag status={statusOf(shown)} /></dd></div>
            <div><dt>{t('diagIssueTime')}</dt><dd>{timeText(shown.issueTime)}</dd></div>
            <div><dt>{t('diagResponseTime')}</dt><dd>{timeText(shown.responseTime)}</dd></div>
            <div><dt>{t('diagContent')}</dt><dd>{contentSummary(shown, language)}</dd></div>
            {Boolean(shown.failReason) && <div><dt>{t('diagFailReason')}</dt><dd className="wd-field-error">{String(shown.failReason)}</dd></div>}
            {Boolean(shown.remark) && <div><dt>{t('diagRemark')}</dt><dd>{String(shown.remark)}</dd></div>}
          </dl>
          <details className="wd-diag-raw">
            <summary>{t('diagRawContent')}</summary>
            <pre>{JSON.stringify(contentOf(shown), null, 2)}</pre>
          </details>
          <h4>{t('diagAnswer')}</h4>
          {loading && !full ? <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('commonLoading')} /> : <AnswerView row={shown} />}
        </div>
      )}
    </Dialog>
  );
}
