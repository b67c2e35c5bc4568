import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { accessToken } from './session/access-token';
import { getLanguage, setLanguage } from './i18n/i18n';
import { tabStore } from './layout/tab-store';
import { collapseStore } from './layout/layout-store';
import { drawInDatum, setServedMapStyle } from './map/map-settings';

// findBy… and waitFor wait up to 5 s for what they look for (1 s by default): on a loaded
// two-core machine a lazy screen can take longer than a second to render, and a test that finds
// its element sooner still ends sooner.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // Files share one module graph per worker (vitest.config.ts): module-level stores start over
  // too (before the storage they write to is emptied).
  if (getLanguage() !== 'zh') setLanguage('zh');
  tabStore.clear();
  // The drawn datum is the page's: a map a test opened on a GCJ-02 basemap must not move the next file's points.
  setServedMapStyle('', 'wgs84');
  drawInDatum('wgs84');
  if (collapseStore.get()) collapseStore.set(false);
  window.localStorage.clear();
  window.sessionStorage.clear();
  accessToken.clear();
});

afterEach(() => {
  // Token cookies would otherwise leak from one test into the next.
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
});
