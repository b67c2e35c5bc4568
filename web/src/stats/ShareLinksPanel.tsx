import { useCallback, useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import type { HttpClient } from '../api/http';
import { useI18n } from '../i18n/i18n';
import { shareLinks, type ShareLinkRow } from './large-screen-api';

const HOURS = [24, 168, 720];

/** The large screen's share links: create one (its address shown once, to copy), see and revoke the others. */
export function ShareLinksPanel({ http, onClose }: { http: HttpClient; onClose: () => void }) {
  const { t } = useI18n();
  const [rows, setRows] = useState<ShareLinkRow[]>([]);
  const [hours, setHours] = useState(HOURS[0]!);
  const [created, setCreated] = useState<string | null>(null);
  const reload = useCallback(() => { shareLinks.list(http).then(setRows, () => setRows([])); }, [http]);
  useEffect(reload, [reload]);
  const create = async () => {
    const link = await shareLinks.create(http, hours);
    setCreated(`${window.location.origin}${link.path}`);
    reload();
  };
  return (
    <aside className="wd-screen-share" aria-label={t('screenShareTitle')}>
      <header><h3>{t('screenShareTitle')}</h3><Button text size="small" icon="pi pi-times" aria-label={t('screenShareClose')} onClick={onClose} /></header>
      <div className="wd-screen-share-new">
        <select aria-label={t('screenShareHours')} value={hours} onChange={(e) => setHours(Number(e.target.value))}>
          {HOURS.map((h) => <option key={h} value={h}>{t('screenShareFor', { n: h / 24 })}</option>)}
        </select>
        <Button size="small" label={t('screenShareCreate')} icon="pi pi-link" onClick={() => void create()} />
      </div>
      {created && <input className="wd-screen-share-url" readOnly value={created} aria-label={t('screenShareUrl')} onFocus={(e) => e.target.select()} />}
      <ul>
        {rows.map((r) => (
          <li key={r.id}>
            <span>{r.createTime} → {r.expiresAt}</span>
            {r.active
              ? <Button text size="small" label={t('screenShareRevoke')} onClick={() => void shareLinks.revoke(http, r.id).then(reload)} />
              : <em>{t(r.revoked ? 'screenShareRevoked' : 'screenShareExpired')}</em>}
          </li>
        ))}
      </ul>
    </aside>
  );
}
