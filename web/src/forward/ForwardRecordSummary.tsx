import { useCallback } from 'react';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import type { Row } from '../crud/crud-api';
import { useI18n } from '../i18n/i18n';
import type { ForwardApi } from './forward-api';
import { usePolled } from './use-load';
import { LINK_POLL_MS } from './ForwardLinkPanel';
import { LINK_STATE, linkSeverity, linkStateKey } from './link-states';

const count = (v: unknown) => Number(v ?? 0).toLocaleString('zh-CN');

/**
 * The forwarding records summed per platform, read again every few seconds: vehicles, frames
 * sent, acknowledged and not (yet), realtime and reissue, the largest backlog, the last send and
 * the link. Choosing a platform narrows the record list below to it; choosing it again widens it.
 */
export function ForwardRecordSummary({ api, picked, onPick }: { api: ForwardApi; picked: string | null; onPick: (platformId: string | null) => void }) {
  const { t } = useI18n();
  const { data: platforms, error, reload: load } = usePolled<Row[]>(['forwardRecord', 'summary'], useCallback(() => api.recordSummary(), [api]), LINK_POLL_MS);

  return (
    <section className="wd-fwd-summary" aria-label={t('fwdRecordSummary')} aria-live="polite">
      <strong className="wd-fwd-links-title">{t('fwdRecordSummary')}</strong>
      {error && (
        <div role="alert" className="wd-fwd-links-error">
          {t('fwdLoadFailed', { msg: error })} <Button size="small" text label={t('fwdRetry')} onClick={() => void load()} />
        </div>
      )}
      {!platforms && !error && <Skeleton height="4.5rem" />}
      {platforms?.length === 0 && <p className="wd-fwd-links-empty">{t('fwdRecordEmpty')}</p>}
      {platforms && platforms.length > 0 && (
        <div className="wd-fwd-cards">
          {platforms.map((p) => {
            const id = String(p.forwardPlatformId);
            const state = Number(p.linkState ?? 0);
            const unconfirmed = Number(p.framesSent ?? 0) - Number(p.framesAcked ?? 0);
            return (
              <button type="button" key={id} className="wd-fwd-card" aria-pressed={picked === id} data-platform={String(p.platformName)}
                onClick={() => onPick(picked === id ? null : id)}>
                <span className="wd-fwd-card-head">
                  <span className="wd-fwd-name" data-user-text>{String(p.platformName ?? id)}</span>
                  <Tag value={t(linkStateKey(state))} severity={linkSeverity(state)} data-link-state={state} />
                </span>
                <span className="wd-fwd-figures">
                  <span><em>{count(p.vehicles)}</em>{t('fwdVehicles')}</span>
                  <span><em>{count(p.framesSent)}</em>{t('fwdSent')}</span>
                  <span><em>{count(p.framesAcked)}</em>{t('fwdAcked')}</span>
                  <span className={unconfirmed > 0 ? 'wd-fwd-warn' : undefined}><em>{count(unconfirmed)}</em>{t('fwdUnconfirmed')}</span>
                  <span><em>{count(p.reissueSent)}</em>{t('fwdReissued')}</span>
                  <span className={state === LINK_STATE.draining ? 'wd-fwd-warn' : undefined}><em>{count(p.backlogSeconds)}</em>{t('fwdBacklogMax')}</span>
                </span>
                <span className="wd-fwd-card-foot">
                  {p.lastSendTime ? t('fwdLastSent', { time: String(p.lastSendTime) }) : t('fwdNeverSent')}
                  {Number(p.vehiclesWithError ?? 0) > 0 && <span className="wd-fwd-error">{t('fwdVehiclesWithError', { count: Number(p.vehiclesWithError) })}</span>}
                  {p.linkError ? <span className="wd-fwd-error" title={String(p.linkError)}>{String(p.linkError)}</span> : null}
                </span>
              </button>
            );
          })}
        </div>
      )}
    </section>
  );
}
