import { useEffect, useRef, useState } from 'react';
import type { HttpClient } from '../api/http';
import { useI18n, type MessageKey } from '../i18n/i18n';
import { STATE_HEX } from '../live-store/vehicle-colours';
import { DayBars, Donut, RankBars, TrendLines } from './charts';
import { LargeScreenMap } from './LargeScreenMap';
import { loadLargeScreen, REFRESH_MS, type BoardSource, type LargeScreenData } from './large-screen-api';
import { ShareLinksPanel } from './ShareLinksPanel';
import './data-board.css';
import './large-screen.css';

type Load = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; data: LargeScreenData };

/** The design is 1920 px wide; everything is sized in em of window width / 192 (spec §9). */
function useScreenFont(): number {
  const [size, setSize] = useState(() => window.innerWidth / 192);
  useEffect(() => {
    const resize = () => setSize(window.innerWidth / 192);
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, []);
  return size;
}

function Kpi({ label, value, before, t }: { label: string; value: number; before?: number; t: (k: MessageKey, v?: Record<string, string | number>) => string }) {
  const delta = before === undefined ? undefined : Math.round((value - before) * 100) / 100;
  return (
    <div className="wd-screen-kpi">
      <span>{label}</span>
      <strong>{value.toLocaleString()}</strong>
      {delta !== undefined && (
        <small className={delta > 0 ? 'up' : delta < 0 ? 'down' : ''}>{t('screenVsYesterday', { v: `${delta >= 0 ? '+' : ''}${delta.toLocaleString()}` })}</small>
      )}
    </div>
  );
}

/**
 * The wall display: live fleet counts, today against yesterday, the week's trends, the top
 * vehicles and the online fleet's positions, refreshed every REFRESH_MS. Signed in, an
 * administrator can hand out read-only share links from here.
 */
export function LargeScreen({ source, shareWith }: { source: BoardSource; shareWith?: HttpClient }) {
  const { t } = useI18n();
  const font = useScreenFont();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [sharing, setSharing] = useState(false);
  const sourceRef = useRef(source);
  sourceRef.current = source;

  useEffect(() => {
    let live = true;
    const fetchBoard = () => loadLargeScreen(sourceRef.current).then(
      (data) => live && setLoad({ kind: 'ready', data }),
      (err: unknown) => live && setLoad((prev) => (prev.kind === 'ready' ? prev : { kind: 'error', message: err instanceof Error ? err.message : String(err) })),
    );
    void fetchBoard();
    const timer = setInterval(fetchBoard, REFRESH_MS);
    return () => { live = false; clearInterval(timer); };
  }, []);

  let body;
  if (load.kind === 'loading') body = <div className="wd-screen-state" role="status">{t('statsLoading')}</div>;
  else if (load.kind === 'error') body = <div className="wd-screen-state" role="alert">{t('statsError', { msg: load.message })}</div>;
  else {
    const d = load.data;
    const rank = (rows: { vin: string; plateNumber: string }[], value: (r: never) => number) => rows.map((r) => ({ name: r.plateNumber || r.vin, value: value(r as never) }));
    body = (
      <>
        <div className="wd-screen-kpis">
          <Kpi t={t} label={t('screenVehicles')} value={d.fleet.total} />
          <Kpi t={t} label={t('statsFleetOnline')} value={d.fleet.online} />
          <Kpi t={t} label={t('statsDriving')} value={d.fleet.driving} />
          <Kpi t={t} label={t('statsCharging')} value={d.fleet.charging} />
          <Kpi t={t} label={t('screenInAlarm')} value={d.fleet.alarm} />
          <Kpi t={t} label={t('statsTodayMileage')} value={d.today.mileage} before={d.yesterday.mileage} />
          <Kpi t={t} label={t('screenTodayAlarms')} value={d.today.alarmCount} before={d.yesterday.alarmCount} />
          <Kpi t={t} label={t('statsTotalMileage')} value={d.totalMileage} />
        </div>
        <div className="wd-screen-grid">
          <section className="wd-screen-card">
            <h3>{t('statsAlarmTrend')}</h3>
            <DayBars label={t('statsAlarmTrend')} rows={d.trend} height={font * 30} series={[
              { key: 'alarmCount', label: t('statsAlarms'), colour: STATE_HEX.alarm3 },
              { key: 'faultCount', label: t('statsFaults'), colour: STATE_HEX.alarm1 },
            ]} />
            <h3>{t('statsMileTrend')}</h3>
            <TrendLines label={t('statsMileTrend')} rows={d.trend} height={font * 30} series={[{ key: 'mileage', label: t('statsMileage'), colour: STATE_HEX.driving }]} />
          </section>
          <section className="wd-screen-card wd-screen-map">
            <h3>{t('screenFleetMap', { n: d.points.length })}</h3>
            <LargeScreenMap points={d.points} label={t('screenFleetMap', { n: d.points.length })} />
          </section>
          <section className="wd-screen-card">
            <h3>{t('statsFleetState')}</h3>
            <Donut label={t('statsFleetState')} height={font * 24} centre={t('statsVehiclesN', { n: d.fleet.total })} parts={[
              { key: 'driving', label: t('statsDriving'), colour: STATE_HEX.driving, value: d.fleet.driving },
              { key: 'parked', label: t('statsParked'), colour: STATE_HEX.parked, value: d.fleet.parked },
              { key: 'charging', label: t('statsCharging'), colour: STATE_HEX.charging, value: d.fleet.charging },
              { key: 'offline', label: t('statsOffline'), colour: STATE_HEX.offline, value: d.fleet.offline },
            ]} />
            <h3>{t('screenTopMileage')}</h3>
            {d.topMileage.length > 0
              ? <RankBars label={t('screenTopMileage')} colour={STATE_HEX.driving} height={font * 14} rows={rank(d.topMileage, (r: { mileage: number }) => r.mileage)} />
              : <p className="wd-screen-note">{t('screenNothing')}</p>}
            <h3>{t('screenTopAlarms')}</h3>
            {d.topAlarm.length > 0
              ? <RankBars label={t('screenTopAlarms')} colour={STATE_HEX.alarm3} height={font * 14} rows={rank(d.topAlarm, (r: { alarmCount: number }) => r.alarmCount)} />
              : <p className="wd-screen-note">{t('screenNothing')}</p>}
          </section>
        </div>
      </>
    );
  }
  return (
    <main className="wd-screen" style={{ fontSize: `${font}px` }}>
      <header className="wd-screen-head">
        <h1>{t('screenTitle')}</h1>
        <span className="wd-screen-time">{load.kind === 'ready' ? t('screenUpdated', { time: load.data.time }) : ''}</span>
        {shareWith && <button type="button" className="wd-screen-share-btn" onClick={() => setSharing((s) => !s)}>{t('screenShare')}</button>}
      </header>
      {body}
      {sharing && shareWith && <ShareLinksPanel http={shareWith} onClose={() => setSharing(false)} />}
    </main>
  );
}
