import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { Link } from 'react-router-dom';
import type { StatsDay, StatsFamily, StatsVehicle } from '@wdiov/contracts';
import type { HttpClient } from '../api/http';
import { downloadBlob, exportFileName } from '../crud/download';
import { useI18n } from '../i18n/i18n';
import { STATE_HEX } from '../live-store/vehicle-colours';
import { DayBars, RankBars, TrendLines } from './charts';
import { EMPTY_FILTERS, exportFamily, loadFamilyDays, loadFamilyPage, type FamilyFilters, type FamilySort } from './family-api';
import { detailLink } from './vehicle-detail-api';
import './data-board.css';

type Load = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; rows: StatsVehicle[]; total: number; days: StatsDay[] };
type LinkedRow = StatsVehicle & { dates: FamilyFilters };
const COLOURS = [STATE_HEX.driving, STATE_HEX.parked];
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * One statistics family's screen, made from its definition (contracts STATS_FAMILIES): the
 * filters, the per-day chart over the fleet (or the page's vehicles ranked, for a family
 * without one), the per-vehicle table paged and sorted by the server, and the export.
 */
export function StatsFamilyPage({ family, http }: { family: StatsFamily; http: HttpClient }) {
  const { t, language } = useI18n();
  const [draft, setDraft] = useState<FamilyFilters>(EMPTY_FILTERS);
  const [filters, setFilters] = useState<FamilyFilters>(EMPTY_FILTERS);
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [sort, setSort] = useState<FamilySort | null>(null);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const label = (c: { zh: string; en: string }) => (language === 'zh' ? c.zh : c.en);

  useEffect(() => {
    let live = true;
    setLoad((prev) => (prev.kind === 'ready' ? prev : { kind: 'loading' }));
    Promise.all([loadFamilyPage(http, family, filters, page.current, page.size, sort), loadFamilyDays(http, family, filters)]).then(
      ([p, days]) => live && setLoad({ kind: 'ready', rows: p.records, total: p.total, days }),
      (err: unknown) => live && setLoad({ kind: 'error', message: errorText(err) }),
    );
    return () => { live = false; };
  }, [http, family, filters, page, sort, attempt]);

  // The table re-renders a cell only when its row changes: the dates the links carry go in the rows.
  const rows = useMemo((): LinkedRow[] => (load.kind === 'ready' ? load.rows.map((r) => ({ ...r, dates: filters })) : []), [load, filters]);
  const search = () => { setFilters(draft); setPage((p) => ({ ...p, current: 1 })); };
  const reset = () => { setDraft(EMPTY_FILTERS); setFilters(EMPTY_FILTERS); setPage((p) => ({ ...p, current: 1 })); };
  const download = useCallback(async (format: 'csv' | 'xlsx') => {
    const blob = await exportFamily(http, family, filters, sort, format);
    downloadBlob(blob, exportFileName(label(family.title), format));
  }, [http, family, filters, sort, language]); // eslint-disable-line react-hooks/exhaustive-deps
  const onSort = (e: DataTableStateEvent) => setSort(e.sortField && e.sortOrder ? { field: e.sortField, asc: e.sortOrder === 1 } : null);
  const columnOf = (field: string) => family.columns.find((c) => c.field === field);
  const series = family.chart.map((key, i) => ({ key, label: label(columnOf(key) ?? statsLabel(key, t)), colour: COLOURS[i]! }));

  return (
    <section className="wd-stats-page">
      <form className="wd-stats-filters" onSubmit={(e) => { e.preventDefault(); search(); }}>
        <label>{t('statsVin')}<InputText value={draft.vin} onChange={(e) => setDraft({ ...draft, vin: e.target.value })} /></label>
        <label>{t('statsPlate')}<InputText value={draft.plateNumber} onChange={(e) => setDraft({ ...draft, plateNumber: e.target.value })} /></label>
        <label>{t('statsStartDate')}<input type="date" className="p-inputtext" value={draft.startDate} onChange={(e) => setDraft({ ...draft, startDate: e.target.value })} /></label>
        <label>{t('statsEndDate')}<input type="date" className="p-inputtext" value={draft.endDate} onChange={(e) => setDraft({ ...draft, endDate: e.target.value })} /></label>
        <Button type="submit" size="small" icon="pi pi-search" label={t('crudSearch')} />
        <Button type="button" size="small" outlined icon="pi pi-refresh" label={t('crudReset')} onClick={reset} />
        <span className="wd-stats-export">
          <Button type="button" size="small" outlined icon="pi pi-file-excel" label={t('statsExportXlsx')} onClick={() => void download('xlsx')} />
          <Button type="button" size="small" outlined icon="pi pi-file" label={t('statsExportCsv')} onClick={() => void download('csv')} />
        </span>
      </form>
      {load.kind === 'loading' && <div className="wd-board-state" role="status"><i className="pi pi-spin pi-spinner" /> {t('statsLoading')}</div>}
      {load.kind === 'error' && (
        <div className="wd-board-state wd-board-error" role="alert">
          <span>{t('statsError', { msg: load.message })}</span>
          <Button size="small" label={t('statsRetry')} icon="pi pi-refresh" onClick={() => setAttempt((n) => n + 1)} />
        </div>
      )}
      {load.kind === 'ready' && (
        <>
          <div className="wd-board-grid">
            {family.daily ? (
              <>
                <section className="wd-board-card"><DayBars label={series[0]!.label} rows={load.days} series={[series[0]!]} /></section>
                {series[1] && <section className="wd-board-card"><TrendLines label={series[1].label} rows={load.days} series={[series[1]]} /></section>}
              </>
            ) : load.rows.length > 0 && (
              <section className="wd-board-card"><RankBars label={series[0]!.label} colour={series[0]!.colour}
                rows={load.rows.map((r) => ({ name: r.plateNumber || r.vin, value: Number(r[family.chart[0] as keyof StatsVehicle]) || 0 }))} /></section>
            )}
          </div>
          <DataTable value={rows} dataKey="vin" size="small" stripedRows showGridlines lazy paginator
            first={(page.current - 1) * page.size} rows={page.size} totalRecords={load.total} rowsPerPageOptions={[10, 30, 50, 100, 200]}
            onPage={(e) => setPage({ current: (e.page ?? 0) + 1, size: e.rows })}
            sortField={sort?.field} sortOrder={sort ? (sort.asc ? 1 : -1) : 0} removableSort onSort={onSort}
            paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport"
            currentPageReportTemplate={t('crudTotal')} emptyMessage={t('statsNoRows')}
            pt={{ table: { 'aria-label': label(family.title) } }}>
            {family.columns.map((c) => <Column key={c.field} field={c.field} header={label(c)} sortable />)}
            {family.details && (
              <Column header={t('detailOpen')} body={(r: LinkedRow) => (
                <span className="wd-stats-links">
                  {family.details!.map((d) => <Link key={d.route} to={detailLink(d.route, r.vin, r.dates)}>{label(d)}</Link>)}
                </span>
              )} />
            )}
          </DataTable>
        </>
      )}
    </section>
  );
}

/** Labels of per-day figures that are not one of the family's columns. */
function statsLabel(key: string, t: ReturnType<typeof useI18n>['t']): { zh: string; en: string } {
  const text = key === 'onlineRate' ? t('statsOnlineRate') : key === 'onlineVehicles' ? t('statsFleetOnline') : key === 'offlineVehicles' ? t('statsOffline') : key;
  return { zh: text, en: text };
}
