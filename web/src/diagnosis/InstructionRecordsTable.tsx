import { useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { InstructType } from '@wdiov/contracts/diagnosis/instruction';
import { useI18n } from '../i18n/i18n';
import { pagingProps } from '../monitoring/use-record-list';
import type { Row } from '../monitoring/wire-parse';
import { useDiagnosisServices } from './diagnosis-services';
import { removeInstructions } from './instruction-api';
import { isRetryable, statusOf, timeText, typeOf, vehicleText } from './instruction-record';
import { contentSummary, typeLabel } from './record-labels';
import { RecordFilterBar } from './RecordFilterBar';
import { StatusTag } from './StatusTag';
import type { useInstructionRecords } from './use-instruction-records';
import type { RecordQuery } from './instruction-api';

interface Props {
  list: ReturnType<typeof useInstructionRecords>;
  onQuery: (query: RecordQuery) => void;
  onDetail: (row: Row) => void;
  onRetry: (row: Row) => void;
  /** A call is waiting: retries wait too. */
  busy: boolean;
}

/** Every instruction and diagnosis issued, newest first, with detail, retry and remove. */
export function InstructionRecordsTable({ list, onQuery, onDetail, onRetry, busy }: Props) {
  const { t, language } = useI18n();
  const { http, notifier, grants } = useDiagnosisServices();
  const [selection, setSelection] = useState<Row[]>([]);
  const canRetry = (row: Row) => isRetryable(row) && (typeOf(row) === InstructType.diagnose ? grants.diagnose : grants.instruct);

  const remove = () => {
    if (selection.length === 0) return notifier.warning(t('diagSelectRecords'));
    confirmDialog({
      header: t('commonTip'),
      message: t('diagRemoveConfirm', { count: selection.length }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('commonConfirm'),
      rejectLabel: t('commonCancel'),
      acceptClassName: 'p-button-danger',
      accept: async () => {
        try {
          await removeInstructions(http, selection.map((r) => r.id));
          notifier.success(t('diagRemoved', { count: selection.length }));
          setSelection([]);
          await list.reload();
        } catch {
          // Shown by the HTTP client.
        }
      },
    });
  };

  const actions = (row: Row) => (
    <div className="wd-diag-row-actions">
      <Button size="small" text icon="pi pi-eye" label={t('diagDetail')} onClick={() => onDetail(row)} />
      {canRetry(row) && <Button size="small" text icon="pi pi-replay" label={t('diagRetry')} disabled={busy} onClick={() => onRetry(row)} />}
    </div>
  );

  const empty = (
    <div className="wd-diag-empty">
      <i className="pi pi-inbox" aria-hidden />
      <p>{t('diagNoRecords')}</p>
    </div>
  );

  return (
    <section className="wd-card wd-diag-records" aria-label={t('diagRecords')}>
      <h3>{t('diagRecords')}</h3>
      <RecordFilterBar onSearch={onQuery} />
      <div className="wd-mon-toolbar" role="toolbar" aria-label={t('diagRecords')}>
        {grants.remove && (
          <Button size="small" severity="danger" outlined icon="pi pi-trash" label={t('diagRemove')} disabled={selection.length === 0} onClick={remove} />
        )}
        <Button size="small" text icon="pi pi-refresh" aria-label={t('monRefresh')} title={t('monRefresh')} onClick={() => void list.reload()} />
      </div>
      <DataTable
        pt={{ table: { 'aria-label': t('diagRecords') } }}
        value={list.rows}
        dataKey="id"
        size="small"
        {...pagingProps(list)}
        loading={list.loading}
        selectionMode="checkbox"
        selection={selection}
        onSelectionChange={(e) => setSelection(e.value as Row[])}
        emptyMessage={empty}
        scrollable
      >
        {grants.remove && <Column selectionMode="multiple" headerStyle={{ width: 36 }} />}
        <Column header={t('diagIssueTime')} body={(r: Row) => timeText(r.issueTime)} style={{ whiteSpace: 'nowrap' }} />
        <Column header={t('diagVehicle')} body={vehicleText} />
        <Column header={t('diagType')} body={(r: Row) => typeLabel(typeOf(r))} />
        <Column header={t('diagContent')} body={(r: Row) => contentSummary(r, language)} className="wd-diag-content-cell" />
        <Column header={t('diagStatus')} body={(r: Row) => <StatusTag status={statusOf(r)} />} />
        <Column header={t('diagResponseTime')} body={(r: Row) => timeText(r.responseTime)} style={{ whiteSpace: 'nowrap' }} />
        <Column header={t('diagFailReason')} body={(r: Row) => String(r.failReason ?? '')} />
        <Column header={t('diagActions')} body={actions} style={{ whiteSpace: 'nowrap' }} />
      </DataTable>
    </section>
  );
}
