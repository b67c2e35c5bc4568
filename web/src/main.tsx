import './util/zod-jitless';
import { StrictMode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { PrimeConfig } from './app/PrimeConfig';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './styles/shell.css';
import { createAuthApi } from './api/auth-api';
import { createHttpClient } from './api/http';
import { toastNotifier } from './api/notifier';
import { App } from './app/App';
import { installPrimeA11y } from './app/prime-a11y';
import { createAppActors } from './app/app-actors';
import { accessToken } from './session/access-token';
import { loadAppConfig } from './app/app-config';
import { themeStore } from './theme/theme-store';
import { installErrorCapture } from './util/error-log';
import { queryClient } from './shared/query-client';
import { serverZone } from './shared/server-zone';
import { preloadRoute } from './app/route-preload';

installErrorCapture();
installPrimeA11y();
// Also links the base theme's stylesheet (light or dark, theme/prime-theme.ts).
themeStore.init();

preloadRoute(window.location.pathname);

const http = createHttpClient({ notifier: toastNotifier, getToken: accessToken.get });

// The config (captcha, tenant and switch modes, tokenTime) is needed before the first screen.
void loadAppConfig(createAuthApi(http)).then((config) => {
  serverZone.set(config.utcOffsetMin);
  const actors = createAppActors({ http, notifier: toastNotifier, config });
  actors.start();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <PrimeConfig>
          <App actors={actors} />
        </PrimeConfig>
      </QueryClientProvider>
    </StrictMode>,
  );
});
