import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { useBehaviorSubject } from '../app/use-observable';
import { useI18n } from '../i18n/i18n';
import { alarmSound } from '../live/alarm-sound';
import { cardName, KIND_LABELS, cardKind, levelColour, speedText, viewNowPath } from '../live/alarm-card-view';
import { HandleDialog } from './HandleDialog';
import { useMonitoringServices } from './monitoring-services';

/** A collapsible inbox of recent cards over the map, with handling and the shared sound toggle. */
export function AlarmInboxPanel() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { http, inbox, notifier } = useMonitoringServices();
  const items = useBehaviorSubject(inbox.items$);
  const [open, setOpen] = useState(true);
  // '+N more' of the shell's alarm cards opens the inbox, even when it was collapsed.
  const openRequest = (useLocation().state as { openInbox?: number } | null)?.openInbox;
  useEffect(() => {
    if (openRequest) setOpen(true);
  }, [openRequest]);
  const [muted, setMuted] = useState(alarmSound.isMuted);
  const [handling, setHandling] = useState<number | null>(null);
  const unhandled = items.filter((i) => !i.handled).length;
  const handlingItem = items.find((i) => i.key === handling);

  const toggleSound = () => {
    alarmSound.setMuted(!muted);
    setMuted(!muted);
  };

  return (
    <section className={`wd-inbox${open ? ' is-open' : ''}`} aria-label={t('monInbox')}>
      <header>
        <button type="button" className="wd-inbox-toggle" onClick={() => setOpen(!open)}>
          <i className="pi pi-bell" /> {t('monInbox')} {unhandled > 0 && <span className="wd-inbox-badge">{unhandled}</span>}
        </button>
        <Button size="small" text icon={muted ? 'pi pi-volume-off' : 'pi pi-volume-up'} aria-label={muted ? t('alarmUnmute') : t('alarmMute')} onClick={toggleSound} />
      </header>
      {open && (
        <ol>
          {items.length === 0 && <li className="wd-mon-empty">{t('monInboxEmpty')}</li>}
          {items.map((item) => (
            <li key={item.key} style={{ borderLeftColor: levelColour(item.card) }} className={item.handled ? 'is-handled' : ''}>
              <div>
                <strong>{t(KIND_LABELS[cardKind(item.card)])}</strong> {cardName(item.card)}
              </div>
              <small>
                {item.card.carPlate || item.card.vin} · {speedText(item.card.espeed, t)} · {item.card.stime}
              </small>
              <div className="wd-inbox-actions">
                <Button size="small" text label={t('alarmViewNow')} onClick={() => navigate(viewNowPath(item.card), { state: { card: item.card } })} />
                {inbox.canHandle(item) && <Button size="small" text label={t('monHandle')} onClick={() => setHandling(item.key)} />}
                {item.handled && <span className="wd-inbox-done">{t('monHandled')}</span>}
                {item.handleRemark && <small className="wd-inbox-remark">{item.handleRemark}</small>}
                <Button size="small" text icon="pi pi-times" aria-label={t('commonClose')} onClick={() => inbox.dismiss(item.key)} />
              </div>
            </li>
          ))}
        </ol>
      )}
      <HandleDialog
        visible={handling !== null}
        title={t('monHandle')}
        // Alarms keep the remark (required); faults keep none.
        withRemark={!handlingItem || cardKind(handlingItem.card) !== 'fault'}
        onCancel={() => setHandling(null)}
        onSubmit={async (remark) => {
          if (handling === null) return;
          await inbox.handle(http, handling, remark);
          notifier.success(t('monHandledCount', { count: 1 }));
          setHandling(null);
        }}
      />
    </section>
  );
}
