import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import type { HttpClient } from '../api/http';
import { useI18n } from '../i18n/i18n';
import { STATE_HEX } from '../live-store/vehicle-colours';
import { DayBars, Donut, RankBars, TrendLines } from './charts';
import { boardIsEmpty, loadDataBoard } from './stats-api';
import { useBoardNow, withLiveFigures } from './board-now';
import './data-board.css';

const ALARM = STATE_HEX.alarm3;
const FAULT = STATE_HEX.alarm1;

export const DATA_BOARD_KEY = ['dataBoard', 'rollups'] as const;

/**
 * The data board's figures and charts over the caller's fleet: the rollups of the last 30 days,
 * with the fleet, today's alarms and the ranking read live (dataBoard/now), so they are right
 * before the rollups have caught up.
 */
export function DataBoard({ http }: { http: HttpClient }) {
  const { t } = useI18n();
  const [span, setSpan] = useState<7 | 30>(7);
  const board = useQuery({ queryKey: DATA_BOARD_KEY, queryFn: () => loadDataBoard(http) });
  const now = useBoardNow(http);

  if (board.isPending) return <div className="wd-board-state" role="status"><i className="pi pi-spin pi-spinner" /> {t('statsLoading')}</div>;
  if (board.isError) {
    const message = board.error instanceof Error ? board.error.message : String(board.error);
    return (
      <div className="wd-board-state wd-board-error" role="alert">
        <span>{t('statsError', { msg: message })}</span>
        <Button size="small" label={t('statsRetry')} icon="pi pi-refresh" onClick={() => void board.refetch()} />
      </div>
    );
  }
  const d = withLiveFigures(board.data, now.data);
  if (boardIsEmpty(d)) return <div className="wd-board-state" role="status">{t('statsEmpty')}</div>;
  const alarms = d.alarms.slice(-span);
  const ranked = d.topAlarms.filter((v) => v.alarmCount > 0).map((v) => ({ name: v.plateNumber || v.vin, value: v.alarmCount }));
  const figures: [string, number | string][] = [
    [t('statsTotalMileage'), d.totalMile.totalMileage],
    [t('statsTodayMileage'), d.totalMile.todayMileage],
    [t('statsRangeMileage'), d.totals.mileage],
    [t('statsRangeEnergy'), d.totals.energyUsed],
    [t('statsReduceEmission'), d.totals.reduceEmission],
    [t('statsFleetOnline'), `${d.fleet.online} / ${d.fleet.total}`],
  ];
  return (
    <div className="wd-board">
      <div className="wd-board-figures">
        {figures.map(([label, value]) => <div key={label} className="wd-board-figure"><strong>{value.toLocaleString()}</strong><span>{label}</span></div>)}
      </div>
      <div className="wd-board-grid">
        <section className="wd-board-card">
          <header>
            <h3>{t('statsAlarmTrend')}</h3>
            <span className="wd-board-switch">
              {([7, 30] as const).map((n) => (
                <button key={n} type="button" aria-pressed={span === n} onClick={() => setSpan(n)}>{t(n === 7 ? 'statsDays7' : 'statsDays30')}</button>
              ))}
            </span>
          </header>
          <DayBars label={t('statsAlarmTrend')} rows={alarms} series={[
            { key: 'alarmCount', label: t('statsAlarms'), colour: ALARM },
            { key: 'faultCount', label: t('statsFaults'), colour: FAULT },
          ]} />
        </section>
        <section className="wd-board-card">
          <header><h3>{t('statsMileTrend')}</h3></header>
          <TrendLines label={t('statsMileTrend')} rows={d.trend} series={[
            { key: 'mileage', label: t('statsMileage'), colour: STATE_HEX.driving },
            { key: 'energyUsed', label: t('statsEnergyUsed'), colour: STATE_HEX.parked },
            { key: 'energyCharged', label: t('statsEnergyCharged'), colour: STATE_HEX.charging },
          ]} />
        </section>
        <section className="wd-board-card">
          <header><h3>{t('statsOnlineTrend')}</h3></header>
          <TrendLines label={t('statsOnlineTrend')} rows={d.trend} series={[{ key: 'onlineRate', label: t('statsOnlineRate'), colour: STATE_HEX.parked }]} />
        </section>
        <section className="wd-board-card">
          <header><h3>{t('statsFleetState')}</h3></header>
          <Donut label={t('statsFleetState')} centre={t('statsVehiclesN', { n: d.fleet.total })} parts={[
            { key: 'driving', label: t('statsDriving'), colour: STATE_HEX.driving, value: d.fleet.driving },
            { key: 'parked', label: t('statsParked'), colour: STATE_HEX.parked, value: d.fleet.parked },
            { key: 'charging', label: t('statsCharging'), colour: STATE_HEX.charging, value: d.fleet.charging },
            { key: 'offline', label: t('statsOffline'), colour: STATE_HEX.offline, value: d.fleet.offline },
          ]} />
        </section>
        <section className="wd-board-card wd-board-wide">
          <header><h3>{t('statsTopAlarms')}</h3></header>
          {ranked.length > 0 ? <RankBars label={t('statsTopAlarms')} colour={ALARM} rows={ranked} /> : <p className="wd-board-note">{t('statsNoAlarms')}</p>}
        </section>
      </div>
    </div>
  );
}
