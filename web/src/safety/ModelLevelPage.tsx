import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { MODEL_LEVEL_DEFAULT_DAYS, MODEL_LEVEL_MAX_DAYS, type SafetyModelLevelRow } from '@wdiov/contracts/api/safety-model-level.route';
import { useAppActors } from '../app/AppActorsProvider';
import { crudServicesOf } from '../crud/app-services';
import { CrudServicesProvider, useCrudServices } from '../crud/CrudServices';
import { useI18n } from '../i18n/i18n';
import { nameText } from '../i18n/seeded-text';
import { modelLevelKey } from '../shared/query-keys';
import { LoadState } from '../shared/LoadState';
import { percent } from './DataQualityPage';
import { fetchModelLevel } from './safety-api';
import './safety.css';

interface Filters { periodDays: string; endDay: string }
const DEFAULT_FILTERS: Filters = { periodDays: String(MODEL_LEVEL_DEFAULT_DAYS), endDay: '' };

/** A share with, when it passes its threshold, a tag saying so: the mark is a word, not only a colour. */
function Share({ ratio, escalated }: { ratio: number; escalated: boolean }) {
  const { t } = useI18n();
  return (
    <span className="wd-safety-share">
      {/* The tag before the figure, so the figures of a column stay right-aligned under each other. */}
      {escalated && <Tag severity="danger" value={t('mlEscalated')} />}
      <span className={escalated ? 'is-escalated' : undefined}>{percent(ratio)}</span>
    </span>
  );
}

/**
 * The model-level escalations of GB/T 45688 Annex D: per vehicle model its vehicles in use and
 * the shares with a level-3 fault and with a hidden danger in the period, escalated models first
 * (the gateway sorts), with the thresholds they were judged against written above the table.
 */
export function ModelLevelView() {
  const { http } = useCrudServices();
  const { t } = useI18n();
  const [draft, setDraft] = useState(DEFAULT_FILTERS);
  const [filters, setFilters] = useState(DEFAULT_FILTERS);
  const query = useQuery({
    queryKey: modelLevelKey(filters),
    queryFn: () => fetchModelLevel(http, { periodDays: Number(filters.periodDays), endDay: filters.endDay || undefined }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const search = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ ...draft, periodDays: draft.periodDays.trim() || String(MODEL_LEVEL_DEFAULT_DAYS) });
  };
  const report = query.data;
  const cmp = report?.inclusive ? t('mlAtOrAbove') : t('mlAbove');
  const columns = ['mlModel', 'mlInUse', 'mlFaultVehicles', 'mlFaultRatio', 'mlDangerVehicles', 'mlDangerRatio'] as const;
  const escalated = (r: SafetyModelLevelRow) => r.faultEscalated || r.dangerEscalated;

  return (
    <section className="wd-safety-page" aria-labelledby="model-level-title">
      <h2 id="model-level-title">{t('mlTitle')}</h2>
      <form className="wd-safety-filters wd-safety-model-filters" role="search" onSubmit={search}>
        <label className="wd-safety-filter">
          <span>{t('mlPeriodDays')}</span>
          <input type="number" min={1} max={MODEL_LEVEL_MAX_DAYS} step={1} value={draft.periodDays} className="p-inputtext p-component wd-safety-days"
            onChange={(e) => setDraft({ ...draft, periodDays: e.target.value })} />
        </label>
        <label className="wd-safety-filter">
          <span>{t('mlEndDay')}</span>
          <input type="date" className="p-inputtext p-component" value={draft.endDay} onChange={(e) => setDraft({ ...draft, endDay: e.target.value })} />
        </label>
        <Button type="submit" size="small" icon="pi pi-search" label={t('safetySearch')} />
      </form>
      <LoadState loading={query.isPending} error={query.isError ? query.error : null} retry={() => void query.refetch()}>
        {report && (
          <div className="wd-safety-rules">
            <p>{t('mlPeriod', { start: report.startDay, end: report.endDay, days: report.periodDays })}</p>
            <p>{t('mlRules', { cmp, fault: report.faultPercent, danger: report.dangerPercent })}</p>
            <p className="wd-safety-detail">{t('mlInUseDef')}</p>
          </div>
        )}
        {!report || report.records.length === 0 ? <p className="wd-safety-empty" role="status">{t('mlEmpty')}</p> : (
          <table className="wd-safety-table wd-safety-models" aria-label={t('mlTitle')}>
            <thead><tr>{columns.map((k) => <th key={k} scope="col">{t(k)}</th>)}</tr></thead>
            <tbody>
              {report.records.map((r) => (
                <tr key={r.vehicleModelId} className={escalated(r) ? 'is-escalated' : undefined}>
                  <td><strong data-user-text>{nameText(r.modelName)}</strong></td>
                  <td>{r.inUse}</td>
                  <td>{r.faultVehicles}</td>
                  <td><Share ratio={r.faultRatio} escalated={r.faultEscalated} /></td>
                  <td>{r.dangerVehicles}</td>
                  <td><Share ratio={r.dangerRatio} escalated={r.dangerEscalated} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </LoadState>
    </section>
  );
}

export default function ModelLevelPage() {
  const actors = useAppActors();
  return <CrudServicesProvider services={crudServicesOf(actors)}><ModelLevelView /></CrudServicesProvider>;
}
