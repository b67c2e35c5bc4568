import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { useAppActors } from '../app/AppActorsProvider';
import { useI18n } from '../i18n/i18n';
import { alarmSound } from '../live/alarm-sound';
import { cardAnnouncement } from './alarm-announcement';
import { AlarmCard } from './AlarmCard';
import { AlarmCardSettings } from './AlarmCardSettings';
import { AlarmNotice } from './AlarmNotice';
import { useCollapseSeconds } from './alarm-card-settings';
import { ALARM_SHORTCUT, DISMISS_SHORTCUT, focusAlarms, useAlarmShortcut } from './use-alarm-shortcut';
import { useCardCollapse } from './use-card-collapse';

/** The live map, whose alarm inbox lists every recent card. */
export const INBOX_PATH = '/monitoring/map';

/**
 * The live alarm pop-up (spec §4, cmd 1200): one card at a time, the most severe then the newest,
 * docked under the page in the frame's own flow, so it never lies over a row's buttons or a dialog;
 * the others are counted and open the alarm inbox. Levels 1 and 2 collapse to a one-line notice
 * after the user's setting; levels 3 and 4 stay open until acknowledged.
 */
export function AlarmCardDock() {
  const { socket } = useAppActors();
  const { t, language } = useI18n();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const cards = useSelector(socket, (s) => s.context.cards);
  const [muted, setMuted] = useState(alarmSound.isMuted);
  const newestKey = useRef(0);
  const [announcement, setAnnouncement] = useState('');
  const [focusRequest, setFocusRequest] = useState(0);
  const collapseSeconds = useCollapseSeconds();
  const shown = cards[0];
  const { collapsed, expand } = useCardCollapse(shown, collapseSeconds * 1000);
  const atInbox = pathname === INBOX_PATH;

  const dismiss = () => shown && socket.send({ type: 'DISMISS_CARD', index: shown.key });
  useAlarmShortcut({
    open: () => {
      if (!shown || atInbox) return focusAlarms();
      expand();
      setFocusRequest((n) => n + 1);
      return true;
    },
    dismiss: () => {
      if (!shown || atInbox) return false;
      dismiss();
      return true;
    },
  });
  useEffect(() => {
    if (focusRequest) focusAlarms();
  }, [focusRequest]);

  useEffect(() => {
    // Cards are ordered by severity: the newest is the highest key, wherever it sits.
    const newest = cards.reduce<(typeof cards)[number] | undefined>((a, c) => (!a || c.key > a.key ? c : a), undefined);
    if (newest && newest.key > newestKey.current) {
      alarmSound.play();
      // Said once per new card (level and vehicle); later changes of the pop-up are not announced.
      setAnnouncement(cardAnnouncement(newest.card, t));
    }
    newestKey.current = Math.max(newestKey.current, newest?.key ?? 0);
  }, [cards]);

  // An announcement is said once; after a language switch the region holds none in the old language.
  useEffect(() => setAnnouncement(''), [language]);

  // Mounted before any card arrives: screen readers only announce changes of a region they know.
  const liveRegion = (
    <div className="wd-sr-only wd-alarm-announcer" aria-live="polite" aria-atomic="true">
      {announcement}
    </div>
  );
  // The live map's inbox lists every card (and has its own sound toggle): the pop-up steps aside there.
  if (!shown || atInbox) return liveRegion;
  const toggleMute = () => {
    alarmSound.setMuted(!muted);
    setMuted(!muted);
  };
  const others = cards.length - 1;
  return (
    <>
      {liveRegion}
      <section
        className={`wd-alarm-dock${collapsed ? ' is-collapsed' : ''}`}
        aria-label={t('alarmStack')}
        aria-keyshortcuts={`${ALARM_SHORTCUT.aria} ${DISMISS_SHORTCUT.aria}`}
      >
        {/* Keyed by card: a card coming to the front is a new element (its entrance, a fresh focus target). */}
        {collapsed ? (
          <AlarmNotice key={shown.key} card={shown.card} onExpand={expand} onClose={dismiss} />
        ) : (
          <AlarmCard key={shown.key} card={shown.card} onClose={dismiss} />
        )}
        <div className="wd-alarm-dock-tools">
          {others > 0 && (
            <Button
              size="small"
              text
              className="wd-alarm-more"
              label={t('alarmMoreCards', { count: others })}
              onClick={() => navigate(INBOX_PATH, { state: { openInbox: Date.now() } })}
            />
          )}
          <Button size="small" text className="wd-alarm-dismiss-all" label={t('alarmDismissAll')} onClick={() => socket.send({ type: 'DISMISS_ALL_CARDS' })} />
          <Button
            size="small"
            text
            icon={muted ? 'pi pi-volume-off' : 'pi pi-volume-up'}
            aria-label={muted ? t('alarmUnmute') : t('alarmMute')}
            onClick={toggleMute}
          />
          <AlarmCardSettings />
        </div>
      </section>
    </>
  );
}
