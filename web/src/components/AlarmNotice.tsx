import type { AlarmCardData } from '@wdiov/contracts/live/socket-messages';
import { useI18n } from '../i18n/i18n';
import { cardKind, cardName, KIND_LABELS, levelColour } from '../live/alarm-card-view';

/** A lower-level card collapsed to one line: kind, level, name and vehicle, to expand or close. */
export function AlarmNotice({ card, onExpand, onClose }: { card: AlarmCardData; onExpand: () => void; onClose: () => void }) {
  const { t } = useI18n();
  const kind = cardKind(card);
  return (
    <article className="wd-alarm-notice" style={{ borderLeftColor: levelColour(card) }} aria-label={t(KIND_LABELS[kind])}>
      <button type="button" className="wd-alarm-expand" aria-expanded={false} onClick={onExpand}>
        <i className="wd-alarm-dot" style={{ background: levelColour(card) }} aria-hidden="true" />
        <strong>
          {t(KIND_LABELS[kind])}
          {card.level ? ` · ${t('alarmLevelN', { level: card.level })}` : ''}
        </strong>
        <span>{cardName(card)}</span>
        <span>{card.carPlate || card.vin}</span>
        <span className="wd-alarm-expand-label">{t('alarmExpand')}</span>
      </button>
      <button type="button" className="wd-alarm-close" aria-label={t('commonClose')} onClick={onClose}>
        <i className="pi pi-times" aria-hidden="true" />
      </button>
    </article>
  );
}
