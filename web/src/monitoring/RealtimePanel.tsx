import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { usePanelFocus } from '../components/use-focus-return';
import { useI18n, type MessageKey } from '../i18n/i18n';
import type { LiveStore } from '../live-store/live-store';
import { timeText } from './time-slot';
import { fetchRealtimeInfo, reverseGeocode, type RealtimeInfo } from './live-api';
import { useMonitoringServices } from './monitoring-services';
import { readingText, stateText } from './reading-text';
import { useStoreTick } from './use-store-tick';

/** The REST picture is refreshed this often; the live store covers speed, SOC and state between. */
export const REALTIME_POLL_MS = 10_000;

interface Props {
  vin: string;
  plate: string;
  store: LiveStore;
  following: boolean;
  onFollow: (on: boolean) => void;
  onClose: () => void;
}

/** The chosen vehicle: live values, battery readings, active alarms and the address. */
export function RealtimePanel({ vin, plate, store, following, onFollow, onClose }: Props) {
  const { t, language } = useI18n();
  const navigate = useNavigate();
  const { http, utcOffsetMin } = useMonitoringServices();
  const [info, setInfo] = useState<RealtimeInfo | null>(null);
  useStoreTick(store);
  const live = store.vehicle(vin);
  // Opened from the vehicle list (Enter) or the map: read from here, Escape goes back.
  const panel = useRef<HTMLElement>(null);
  const focusProps = usePanelFocus(panel, vin, onClose);

  useEffect(() => {
    let active = true;
    setInfo(null);
    const load = () => fetchRealtimeInfo(http, vin, plate).then((i) => active && setInfo(i), () => undefined);
    void load();
    const timer = setInterval(load, REALTIME_POLL_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [http, vin, plate]);

  const lng = live?.lng ?? info?.lng ?? null;
  const lat = live?.lat ?? info?.lat ?? null;
  // Looked up per ~100 m cell (the gateway's geocoder cache is per cell too): a lookup per batch would be a flood.
  const cell = lng !== null && lat !== null ? { lng: Math.round(lng * 1000) / 1000, lat: Math.round(lat * 1000) / 1000 } : null;
  const address = useQuery({
    queryKey: ['reGeoCode', cell?.lng, cell?.lat, language],
    queryFn: () => reverseGeocode(http, cell!.lng, cell!.lat),
    enabled: cell !== null,
    staleTime: 10 * 60_000,
  });

  const rows: Array<[MessageKey, string]> = [
    ['alarmPlate', info?.plate || plate || '–'],
    ['alarmVin', vin],
    ['monState', stateText(live?.state ?? info?.state, t)],
    ['alarmSpeed', readingText(live?.speed ?? info?.speed, 'km/h', t)],
    ['monSoc', readingText(live?.soc ?? info?.soc, '%', t)],
    ['monVoltage', readingText(info?.voltage, 'V', t)],
    ['monCurrent', readingText(info?.current, 'A', t)],
    ['monMileage', readingText(info?.mileage, 'km', t)],
    ['alarmTime', live ? timeText(live.ts, utcOffsetMin) : info?.time || '–'],
    ['monPosition', lng !== null && lat !== null ? `${lng.toFixed(6)}, ${lat.toFixed(6)}` : '–'],
  ];
  return (
    <aside ref={panel} className="wd-live-panel" aria-label={t('monRealtime')} {...focusProps}>
      <header>
        <strong>{info?.plate || plate || vin}</strong>
        <Button size="small" text icon="pi pi-times" aria-label={t('commonClose')} onClick={onClose} />
      </header>
      <dl className="wd-mon-dl">
        {rows.map(([key, value]) => (
          <div key={key}>
            <dt>{t(key)}</dt>
            <dd data-testid={`rt-${key}`}>{value}</dd>
          </div>
        ))}
        <div>
          <dt>{t('alarmAddress')}</dt>
          <dd>
            {/* Place names (regions, the tenant's stations and fences) are data: they keep the names they were given. */}
            <span data-testid="rt-address" data-user-text>{address.data || '–'}</span>{' '}
            <Button size="small" text icon="pi pi-map-marker" aria-label={t('monLookUpAddress')} onClick={() => void address.refetch()} />
          </dd>
        </div>
      </dl>
      <h4>{t('monActiveAlarms')}</h4>
      {info?.alarms.length ? (
        <ul className="wd-live-alarms">
          {info.alarms.map((a, i) => (
            <li key={`${a.name}-${i}`} className={`is-level-${Math.min(3, a.level)}`}>
              {a.name} <small>{a.time}</small>
            </li>
          ))}
        </ul>
      ) : (
        <p className="wd-mon-empty">{t('monNoActiveAlarms')}</p>
      )}
      <div className="wd-live-panel-actions">
        <Button size="small" icon="pi pi-compass" label={following ? t('monUnfollow') : t('monFollow')} outlined={!following} onClick={() => onFollow(!following)} />
        <Button size="small" text icon="pi pi-history" label={t('monTrack')} onClick={() => navigate(`/trajectory/index?vin=${encodeURIComponent(vin)}`)} />
        <Button size="small" text icon="pi pi-id-card" label={t('monDetails')} onClick={() => navigate(`/vehicleDetails/index?vin=${encodeURIComponent(vin)}`)} />
      </div>
    </aside>
  );
}
