import { useQuery } from '@tanstack/react-query';
import { useI18n, type MessageKey } from '../i18n/i18n';
import type { LiveStore } from '../live-store/live-store';
import { STATE_HEX } from '../live-store/vehicle-colours';
import { fetchBoardCounts, FLEET_COUNTS_KEY, type BoardCounts } from './live-api';
import { useMonitoringServices } from './monitoring-services';
import { useStoreTick } from './use-store-tick';

const LEGEND: Array<[MessageKey, string]> = [
  ['monStateDriving', STATE_HEX.driving],
  ['monStateParked', STATE_HEX.parked],
  ['monStateCharging', STATE_HEX.charging],
  ['monStateOffline', STATE_HEX.offline],
  ['monAlarmLevel3', STATE_HEX.alarm3],
  ['monAlarmLevel2', STATE_HEX.alarm2],
  ['monAlarmLevel1', STATE_HEX.alarm1],
];

/** The gateway's counts are read again this often: they also catch vehicles that went silent, which push nothing. */
const SERVER_COUNTS_MS = 15_000;

/**
 * What the counters show: the gateway's latest state (every vehicle of the caller's fleet, the ones
 * not heard from since this page opened included); the live store's states once batches arrive,
 * still over the fleet's total, a vehicle the page has not heard from counting as the server has it.
 */
export function shownCounts(server: BoardCounts | undefined, store: LiveStore): BoardCounts | undefined {
  if (store.length === 0) return server;
  const live = store.counts();
  if (!server) return live;
  const total = Math.max(server.total, live.total);
  return { ...live, total, offline: Math.max(0, total - live.online) };
}

/** Legend and counters over the map (UI.md): online, driving, parked, charging, offline, in alarm. */
export function StatusBar({ store }: { store: LiveStore }) {
  const { t } = useI18n();
  const { http } = useMonitoringServices();
  useStoreTick(store);
  const server = useQuery({ queryKey: FLEET_COUNTS_KEY, queryFn: () => fetchBoardCounts(http), refetchInterval: SERVER_COUNTS_MS });
  const c = shownCounts(server.data, store);
  const counters: Array<[MessageKey, number | undefined, string]> = [
    ['monCountTotal', c?.total, '#303133'],
    ['monCountOnline', c?.online, STATE_HEX.driving],
    ['monStateDriving', c?.driving, STATE_HEX.driving],
    ['monStateParked', c?.parked, STATE_HEX.parked],
    ['monStateCharging', c?.charging, STATE_HEX.charging],
    ['monStateOffline', c?.offline, STATE_HEX.offline],
    ['monCountAlarm', c?.alarm, STATE_HEX.alarm3],
  ];
  return (
    <div className="wd-live-status">
      <ul className="wd-live-counters" aria-label={t('monCounters')}>
        {counters.map(([key, value, colour]) => (
          <li key={key}>
            <strong style={{ color: colour }} data-testid={`count-${key}`}>{value ?? '–'}</strong>
            <span>{t(key)}</span>
          </li>
        ))}
      </ul>
      <ul className="wd-live-legend" aria-label={t('monLegend')}>
        {LEGEND.map(([key, colour]) => (
          <li key={key}>
            <i style={{ background: colour }} />
            {t(key)}
          </li>
        ))}
      </ul>
    </div>
  );
}
