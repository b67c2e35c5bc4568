import type { AlarmCardData } from '@wdiov/contracts/live/socket-messages';
import type { MessageKey } from '../i18n/zh';
import { cardKind, cardName, KIND_LABELS } from '../live/alarm-card-view';

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** What a screen reader says when a card arrives: its kind and level, its name and the vehicle. */
export function cardAnnouncement(card: AlarmCardData, t: Translate): string {
  const level = card.level ? t('alarmLevelN', { level: card.level }) : '';
  return t('alarmAnnounce', {
    kind: t(KIND_LABELS[cardKind(card)]),
    level,
    name: cardName(card),
    vehicle: card.carPlate || card.vin,
  }).replace(/\s+/g, ' ').trim();
}
