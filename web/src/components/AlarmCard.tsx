import { useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import type { AlarmCardData } from '@wdiov/contracts/live/socket-messages';
import { useI18n, type MessageKey } from '../i18n/i18n';
import {
  cardAddress,
  cardKind,
  cardName,
  fenceArrivalDeadline,
  KIND_LABELS,
  levelColour,
  speedText,
  viewNowPath,
} from '../live/alarm-card-view';

const NAME_LABELS: Record<ReturnType<typeof cardKind>, MessageKey> = {
  alarm: 'alarmName',
  fault: 'alarmFaultName',
  fence: 'alarmFenceName',
};

/** One live alarm, fault or fence card (socket cmd 1200). */
export function AlarmCard({ card, onClose }: { card: AlarmCardData; onClose: () => void }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const kind = cardKind(card);
  const rows: Array<[MessageKey, string]> = [
    [NAME_LABELS[kind], cardName(card)],
    ['alarmPlate', card.carPlate],
    ['alarmVin', card.vin],
    ['alarmSpeed', speedText(card.espeed, t)],
    ['alarmTime', card.stime],
    ['alarmDuration', t('alarmDurationSeconds', { value: card.duration })],
  ];
  if (kind === 'fence') {
    rows.push(['alarmAccessType', card.accessType === 1 ? t('alarmAccessEnter') : t('alarmAccessLeave')]);
    if (card.accessTime) rows.push(['alarmAccessTime', card.accessTime]);
    const deadline = fenceArrivalDeadline(card.accessTime);
    if (deadline) rows.push(['alarmArrivalWindow', deadline]);
  }
  const address = cardAddress(card);
  if (address) rows.push(['alarmAddress', address]);

  return (
    <article className="wd-alarm-card" style={{ borderTopColor: levelColour(card) }} aria-label={t(KIND_LABELS[kind])}>
      <header>
        {/* The level's colour marks the card; the text stays in the text colour (yellow on white is 2:1). */}
        <strong>
          <i className="wd-alarm-dot" style={{ background: levelColour(card) }} aria-hidden="true" />
          {t(KIND_LABELS[kind])}
          {card.level ? ` · ${t('alarmLevelN', { level: card.level })}` : ''}
        </strong>
        <button type="button" className="wd-alarm-close" aria-label={t('commonClose')} onClick={onClose}>
          <i className="pi pi-times" aria-hidden="true" />
        </button>
      </header>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} className={label === 'alarmAddress' ? 'wd-alarm-address' : undefined}>
            <dt>{t(label)}</dt>
            {/* Place names (regions, the tenant's stations and fences) are data: they keep the names they were given. */}
            <dd {...(label === 'alarmAddress' ? { 'data-user-text': '' } : {})}>{value}</dd>
          </div>
        ))}
      </dl>
      {/* The card stays: navigating never loses its data (UI.md). */}
      <Button size="small" className="wd-alarm-view" label={t('alarmViewNow')} onClick={() => navigate(viewNowPath(card), { state: { card } })} />
    </article>
  );
}
