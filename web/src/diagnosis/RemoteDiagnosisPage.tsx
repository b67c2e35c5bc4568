import { useState } from 'react';
import { useI18n } from '../i18n/i18n';
import type { Row } from '../monitoring/wire-parse';
import { DiagnosisServicesProvider, useAppDiagnosisServices } from './diagnosis-services';
import { EMPTY_QUERY, type RecordQuery } from './instruction-api';
import { InstructionDetailDialog } from './InstructionDetailDialog';
import { InstructionRecordsTable } from './InstructionRecordsTable';
import { IssuePanel } from './IssuePanel';
import { useInstructionRecords } from './use-instruction-records';
import { useIssueRunner } from './use-issue-runner';
// The filter bar, description lists and toolbar share the monitoring lists' styles.
import '../monitoring/monitoring.css';
import './diagnosis.css';

/** Issue forms on top, the records below; an issued record lands at the top of the table. */
export function RemoteDiagnosisPage() {
  const { t } = useI18n();
  const [query, setQuery] = useState<RecordQuery>(EMPTY_QUERY);
  const list = useInstructionRecords(query);
  const runner = useIssueRunner(list.prepend);
  const [detail, setDetail] = useState<Row | null>(null);
  return (
    <section className="wd-diag" aria-label={t('diagTitle')}>
      <IssuePanel runner={runner} onDetail={setDetail} />
      <InstructionRecordsTable list={list} onQuery={setQuery} onDetail={setDetail} onRetry={(row) => void runner.retry(row)} busy={runner.inFlight !== null} />
      <InstructionDetailDialog row={detail} onClose={() => setDetail(null)} />
    </section>
  );
}

/** /remoteDiagnose/index in the shell: the app's client and the signed-in user's button grants. */
export default function RemoteDiagnosisScreen() {
  const services = useAppDiagnosisServices();
  return (
    <DiagnosisServicesProvider services={services}>
      <RemoteDiagnosisPage />
    </DiagnosisServicesProvider>
  );
}
