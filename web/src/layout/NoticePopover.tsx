import { useRef } from 'react';
import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { TabPanel, TabView } from 'primereact/tabview';
import { useI18n, type MessageKey } from '../i18n/i18n';

/** Static sample data only (spec §2): mail, message and notice tabs. */
const SAMPLES: Array<{ tab: MessageKey; item: MessageKey; time: string }> = [
  { tab: 'noticeMail', item: 'noticeSampleMail', time: '2025-01-06 09:30:00' },
  { tab: 'noticeMessage', item: 'noticeSampleMessage', time: '2025-01-06 08:12:00' },
  { tab: 'noticeNotice', item: 'noticeSampleNotice', time: '2025-01-05 18:00:00' },
];

export function NoticePopover() {
  const { t } = useI18n();
  const panel = useRef<OverlayPanel>(null);
  return (
    <>
      <Button icon="pi pi-bell" text rounded aria-label={t('layoutNotice')} onClick={(e) => panel.current?.toggle(e)} />
      <OverlayPanel ref={panel} className="wd-notice-panel">
        <TabView>
          {SAMPLES.map((sample) => (
            <TabPanel key={sample.tab} header={t(sample.tab)}>
              <p className="wd-notice-item">{t(sample.item)}</p>
              <small>{sample.time}</small>
            </TabPanel>
          ))}
        </TabView>
      </OverlayPanel>
    </>
  );
}
