import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { Button } from 'primereact/button';
import { useI18n } from '../i18n/i18n';
import { errorLog } from '../util/error-log';

/**
 * A page chunk that no longer exists on the server (a new version was deployed since this tab
 * loaded) or could not be fetched: the browsers word it differently.
 */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk \S+ failed|Unable to preload CSS/i.test(text);
}

function PageFailed({ error }: FallbackProps) {
  const { t } = useI18n();
  return (
    <div className="wd-page-failed" role="alert">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      <h2>{t('appPageFailedTitle')}</h2>
      <p>{t(isChunkLoadError(error) ? 'appPageNewVersion' : 'appPageFailedOther')}</p>
      <Button icon="pi pi-refresh" label={t('appPageReload')} autoFocus onClick={() => window.location.reload()} />
    </div>
  );
}

const keep = (error: unknown) => {
  const e = error instanceof Error ? error : new Error(String(error));
  errorLog.add({ type: isChunkLoadError(e) ? 'chunk' : 'render', message: e.message, stack: e.stack ?? '', info: 'page' });
};

/** Around a page: a page that fails to load or to render offers "reload", never a blank area. */
export function PageErrorBoundary({ children, resetKey }: { children: ReactNode; resetKey?: string }) {
  return (
    <ErrorBoundary FallbackComponent={PageFailed} onError={keep} resetKeys={[resetKey]}>
      {children}
    </ErrorBoundary>
  );
}
