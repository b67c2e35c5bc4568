import { useEffect, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { useAppActors } from '../app/AppActorsProvider';
import { useI18n } from '../i18n/i18n';
import { alarmSound } from '../live/alarm-sound';
import { AlarmCard } from './AlarmCard';

/** Live cards stacked at the bottom right, newest on top, with a mute toggle. */
export function AlarmCardStack() {
  const { socket } = useAppActors();
  const { t } = useI18n();
  const cards = useSelector(socket, (s) => s.context.cards);
  const [muted, setMuted] = useState(alarmSound.isMuted);
  const newestKey = useRef(0);

  useEffect(() => {
    const newest = cards[0]?.key ?? 0;
    if (newest > newestKey.current) alarmSound.play();
    newestKey.current = Math.max(newestKey.current, newest);
  }, [cards]);

  if (cards.length === 0) return null;
  const toggleMute = () => {
    alarmSound.setMuted(!muted);
    setMuted(!muted);
  };
  return (
    <section className="wd-alarm-stack" aria-live="polite">
      <Button
        size="small"
        text
        icon={muted ? 'pi pi-volume-off' : 'pi pi-volume-up'}
        aria-label={muted ? t('alarmUnmute') : t('alarmMute')}
        onClick={toggleMute}
      />
      {cards.map(({ key, card }) => (
        <AlarmCard key={key} card={card} onClose={() => socket.send({ type: 'DISMISS_CARD', index: key })} />
      ))}
    </section>
  );
}
