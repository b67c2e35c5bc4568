import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { DEFAULT_REPORT_PERIOD_S } from '@wdiov/contracts/api/data-quality.route';
import { entities } from '@wdiov/contracts/entities/registry';
import type { FieldDef } from '@wdiov/contracts/entity/fields';
import { useAppActors } from '../app/AppActorsProvider';
import { crudServicesOf } from '../crud/app-services';
import { CrudServicesProvider, useCrudServices } from '../crud/CrudServices';
import { RefInput } from '../crud/RefInput';
import { useI18n } from '../i18n/i18n';
import { dataQualityKey } from '../shared/query-keys';
import { fetchDataQuality } from './safety-api';
import { LoadState } from '../shared/LoadState';
import './safety.css';

const PAGE_SIZE = 20;
interface Filters { vin: string; deptId: string; vehicleModelId: string; startDay: string; endDay: string }
const NO_FILTERS: Filters = { vin: '', deptId: '', vehicleModelId: '', startDay: '', endDay: '' };
type PickedFilter = 'deptId' | 'vehicleModelId';

/** A vehicle's own organisation and model references; as filters they are never required, so each can be cleared. */
const asFilter = (def: FieldDef): FieldDef => ({ ...def, required: false });
const PICKERS: ReadonlyArray<{ key: PickedFilter; label: 'dqOrg' | 'dqVehicleModel'; def: FieldDef }> = [
  { key: 'deptId', label: 'dqOrg', def: asFilter(entities.vehicle.fields.orgId) },
  { key: 'vehicleModelId', label: 'dqVehicleModel', def: asFilter(entities.vehicle.fields.vehicleModelId) },
];

export const percent = (ratio: number | null) => (ratio === null ? '—' : `${Math.round(ratio * 1000) / 10} %`);
const hours = (seconds: number) => `${(seconds / 3600).toFixed(1)} h`;

/**
 * Per vehicle and day: online time, frames due and received, online rate and completeness,
 * with what each figure means written beside them (GB/T 45688 names data quality but
 * defines none of them).
 */
export function DataQualityView() {
  const { http } = useCrudServices();
  const { t } = useI18n();
  const [draft, setDraft] = useState(NO_FILTERS);
  const [filters, setFilters] = useState(NO_FILTERS);
  const [current, setCurrent] = useState(1);
  const query = useQuery({
    queryKey: dataQualityKey({ ...filters, current }),
    queryFn: () => fetchDataQuality(http, {
      current, size: PAGE_SIZE, vin: filters.vin.trim() || undefined, deptId: filters.deptId || undefined,
      vehicleModelId: filters.vehicleModelId || undefined, startDay: filters.startDay || undefined, endDay: filters.endDay || undefined,
    }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const search = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
    setCurrent(1);
  };
  // A choice from a list is complete once made, so it searches at once, with the bar as it stands.
  const pick = (key: PickedFilter, value: unknown) => {
    const next = { ...draft, [key]: value ? String(value) : '' };
    setDraft(next);
    setFilters(next);
    setCurrent(1);
  };
  const page = query.data;
  const columns = ['dqDay', 'safetyVehicle', 'dqOnline', 'dqFramesExpected', 'dqFramesReceived', 'dqOnlineRate', 'dqCompleteness'] as const;

  return (
    <section className="wd-safety-page" aria-labelledby="data-quality-title">
      <h2 id="data-quality-title">{t('dqTitle')}</h2>
      <form className="wd-safety-filters" role="search" onSubmit={search}>
        <label className="wd-safety-filter">
          <span>{t('safetyVin')}</span>
          <InputText value={draft.vin} maxLength={17} onChange={(e) => setDraft({ ...draft, vin: e.target.value })} />
        </label>
        {PICKERS.map(({ key, label, def }) => (
          <div key={key} className="wd-safety-filter">
            <label htmlFor={`data-quality-${key}`}>{t(label)}</label>
            <RefInput id={`data-quality-${key}`} def={def} value={draft[key]} multiple={false} onChange={(v) => pick(key, v)} />
          </div>
        ))}
        <label className="wd-safety-filter">
          <span>{t('dqStartDay')}</span>
          <input type="date" className="p-inputtext p-component" value={draft.startDay} onChange={(e) => setDraft({ ...draft, startDay: e.target.value })} />
        </label>
        <label className="wd-safety-filter">
          <span>{t('dqEndDay')}</span>
          <input type="date" className="p-inputtext p-component" value={draft.endDay} onChange={(e) => setDraft({ ...draft, endDay: e.target.value })} />
        </label>
        <Button type="submit" size="small" icon="pi pi-search" label={t('safetySearch')} />
      </form>
      <div className="wd-safety-quality">
        <LoadState loading={query.isPending} error={query.isError ? query.error : null} retry={() => void query.refetch()}>
          {!page || page.records.length === 0 ? <p className="wd-safety-empty" role="status">{t('dqEmpty')}</p> : (
            <div>
              <table className="wd-safety-table" aria-label={t('dqTitle')}>
                <thead><tr>{columns.map((k) => <th key={k} scope="col">{t(k)}</th>)}</tr></thead>
                <tbody>
                  {page.records.map((r) => (
                    <tr key={`${r.day}/${r.vin}`}>
                      <td>{r.day}</td>
                      <td><strong>{r.plateNumber}</strong> <small>{r.vin}</small></td>
                      <td>{hours(r.onlineSeconds)}</td>
                      <td>{r.framesExpected}</td>
                      <td>{r.framesReceived}</td>
                      <td>{percent(r.onlineRate)}</td>
                      <td>{percent(r.completeness)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {page.pages > 1 && (
                <nav className="wd-safety-pager" aria-label={t('safetyPageOf', { current: page.current, pages: page.pages })}>
                  <Button size="small" text label={t('safetyPrevious')} disabled={current <= 1} onClick={() => setCurrent(current - 1)} />
                  <span>{t('safetyPageOf', { current: page.current, pages: page.pages })} · {t('safetyTotal', { total: page.total })}</span>
                  <Button size="small" text label={t('safetyNext')} disabled={current >= page.pages} onClick={() => setCurrent(current + 1)} />
                </nav>
              )}
            </div>
          )}
        </LoadState>
        <aside className="wd-safety-definitions" aria-labelledby="data-quality-definitions">
          <h3 id="data-quality-definitions">{t('dqDefinitions')}</h3>
          <p>{t('dqDefOnline')}</p>
          <p>{t('dqDefExpected', { period: DEFAULT_REPORT_PERIOD_S })}</p>
          <p>{t('dqDefReceived')}</p>
          <p>{t('dqDefOnlineRate')}</p>
          <p>{t('dqDefCompleteness')}</p>
          <p>{t('dqDefSource')}</p>
        </aside>
      </div>
    </section>
  );
}

export default function DataQualityPage() {
  const actors = useAppActors();
  return <CrudServicesProvider services={crudServicesOf(actors)}><DataQualityView /></CrudServicesProvider>;
}
