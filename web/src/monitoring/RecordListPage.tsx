import { useMemo, useState } from 'react';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { AlarmCardData } from '@wdiov/contracts/live/socket-messages';
import { useI18n, type MessageKey } from '../i18n/i18n';
import { cardName } from '../live/alarm-card-view';
import { cellText, type RecordColumn } from './entity-columns';
import { downloadCsv, serverExport } from './export-file';
import { HandleDialog } from './HandleDialog';
import { useMonitoringServices } from './monitoring-services';
import { fetchAllRecords, filterParams, handleRecords, openRecordIds, type RecordSource } from './record-api';
import { filterFromSearch, searchFromFilter } from './record-filter';
import { RecordFilterBar } from './RecordFilterBar';
import { pagingProps, useRecordList } from './use-record-list';
import type { Row } from './wire-parse';
import './monitoring.css';

export interface RecordListProps {
  title: MessageKey;
  source: RecordSource;
  columns: RecordColumn[];
  /** The URL parameter that carries the type ('alarmType' for alarms), and its label. */
  typeParam?: string;
  typeLabel?: string;
}

/**
 * Alarm, fault and fence-record lists. The URL is the filter's single source of truth, so
 * 'view now' on an alarm card (…?vin=&alarmType=) and bookmarked links land filtered.
 */
export function RecordListPage({ title, source, columns, typeParam, typeLabel }: RecordListProps) {
  const { t, language } = useI18n();
  const { http, notifier } = useMonitoringServices();
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const card = (location.state as { card?: AlarmCardData } | null)?.card;
  const searchText = search.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const filter = useMemo(() => filterFromSearch(search, typeParam), [searchText, typeParam]);
  const list = useRecordList(http, source, filter);
  const [selection, setSelection] = useState<Row[]>([]);
  /** What the handle dialog handles: the selection, or the open records of the filter the operator agreed to. */
  const [handling, setHandling] = useState<{ all: boolean; ids: string[] } | null>(null);
  /** Unified handling waiting for the operator's yes: the open records found. */
  const [asking, setAsking] = useState<string[] | null>(null);
  const [exporting, setExporting] = useState(false);

  const askHandleAll = async () => {
    try {
      const ids = await openRecordIds(http, source, filter);
      if (ids.length === 0) notifier.info(t('monNothingOpen'));
      else setAsking(ids);
    } catch {
      // Shown by the HTTP client's error catalogue.
    }
  };

  const submitHandle = async (remark: string) => {
    if (!handling) return;
    await handleRecords(http, source, handling.ids, remark);
    notifier.success(t('monHandledCount', { count: handling.ids.length }));
    setHandling(null);
    setSelection([]);
    await list.reload();
  };

  const runExport = async () => {
    setExporting(true);
    try {
      if (source.exportUrl) await serverExport(http, source.exportUrl, filterParams(source, filter), t(title));
      else {
        const rows = await fetchAllRecords(http, source, filter);
        downloadCsv(t(title), columns.map((c) => c.header), rows.map((r) => columns.map((c) => cellText(c, r))));
      }
    } catch {
      // Shown by the HTTP client's error catalogue.
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="wd-mon-page" aria-label={t(title)}>
      {card && (
        <div className="wd-mon-card-banner" role="status">
          <i className="pi pi-bell" /> {t('monFromCard', { name: cardName(card), plate: card.carPlate, time: card.stime })}
        </div>
      )}
      <RecordFilterBar
        value={filter}
        typeLabel={typeLabel}
        withHandled={Boolean(source.handleUrl)}
        onSearch={(next) => setSearch(searchFromFilter(next, typeParam))}
      />
      <div className="wd-mon-toolbar">
        {source.handleUrl && (
          <>
            <Button
              size="small"
              icon="pi pi-check"
              label={t('monHandle')}
              disabled={selection.length === 0}
              onClick={() => setHandling({ all: false, ids: selection.map((r) => r.id) })}
            />
            <Button size="small" severity="warning" icon="pi pi-check-square" label={t('monUnifyHandle')} onClick={() => void askHandleAll()} />
          </>
        )}
        <Button size="small" outlined icon="pi pi-download" label={t('monExport')} loading={exporting} onClick={() => void runExport()} />
        <Button size="small" text icon="pi pi-refresh" aria-label={t('monRefresh')} onClick={() => void list.reload()} />
      </div>
      <DataTable
      // Cells are memoised by their row: a switch of language draws them anew (dictionary values, seeded names).
      key={language}
        pt={{ table: { 'aria-label': t(title) } }}
        value={list.rows}
        dataKey="id"
        size="small"
        {...pagingProps(list)}
        loading={list.loading}
        selectionMode="checkbox"
        selection={selection}
        onSelectionChange={(e) => setSelection(e.value as Row[])}
        emptyMessage={t('monEmpty')}
        scrollable
      >
        {source.handleUrl && <Column selectionMode="multiple" headerStyle={{ width: 36 }} />}
        {columns.map((c) => (
          <Column key={c.field} field={c.field} header={c.header} body={c.body ?? ((row: Row) => cellText(c, row))} />
        ))}
      </DataTable>
      <ConfirmDialog
        visible={asking !== null}
        header={t('monUnifyHandle')}
        message={t('monHandleAllConfirm', { count: asking?.length ?? 0 })}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('commonConfirm')}
        rejectLabel={t('commonCancel')}
        accept={() => asking && setHandling({ all: true, ids: asking })}
        onHide={() => setAsking(null)}
      />
      <HandleDialog
        visible={handling !== null}
        title={handling?.all ? t('monHandleAllTitle', { count: handling.ids.length }) : t('monHandle')}
        message={t('monHandleCountMessage', { count: handling?.ids.length ?? 0 })}
        withRemark={source.handleRemark === true}
        onCancel={() => setHandling(null)}
        onSubmit={submitHandle}
      />
    </section>
  );
}
