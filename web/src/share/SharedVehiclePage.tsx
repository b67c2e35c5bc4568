import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../i18n/i18n';
import { stateText } from '../monitoring/reading-text';
import { SharedVehicleMap } from './SharedVehicleMap';
import { loadSharedPosition, shareKeys, SHARE_PARAM, SHARED_POLL_MS } from './vehicle-share-api';
import './share.css';

/**
 * /share/vehicle?share=<token>, outside the layout and without sign-in: one vehicle's latest
 * position on the map, read again every few seconds, for as long as the link works.
 */
export default function SharedVehiclePage({ fetcher }: { fetcher?: typeof fetch }) {
  const [params] = useSearchParams();
  const { t, language } = useI18n();
  const token = params.get(SHARE_PARAM) ?? '';
  const position = useQuery({
    queryKey: shareKeys.position(token),
    queryFn: () => loadSharedPosition(token, fetcher),
    // A refused link stays refused: no retries, and polling stops with it.
    retry: false,
    refetchInterval: (query) => (query.state.status === 'error' ? false : SHARED_POLL_MS),
    staleTime: 0,
  });
  useEffect(() => { document.title = t('sharedVehicleTitle'); }, [t, language]);
  const d = position.data;
  const name = d ? d.plateNumber || d.vin : '';

  return (
    <main className="wd-shared-vehicle">
      <header>
        <h1>{t('sharedVehicleTitle')}{name && ` · ${name}`}</h1>
        {d && <small>{t('sharedVehicleExpires', { time: d.expiresAt })}</small>}
      </header>
      {position.isPending && <p role="status">{t('sharedVehicleLoading')}</p>}
      {position.isError && <p role="alert" className="wd-shared-error">{position.error.message}</p>}
      {d && (
        <>
          <dl className="wd-shared-facts">
            <div><dt>{t('sharedVehicleState')}</dt><dd>{stateText(d.state, t)}</dd></div>
            <div><dt>{t('sharedVehicleSpeed')}</dt><dd>{d.speedKmh === null ? '–' : `${d.speedKmh} km/h`}</dd></div>
            <div><dt>{t('sharedVehicleTime')}</dt><dd>{d.time || '–'}</dd></div>
          </dl>
          {d.lng === null || d.lat === null ? <p role="status">{t('sharedVehicleNoFix')}</p> : null}
          <SharedVehicleMap position={d} label={t('sharedVehicleMap', { name })} />
        </>
      )}
    </main>
  );
}
