import { useEffect, useState } from 'react';
import { useI18n, type MessageKey } from '../i18n/i18n';
import type { LiveStore } from '../live-store/live-store';
import { STATE_HEX } from '../live-store/vehicle-colours';
import { fetchBoardCounts, type BoardCounts } from './live-api';
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

/** Legend and counters over the map (UI.md): online, driving, charging, offline, in alarm. */
export function StatusBar({ store }: { store: LiveStore }) {
  const { t } = useI18n();
  const { http } = useMonitoringServices();
  useStoreTick(store);
  const [board, setBoard] = useState<BoardCounts | null>(null);

  useEffect(() => {
    let live = true;
    // Only a starting picture: once batches arrive the store's counts take over.
    fetchBoardCounts(http).then((c) => live && setBoard(c), () => undefined);
    return () => {
      live = false;
    };
  }, [http]);

  const c = store.length > 0 ? store.counts() : board;
  const counters: Array<[MessageKey, number | undefined, string]> = [
    ['monCountTotal', c?.total, '#303133'],
    ['monCountOnline', c?.online, STATE_HEX.driving],
    ['monStateDriving', c?.driving, STATE_HEX.driving],
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
