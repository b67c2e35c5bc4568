import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { HttpClient } from '../api/http';
import { useAppActors } from '../app/AppActorsProvider';
import { useI18n } from '../i18n/i18n';
import type { DetailQuery } from './vehicle-detail-api';
import './data-board.css';

/** What the statistics detail screens share: the vehicle and dates in the URL, a load with its states, the filter bar. */

export type Load<T> = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; data: T };

const KEYS = ['vin', 'startDate', 'endDate', 'date'] as const;

/** The screen's query lives in the URL, so a row's link, a reload and a shared address show the same thing. */
export function useDetailQuery(extra: string[] = []): [DetailQuery & Record<string, string>, (next: Record<string, string>) => void] {
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries([...KEYS, ...extra].map((k) => [k, params.get(k) ?? ''])) as DetailQuery & Record<string, string>;
  const set = (next: Record<string, string>) => setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v.trim() !== '').map(([k, v]) => [k, v.trim()])));
  return [query, set];
}

/**
 * Runs `run` for `key` through the console's query cache (nothing while the key is null): `key`
 * names what the answer depends on, `run` is a new closure each render. Only the current key's
 * answer shows; a retry runs it again.
 */
export function useLoad<T>(key: QueryKey | null, run: () => Promise<T>): [Load<T>, () => void] {
  const q = useQuery({ queryKey: ['statistics', ...(key ?? [])], queryFn: run, enabled: key !== null, retry: false });
  const load: Load<T> = key === null ? { kind: 'idle' }
    : q.isPending || (q.isFetching && q.isError) ? { kind: 'loading' }
      : q.isError ? { kind: 'error', message: q.error instanceof Error ? q.error.message : String(q.error) }
        : { kind: 'ready', data: q.data as T };
  return [load, () => void q.refetch()];
}

/** Loading, error (with retry) or the content of a ready load. */
export function LoadView<T>({ load, retry, children }: { load: Load<T>; retry: () => void; children: (data: T) => ReactNode }) {
  const { t } = useI18n();
  if (load.kind === 'idle') return null;
  if (load.kind === 'loading') return <div className="wd-board-state" role="status"><i className="pi pi-spin pi-spinner" /> {t('statsLoading')}</div>;
  if (load.kind === 'error') {
    return (
      <div className="wd-board-state wd-board-error" role="alert">
        <span>{t('statsError', { msg: load.message })}</span>
        <Button size="small" label={t('statsRetry')} icon="pi pi-refresh" onClick={retry} />
      </div>
    );
  }
  return <>{children(load.data)}</>;
}

export interface FilterField { key: string; label: string; type: 'text' | 'date' | 'number' }

/** The filter bar: a draft of the fields, written to the URL on search. */
export function DetailFilters({ query, fields, onSearch }: { query: Record<string, string>; fields: FilterField[]; onSearch: (next: Record<string, string>) => void }) {
  const { t } = useI18n();
  const [draft, setDraft] = useState(query);
  const queryKey = JSON.stringify(query);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setDraft(query), [queryKey]);
  return (
    <form className="wd-stats-filters" onSubmit={(e) => { e.preventDefault(); onSearch(draft); }}>
      {fields.map((f) => (
        <label key={f.key}>{f.label}
          {f.type === 'text'
            ? <InputText value={draft[f.key] ?? ''} onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })} />
            : <input type={f.type} className="p-inputtext" value={draft[f.key] ?? ''} onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })} />}
        </label>
      ))}
      <Button type="submit" size="small" icon="pi pi-search" label={t('detailQuery')} />
    </form>
  );
}

/** The screen's title line, and what to do before a vehicle is chosen. */
export function DetailHead({ title, vin, plate }: { title: string; vin: string; plate?: string }) {
  const { t } = useI18n();
  return (
    <header className="wd-detail-head">
      <h2>{title}</h2>
      {vin ? <span>{plate ? `${plate} · ${vin}` : t('detailNoVehicle', { vin })}</span> : <p className="wd-board-note">{t('detailPickVehicle')}</p>}
    </header>
  );
}

/** Label and value tiles (the figures above a detail's charts). */
export function Figures({ items }: { items: [string, ReactNode][] }) {
  return (
    <div className="wd-board-figures">
      {items.map(([label, value]) => <div key={label} className="wd-board-figure"><span>{label}</span><strong>{value}</strong></div>)}
    </div>
  );
}

/** A column of a detail table: a field shown as it is, or a cell made from the row. */
export interface RowColumn<R> { header: string; field?: keyof R & string; body?: (row: R) => ReactNode }

/** A detail's rows as a table card: its title (also the table's name), the message when there are none. */
export function RowsCard<R extends object>({ title, label, rows, empty, columns }: {
  title?: string; label: string; rows: readonly R[]; empty: string; columns: readonly RowColumn<R>[];
}) {
  return (
    <section className="wd-board-card">
      {title && <h3>{title}</h3>}
      <DataTable value={rows as R[]} size="small" stripedRows showGridlines emptyMessage={empty} pt={{ table: { 'aria-label': label } }}>
        {columns.map((c) => <Column key={c.field ?? c.header} field={c.field} header={c.header} body={c.body} />)}
      </DataTable>
    </section>
  );
}

/** The closing block of a detail screen: one day's rows, once loaded, as a table card named by its title. */
export function LoadedRows<R extends object>({ load, retry, title, empty, columns }: {
  load: Load<readonly R[]>; retry: () => void; title: string; empty: string; columns: readonly RowColumn<R>[];
}) {
  return (
    <LoadView load={load} retry={retry}>
      {(rows) => <RowsCard title={title} label={title} rows={rows} empty={empty} columns={columns} />}
    </LoadView>
  );
}

/** What a detail screen is given: the gateway client and the console's zone. */
export interface DetailProps { http: HttpClient; utcOffsetMin: number }

/** A detail screen as a routed page, given the app's client and zone. */
export function detailPage(View: ComponentType<DetailProps>) {
  return function DetailPage() {
    const { http, config } = useAppActors();
    return <View http={http} utcOffsetMin={config.utcOffsetMin} />;
  };
}
