import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { accessToken } from './session/access-token';

// findBy… and waitFor wait up to 5 s for what they look for (1 s by default): on a loaded
// two-core machine a lazy screen can take longer than a second to render, and a test that finds
// its element sooner still ends sooner.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
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
