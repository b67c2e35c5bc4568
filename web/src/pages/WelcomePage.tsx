import { useSelector } from '@xstate/react';
import { useAppActors } from '../app/AppActorsProvider';
import { useI18n, type MessageKey } from '../i18n/i18n';
import { DataBoard } from '../stats/DataBoard';
import { useBoardNow, useRefreshOnCards, type BoardNow } from '../stats/board-now';
import { nameText } from '../i18n/seeded-text';

const COUNTERS: Array<{ key: string; value: (n: BoardNow) => number; label: MessageKey; icon: string; colour: string }> = [
  { key: 'alarms', value: (n) => n.sinceSignIn.alarms, label: 'welAlarms', icon: 'pi pi-exclamation-triangle', colour: '#f56c6c' },
  { key: 'faults', value: (n) => n.sinceSignIn.faults, label: 'welFaults', icon: 'pi pi-wrench', colour: '#e6a23c' },
  { key: 'fences', value: (n) => n.sinceSignIn.fences, label: 'welFences', icon: 'pi pi-map-marker', colour: '#409eff' },
  { key: 'inAlarm', value: (n) => n.fleet.alarm, label: 'welInAlarm', icon: 'pi pi-bell', colour: '#a8071a' },
];

/**
 * /wel/index: the data board. The counters are the gateway's (events stored since this session
 * signed in, vehicles in alarm now), so a reload keeps them; a card arriving reads them again.
 * Then the fleet's statistics from the daily rollups, with the live figures laid over them.
 */
export default function WelcomePage() {
  const { session, socketMessage$, http } = useAppActors();
  const { t } = useI18n();
  const user = useSelector(session, (s) => s.context.user);
  const now = useBoardNow(http);
  useRefreshOnCards(socketMessage$);
  const since = now.data?.signedInAt;
  return (
    <section className="wd-welcome">
      <h2>{t('welGreeting', { name: nameText(user?.realName || user?.userName || '') })}</h2>
      <p>{since ? t('welSubtitleSince', { time: since }) : t('welSubtitle')}</p>
      <div className="wd-counters">
        {COUNTERS.map((counter) => (
          <div key={counter.key} className="wd-counter">
            <i className={counter.icon} style={{ color: counter.colour }} />
            <strong data-testid={`wel-${counter.key}`}>{now.data ? counter.value(now.data) : '–'}</strong>
            <span>{t(counter.label)}</span>
          </div>
        ))}
      </div>
      <DataBoard http={http} />
    </section>
  );
}
