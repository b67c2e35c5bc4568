import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { vehicle as vehicleEntity } from '@wdiov/contracts/entities/base/vehicle';
import { useI18n, type MessageKey } from '../i18n/i18n';
import { BatteryCells } from './BatteryCells';
import { fetchRealtimeInfo, type RealtimeInfo } from './live-api';
import { useMonitoringServices } from './monitoring-services';
import { ALARM_SOURCE, EMPTY_FILTER, fetchRecords } from './record-api';
import { readingText, stateText } from './reading-text';
import { displayValue, fetchVehicleInfo, latestCells } from './vehicle-api';
import type { Row } from './wire-parse';
import './monitoring.css';

const RECENT_ALARMS = 10;

/** /vehicleDetails/index and /vehVehicleDetail/index (?vin= or ?id=): master data, live state, alarms, cells. */
export default function VehicleDetailPage() {
  const { t, language } = useI18n();
  const navigate = useNavigate();
  const { http } = useMonitoringServices();
  const [search] = useSearchParams();
  const [info, setInfo] = useState<Record<string, unknown> | null>(null);
  const [live, setLive] = useState<RealtimeInfo | null>(null);
  const [alarms, setAlarms] = useState<Row[]>([]);
  const [cells, setCells] = useState<number[]>([]);
  const vinParam = search.get('vin') ?? '';
  const idParam = search.get('id') ?? '';

  useEffect(() => {
    let active = true;
    setInfo(null);
    fetchVehicleInfo(http, { vin: vinParam, id: idParam }).then((row) => active && setInfo(row), () => undefined);
    return () => {
      active = false;
    };
  }, [http, vinParam, idParam]);

  const vin = String(info?.vin ?? vinParam);
  useEffect(() => {
    if (!vin) return;
    let active = true;
    fetchRealtimeInfo(http, vin).then(async (rt) => {
      if (!active) return;
      setLive(rt);
      // The snapshot usually has only the extreme cells; the newest frame has them all.
      const all = rt.cells.length ? rt.cells : await latestCells(http, vin).catch(() => []);
      if (active) setCells(all);
    }, () => undefined);
    fetchRecords(http, ALARM_SOURCE, { ...EMPTY_FILTER, vin }, 1, RECENT_ALARMS).then((p) => active && setAlarms(p.records), () => undefined);
    return () => {
      active = false;
    };
  }, [http, vin]);

  const liveRows: Array<[MessageKey, string]> = [
    ['monState', stateText(live?.state, t)],
    ['alarmSpeed', readingText(live?.speed, 'km/h', t)],
    ['monSoc', readingText(live?.soc, '%', t)],
    ['monVoltage', readingText(live?.voltage, 'V', t)],
    ['monCurrent', readingText(live?.current, 'A', t)],
    ['monMileage', readingText(live?.mileage, 'km', t)],
    ['alarmTime', live?.time || '–'],
  ];
  const go = (path: string) => navigate(`${path}?vin=${encodeURIComponent(vin)}`);

  return (
    <section className="wd-mon-page wd-detail" aria-label={t('monDetails')}>
      <header className="wd-detail-head">
        <h3>{String(info?.plateNumber || vin || '–')}</h3>
        <Button size="small" text icon="pi pi-map" label={t('monLiveMap')} onClick={() => go('/monitoring/map')} />
        <Button size="small" text icon="pi pi-history" label={t('monTrack')} onClick={() => go('/trajectory/index')} />
        <Button size="small" text icon="pi pi-code" label={t('monMessages')} onClick={() => go('/alarmMessageParsing/index')} />
      </header>
      <div className="wd-detail-grid">
        <article>
          <h4>{t('monMasterData')}</h4>
          <dl className="wd-mon-dl">
            {Object.entries(vehicleEntity.fields).map(([field, def]) => (
              <div key={field}>
                <dt>{def.label[language]}</dt>
                <dd>{info ? displayValue(info, field) || '–' : '…'}</dd>
              </div>
            ))}
          </dl>
        </article>
        <article>
          <h4>{t('monRealtime')}</h4>
          <dl className="wd-mon-dl">
            {liveRows.map(([key, value]) => (
              <div key={key}>
                <dt>{t(key)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <h4>{t('monRecentAlarms')}</h4>
          <ul className="wd-live-alarms">
            {alarms.length === 0 && <li className="wd-mon-empty">{t('monNoActiveAlarms')}</li>}
            {alarms.map((a) => (
              <li key={a.id} className={`is-level-${Math.min(3, Number(a.alarmLevel ?? 0))}`}>
                {String(a.alarmName ?? a.alarmType ?? '')} <small>{String(a.startTime ?? '')}</small>
                {a.handleRemark ? <small className="wd-live-alarm-remark">{`${t('monHandleRemark')}: ${String(a.handleRemark)}`}</small> : null}
              </li>
            ))}
          </ul>
          <Button size="small" text label={t('monAllAlarms')} onClick={() => go('/alarm/vehicleAlarm')} />
        </article>
        <article className="wd-detail-cells">
          <h4>{t('monBatteryCells')}</h4>
          <BatteryCells cells={cells} />
        </article>
      </div>
    </section>
  );
}
