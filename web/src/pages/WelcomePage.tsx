import { useSelector } from '@xstate/react';
import { useAppActors } from '../app/AppActorsProvider';
import { useBehaviorSubject } from '../app/use-observable';
import { useI18n, type MessageKey } from '../i18n/i18n';
import type { LiveCounts } from '../live/live-counters';
import { DataBoard } from '../stats/DataBoard';
import { nameText } from '../i18n/seeded-text';

const COUNTERS: Array<{ key: keyof LiveCounts; label: MessageKey; icon: string; colour: string }> = [
  { key: 'alarms', label: 'welAlarms', icon: 'pi pi-exclamation-triangle', colour: '#f56c6c' },
  { key: 'faults', label: 'welFaults', icon: 'pi pi-wrench', colour: '#e6a23c' },
  { key: 'fences', label: 'welFences', icon: 'pi pi-map-marker', colour: '#409eff' },
  { key: 'messages', label: 'welMessages', icon: 'pi pi-bolt', colour: '#67c23a' },
];

/** /wel/index: the data board: live counters from the socket stream, then the fleet's statistics drawn from the daily rollups. */
export default function WelcomePage() {
  const { session, liveCounts, http } = useAppActors();
  const { t } = useI18n();
  const user = useSelector(session, (s) => s.context.user);
  const counts = useBehaviorSubject(liveCounts);
  return (
    <section className="wd-welcome">
      <h2>{t('welGreeting', { name: nameText(user?.realName || user?.userName || '') })}</h2>
      <p>{t('welSubtitle')}</p>
      <div className="wd-counters">
        {COUNTERS.map((counter) => (
          <div key={counter.key} className="wd-counter">
            <i className={counter.icon} style={{ color: counter.colour }} />
            <strong>{counts[counter.key]}</strong>
            <span>{t(counter.label)}</span>
          </div>
        ))}
      </div>
      <DataBoard http={http} />
    </section>
  );
}
