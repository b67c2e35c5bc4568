import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { HttpClient } from '../api/http';
import { useAppActors } from '../app/AppActorsProvider';
import { useI18n } from '../i18n/i18n';
import { safetyProfileKey } from '../shared/query-keys';
import { fetchProfile, type SafetyProfile } from './safety-api';
import { FIGURE_KEYS, itemName } from './safety-items';
import { LoadState } from '../shared/LoadState';
import { TrendLine } from './TrendLine';
import './safety.css';

type Item = SafetyProfile['items'][number];

/**
 * /safety/profile?vin=: one vehicle's GB/T 45688 items, fault items and models apart, each with
 * its newest warning (level, when, handled or not) and its day figure over the last 30 days.
 */
export function SafetyProfileView({ http }: { http: HttpClient }) {
  const { t, language } = useI18n();
  const [params, setParams] = useSearchParams();
  const vin = (params.get('vin') ?? '').trim().toUpperCase();
  const [draft, setDraft] = useState(vin);
  const query = useQuery({ queryKey: safetyProfileKey(vin), queryFn: () => fetchProfile(http, vin), enabled: vin !== '', retry: false });
  const search = (e: FormEvent) => {
    e.preventDefault();
    setParams(draft.trim() ? { vin: draft.trim().toUpperCase() } : {});
  };

  const table = (title: string, items: Item[]) => (
    <section>
      <h3>{title}</h3>
      <table className="wd-safety-table" aria-label={title}>
        <thead>
          <tr>{(['safetyItem', 'safetyLastResult', 'safetyFigure', 'safetyTrend', 'safetyToday'] as const).map((k) => <th key={k} scope="col">{t(k)}</th>)}</tr>
        </thead>
        <tbody>
          {items.map((i) => {
            const figure = t(FIGURE_KEYS[i.figure]);
            const today = i.trend[i.trend.length - 1];
            return (
              <tr key={i.item}>
                <td><span className="wd-safety-code">{i.item}</span> {itemName(i.item, language)}</td>
                <td>{i.last
                  ? <><span className={`wd-safety-level level-${i.last.level}`}>{t('safetyLevelN', { level: i.last.level })}</span> {i.last.raisedTime} · {i.last.status === 0 ? t('safetyOpen') : t('safetyHandled')}</>
                  : t('safetyNoWarning')}</td>
                <td>{figure}</td>
                <td>{i.figure === 'none' ? '—' : <TrendLine label={`${i.item} ${figure}`} values={i.trend} />}</td>
                <td>{today === null || today === undefined || i.figure === 'none' ? '—' : today}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );

  return (
    <section className="wd-safety-page" aria-labelledby="safety-profile-title">
      <h2 id="safety-profile-title">{t('safetyProfileTitle')}</h2>
      <form className="wd-safety-filters" role="search" onSubmit={search}>
        <label className="wd-safety-filter">
          <span>{t('safetyVin')}</span>
          <InputText value={draft} maxLength={17} onChange={(e) => setDraft(e.target.value)} />
        </label>
        <Button type="submit" size="small" icon="pi pi-search" label={t('safetySearch')} />
      </form>
      {vin === '' ? <p className="wd-safety-empty">{t('safetyProfileAsk')}</p> : (
        <LoadState loading={query.isPending} error={query.isError ? query.error : null} retry={() => void query.refetch()}>
          {query.data && (
            <>
              <p><strong>{t('safetyProfileOf', { plate: query.data.plateNumber, vin: query.data.vin })}</strong> · {query.data.days[0]} – {query.data.days[query.data.days.length - 1]}</p>
              {table(t('safetyFaultItems'), query.data.items.filter((i) => i.item.startsWith('F')))}
              {table(t('safetyModelItems'), query.data.items.filter((i) => i.item.startsWith('C')))}
            </>
          )}
        </LoadState>
      )}
    </section>
  );
}

export default function SafetyProfilePage() {
  const { http } = useAppActors();
  return <SafetyProfileView http={http} />;
}
