import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { useAppActors } from '../app/AppActorsProvider';
import { useI18n } from '../i18n/i18n';
import { alarmSound } from '../live/alarm-sound';
import { cardAnnouncement } from './alarm-announcement';
import { AlarmCard } from './AlarmCard';
import { ALARM_SHORTCUT, useAlarmShortcut } from './use-alarm-shortcut';

/** Cards shown at once; the others wait behind '+N more' (and in the inbox). */
export const VISIBLE_CARDS = 3;
/** The live map, whose alarm inbox lists every recent card. */
export const INBOX_PATH = '/monitoring/map';

/** Live cards stacked at the bottom right, the most severe then the newest on top, with a mute toggle; kept within the window. */
export function AlarmCardStack() {
  const { socket } = useAppActors();
  const { t } = useI18n();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const cards = useSelector(socket, (s) => s.context.cards);
  const [muted, setMuted] = useState(alarmSound.isMuted);
  const newestKey = useRef(0);
  const [announcement, setAnnouncement] = useState('');
  useAlarmShortcut();

  useEffect(() => {
    // Cards are ordered by severity: the newest is the highest key, wherever it sits.
    const newest = cards.reduce<(typeof cards)[number] | undefined>((a, c) => (!a || c.key > a.key ? c : a), undefined);
    if (newest && newest.key > newestKey.current) {
      alarmSound.play();
      // Said once per new card (level and vehicle); later updates of the stack are not announced.
      setAnnouncement(cardAnnouncement(newest.card, t));
    }
    newestKey.current = Math.max(newestKey.current, newest?.key ?? 0);
  }, [cards]);

  // Mounted before any card arrives: screen readers only announce changes of a region they know.
  const liveRegion = (
    <div className="wd-sr-only wd-alarm-announcer" aria-live="polite" aria-atomic="true">
      {announcement}
    </div>
  );
  // The live map's inbox lists every card (and has its own sound toggle): the stack steps aside there.
  if (cards.length === 0 || pathname === INBOX_PATH) return liveRegion;
  const toggleMute = () => {
    alarmSound.setMuted(!muted);
    setMuted(!muted);
  };
  const hidden = cards.length - VISIBLE_CARDS;
  return (
    <>
      {liveRegion}
      <section className="wd-alarm-stack" aria-label={t('alarmStack')} aria-keyshortcuts={ALARM_SHORTCUT.aria}>
        <div className="wd-alarm-stack-tools">
          {hidden > 0 && (
            <Button
              size="small"
              text
              className="wd-alarm-more"
              label={t('alarmMoreCards', { count: hidden })}
              onClick={() => navigate(INBOX_PATH, { state: { openInbox: Date.now() } })}
            />
          )}
          <Button
            size="small"
            text
            icon={muted ? 'pi pi-volume-off' : 'pi pi-volume-up'}
            aria-label={muted ? t('alarmUnmute') : t('alarmMute')}
            onClick={toggleMute}
          />
        </div>
        <div className="wd-alarm-stack-cards">
          {cards.slice(0, VISIBLE_CARDS).map(({ key, card }) => (
            <AlarmCard key={key} card={card} onClose={() => socket.send({ type: 'DISMISS_CARD', index: key })} />
          ))}
        </div>
      </section>
    </>
  );
}
