import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { HttpClient } from '../api/http';
import type { Notifier } from '../api/notifier';
import { useAppActors } from '../app/AppActorsProvider';
import { useI18n } from '../i18n/i18n';
import { invalidateEntity, safetyWarningsKey } from '../shared/query-keys';
import { fetchWarnings, handleWarning, NO_FILTERS, type HandleInput, type SafetyWarning, type WarningFilters } from './safety-api';
import { countdownText, isOverdue, itemName, SAFETY_ITEMS, serverTime, workbenchOrder } from './safety-items';
import { SafetyHandleDialog } from './SafetyHandleDialog';
import { LoadState } from '../shared/LoadState';
import './safety.css';

const PAGE_SIZE = 20;
/** The countdowns move on every minute. */
const TICK_MS = 30_000;

export interface WorkbenchProps { http: HttpClient; notifier: Notifier; utcOffsetMin: number; now?: () => number }

function useNow(now: () => number): number {
  const [at, setAt] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setAt(now()), TICK_MS);
    return () => clearInterval(timer);
  }, [now]);
  return at;
}

/**
 * The GB/T 45688 warnings to work through: open ones by default, overdue first, then by level
 * and deadline, each with its countdown; a warning is handled from its row, and its vehicle's
 * safety profile is one step away.
 */
export function SafetyWorkbench({ http, notifier, utcOffsetMin, now = Date.now }: WorkbenchProps) {
  const { t, language } = useI18n();
  const client = useQueryClient();
  const at = useNow(now);
  const [draft, setDraft] = useState<WarningFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<WarningFilters>(NO_FILTERS);
  const [current, setCurrent] = useState(1);
  const [handling, setHandling] = useState<SafetyWarning | null>(null);
  const query = useQuery({
    queryKey: safetyWarningsKey({ ...filters, current }),
    queryFn: () => fetchWarnings(http, filters, current, PAGE_SIZE),
    placeholderData: keepPreviousData,
    retry: false,
  });

  const search = (e?: FormEvent) => {
    e?.preventDefault();
    setFilters(draft);
    setCurrent(1);
  };
  const reset = () => {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
    setCurrent(1);
  };
  const submit = async (input: HandleInput) => {
    const done = await handleWarning(http, input);
    notifier.success(t('safetyHandleDone', { item: done.item, vehicle: done.plateNumber || done.vin }));
    setHandling(null);
    await invalidateEntity(client, 'safetyWarning');
  };
  const select = (key: keyof WarningFilters, label: string, options: [string, string][]) => (
    <label className="wd-safety-filter">
      <span>{label}</span>
      <select value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} className="p-inputtext p-component">
        {options.map(([value, text]) => <option key={value} value={value}>{text}</option>)}
      </select>
    </label>
  );
  const page = query.data;
  const rows = page ? workbenchOrder(page.records, at, utcOffsetMin) : [];

  return (
    <section className="wd-safety-page" aria-labelledby="safety-workbench-title">
      <h2 id="safety-workbench-title">{t('safetyWorkbench')}</h2>
      <form className="wd-safety-filters" onSubmit={search} role="search">
        <label className="wd-safety-filter">
          <span>{t('safetyVin')}</span>
          <InputText value={draft.vin} maxLength={17} onChange={(e) => setDraft({ ...draft, vin: e.target.value })} />
        </label>
        {select('level', t('safetyLevel'), [['', t('safetyAll')], ...[3, 2, 1].map((l): [string, string] => [String(l), t('safetyLevelN', { level: l })])])}
        {select('item', t('safetyItem'), [['', t('safetyAll')], ...SAFETY_ITEMS.map((i): [string, string] => [i.code, `${i.code} ${i.name[language]}`])])}
        {select('status', t('safetyStatus'), [['', t('safetyAll')], ['0', t('safetyOpen')], ['1', t('safetyHandled')]])}
        <Button type="submit" size="small" icon="pi pi-search" label={t('safetySearch')} />
        <Button type="button" size="small" outlined label={t('safetyReset')} onClick={reset} />
      </form>
      <LoadState loading={query.isPending} error={query.isError ? query.error : null} retry={() => void query.refetch()}>
        {rows.length === 0 ? <p className="wd-safety-empty" role="status">{t('safetyEmpty')}</p> : (
          <table className="wd-safety-table" aria-label={t('safetyWorkbench')}>
            <thead>
              <tr>
                {(['safetyVehicle', 'safetyItem', 'safetyLevel', 'safetyRaised', 'safetyDeadline', 'safetyCountdown', 'safetyStatus', 'safetyActions'] as const)
                  .map((k) => <th key={k} scope="col">{t(k)}</th>)}
              </tr>
            </thead>
            <tbody>
              {rows.map((w) => {
                const overdue = isOverdue(w, at, utcOffsetMin);
                return (
                  <tr key={w.id} className={overdue ? 'is-overdue' : undefined}>
                    <td><strong>{w.plateNumber}</strong> <small>{w.vin}</small></td>
                    <td><span className="wd-safety-code">{w.item}</span> {itemName(w.item, language, w.itemName)}</td>
                    <td><span className={`wd-safety-level level-${w.level}`}>{t('safetyLevelN', { level: w.level })}</span></td>
                    <td>{w.raisedTime}</td>
                    <td>{w.deadline}</td>
                    <td className="wd-safety-countdown">{w.status === 0 ? countdownText(serverTime(w.deadline, utcOffsetMin), at, t) : '—'}</td>
                    <td>{w.status === 0 ? t('safetyOpen') : `${t('safetyHandled')} · ${w.handleUser}`}</td>
                    <td className="wd-safety-actions">
                      {w.status === 0 && <Button size="small" text label={t('safetyHandle')} aria-label={`${t('safetyHandle')} ${w.item} ${w.plateNumber || w.vin}`} onClick={() => setHandling(w)} />}
                      <Link to={`/safety/profile?vin=${encodeURIComponent(w.vin)}`}>{t('safetyProfile')}</Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {page && page.pages > 1 && (
          <nav className="wd-safety-pager" aria-label={t('safetyPageOf', { current: page.current, pages: page.pages })}>
            <Button size="small" text label={t('safetyPrevious')} disabled={current <= 1} onClick={() => setCurrent(current - 1)} />
            <span>{t('safetyPageOf', { current: page.current, pages: page.pages })} · {t('safetyTotal', { total: page.total })}</span>
            <Button size="small" text label={t('safetyNext')} disabled={current >= page.pages} onClick={() => setCurrent(current + 1)} />
          </nav>
        )}
      </LoadState>
      <SafetyHandleDialog warning={handling} onCancel={() => setHandling(null)} onSubmit={submit} />
    </section>
  );
}

export default function SafetyWorkbenchPage() {
  const { http, notifier, config } = useAppActors();
  return <SafetyWorkbench http={http} notifier={notifier} utcOffsetMin={config.utcOffsetMin} />;
}
