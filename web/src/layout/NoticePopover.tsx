import { useRef } from 'react';
import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { TabPanel, TabView } from 'primereact/tabview';
import type { InboxItem } from '@wdiov/contracts/api/notice-inbox.route';
import { useI18n, type MessageKey } from '../i18n/i18n';
import { INBOX_BOXES, useMarkInboxRead, useNoticeInbox, type InboxBox } from './notice-inbox';
import { badgeText } from './use-error-log';

/** The tabs of the popover (spec §2): mail, message and notice. */
const TAB_OF: Record<InboxBox, MessageKey> = { mail: 'noticeMail', message: 'noticeMessage', notice: 'noticeNotice' };

function InboxList({ box, items, unread }: { box: InboxBox; items: InboxItem[]; unread: number }) {
  const { t } = useI18n();
  const mark = useMarkInboxRead();
  if (items.length === 0) return <p className="wd-notice-empty">{t('noticeEmpty')}</p>;
  return (
    <div className="wd-notice-box">
      <div className="wd-notice-actions">
        <Button label={t('noticeMarkAllRead')} text size="small" disabled={unread === 0 || mark.pending} onClick={() => mark.all.mutate(box)} />
      </div>
      <ul className="wd-notice-list" aria-label={t(TAB_OF[box])}>
        {items.map((item) => (
          <li key={item.id} className={item.read ? 'wd-notice-item' : 'wd-notice-item is-unread'}>
            <div className="wd-notice-text">
              <strong>{item.title}</strong>
              {!item.read && <span className="wd-notice-tag">{t('noticeUnreadTag')}</span>}
              {item.detail && <p>{item.detail}</p>}
              <small>{item.time}</small>
            </div>
            {!item.read && (
              <Button
                icon="pi pi-check" text rounded size="small" disabled={mark.pending}
                aria-label={t('noticeMarkReadOf', { title: item.title })} tooltip={t('noticeMarkRead')}
                onClick={() => mark.some.mutate({ box, ids: [item.id] })}
              />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The header bell: the user's unread count, and a popover of the alarm notifications sent to
 * them (mail, message) and the tenant's notices, each box with its own unread count.
 */
export function NoticePopover() {
  const { t } = useI18n();
  const panel = useRef<OverlayPanel>(null);
  const inbox = useNoticeInbox();
  const boxes = inbox.data;
  const total = boxes ? INBOX_BOXES.reduce((sum, box) => sum + boxes[box].unread, 0) : 0;
  return (
    <>
      <span className="wd-log-badge">
        <Button
          icon="pi pi-bell" text rounded aria-label={total > 0 ? t('noticeUnread', { count: total }) : t('layoutNotice')}
          onClick={(e) => panel.current?.toggle(e)}
        />
        {total > 0 && <span className="wd-badge" aria-hidden="true">{badgeText(total)}</span>}
      </span>
      <OverlayPanel ref={panel} className="wd-notice-panel">
        {!boxes ? (
          <p className="wd-notice-empty">{inbox.isError ? t('noticeLoadFailed') : t('noticeLoading')}</p>
        ) : (
          <TabView>
            {INBOX_BOXES.map((box) => (
              <TabPanel key={box} header={boxes[box].unread > 0 ? `${t(TAB_OF[box])} (${badgeText(boxes[box].unread)})` : t(TAB_OF[box])}>
                <InboxList box={box} items={boxes[box].items} unread={boxes[box].unread} />
              </TabPanel>
            ))}
          </TabView>
        )}
      </OverlayPanel>
    </>
  );
}
