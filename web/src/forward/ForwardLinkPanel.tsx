import { useCallback } from 'react';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import type { Row } from '../crud/crud-api';
import { useI18n } from '../i18n/i18n';
import type { ForwardApi } from './forward-api';
import { usePolled } from './use-load';
import { LINK_STATE, linkSeverity, linkStateKey } from './link-states';

/** How often the link states are read again. */
export const LINK_POLL_MS = 3000;

interface Links {
  platforms: Row[];
  sent: Map<string, number>;
}

/**
 * The link of every platform, read again every few seconds: connecting, logged in, refused,
 * draining its backlog (how far behind), unreachable; with the frames sent and the last error.
 */
export function ForwardLinkPanel({ api }: { api: ForwardApi }) {
  const { t } = useI18n();
  const { data: links, error, reload: load } = usePolled<Links>(['forwardPlatform', 'links'], useCallback(async () => {
    const [platforms, sent] = await Promise.all([api.platforms(), api.framesSent()]);
    return { platforms, sent };
  }, [api]), LINK_POLL_MS);

  return (
    <div className="wd-fwd-links" aria-label={t('fwdLinks')} aria-live="polite">
      <strong className="wd-fwd-links-title">{t('fwdLinks')}</strong>
      {error && (
        <div role="alert" className="wd-fwd-links-error">
          {t('fwdLinksError', { msg: error })} <Button size="small" text label={t('fwdRetry')} onClick={() => void load()} />
        </div>
      )}
      {!links && !error && <Skeleton height="2rem" />}
      {links && links.platforms.length === 0 && <p className="wd-fwd-links-empty">{t('fwdLinksEmpty')}</p>}
      {links && links.platforms.length > 0 && (
        <ul>
          {links.platforms.map((p) => {
            const state = Number(p.linkState ?? 0);
            return (
              <li key={String(p.id)} data-platform={String(p.platformName)}>
                <span className="wd-fwd-name" data-user-text>{String(p.platformName)}</span>
                <Tag value={t(linkStateKey(state))} severity={linkSeverity(state)} data-link-state={state} />
                {state === LINK_STATE.draining && <span className="wd-fwd-backlog">{t('fwdBacklog', { seconds: Number(p.linkBacklog ?? 0) })}</span>}
                <span className="wd-fwd-sent">{t('fwdFramesSent', { count: links.sent.get(String(p.id)) ?? 0 })}</span>
                {p.linkError ? <span className="wd-fwd-error" title={String(p.linkError)}>{String(p.linkError)}</span> : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
