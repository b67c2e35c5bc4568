import { Button } from 'primereact/button';
import { useI18n } from '../i18n/i18n';
import type { Row } from '../monitoring/wire-parse';
import { AnswerView } from './AnswerView';
import { answerOf, statusOf, timeText, typeOf, vehicleText } from './instruction-record';
import { contentSummary, typeLabel } from './record-labels';
import { StatusTag } from './StatusTag';
import type { Outcome } from './use-issue-runner';

/** A diagnosis's result per vehicle: its status, what came back, and the full answer on demand. */
function DiagnoseResults({ rows, onDetail }: { rows: Row[]; onDetail: (row: Row) => void }) {
  const { t } = useI18n();
  if (rows.length === 0) return null;
  return (
    <div className="wd-diag-table-wrap">
      <table className="wd-diag-table" aria-label={t('diagResults')}>
        <thead>
          <tr><th>{t('diagVehicle')}</th><th>{t('diagStatus')}</th><th>{t('diagResultSummary')}</th><th>{t('diagFailReason')}</th><th /></tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const answer = answerOf(row);
            const params = answer.params && typeof answer.params === 'object' ? Object.keys(answer.params).length : 0;
            const count = (key: string) => (Array.isArray(answer[key]) ? (answer[key] as unknown[]).length : 0);
            return (
              <tr key={row.id}>
                <td>{vehicleText(row)}</td>
                <td><StatusTag status={statusOf(row)} /></td>
                <td>{t('diagResultCounts', { params, alarms: count('alarms'), faults: count('faults') })}</td>
                <td>{String(row.failReason ?? '')}</td>
                <td><Button size="small" text label={t('diagDetail')} onClick={() => onDetail(row)} /></td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The last issue's result under the forms, so a query's values are read without opening the record. */
export function IssueOutcome({ outcome, onDetail }: { outcome: Outcome; onDetail: (row: Row) => void }) {
  const { t, language } = useI18n();
  if (outcome.kind === 'diagnose') {
    return (
      <section className="wd-diag-outcome" aria-label={t('diagResults')}>
        <h4>{t('diagResults')}</h4>
        <DiagnoseResults rows={outcome.rows} onDetail={onDetail} />
      </section>
    );
  }
  const row = outcome.row;
  return (
    <section className="wd-diag-outcome" aria-label={t('diagLastResult')}>
      <h4>
        {t('diagLastResult')} <StatusTag status={statusOf(row)} />
      </h4>
      <p className="wd-diag-hint">
        {[vehicleText(row), typeLabel(typeOf(row)), contentSummary(row, language), timeText(row.responseTime ?? row.issueTime)].filter(Boolean).join(' · ')}
      </p>
      {typeof row.failReason === 'string' && row.failReason && <p className="wd-field-error">{row.failReason}</p>}
      <AnswerView row={row} />
    </section>
  );
}
