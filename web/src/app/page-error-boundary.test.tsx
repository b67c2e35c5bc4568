import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { isChunkLoadError, PageErrorBoundary } from './PageErrorBoundary';
import { setLanguage } from '../i18n/i18n';
import { errorLog } from '../util/error-log';

describe('a page that fails to load', () => {
  it('tells a missing chunk from other errors, as each browser words it', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/Map-abc.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('x is undefined'))).toBe(false);
  });

  it('offers reload instead of a blank page, in the user\'s language, and keeps the error in the local log', async () => {
    setLanguage('en');
    errorLog.clear();
    const Gone = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Fence-1.js')));
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<PageErrorBoundary><Suspense fallback="…"><Gone /></Suspense></PageErrorBoundary>);
    expect(await screen.findByRole('alert')).toHaveTextContent('may have been updated to a new version');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
    expect(errorLog.list()[0]).toMatchObject({ type: 'chunk' });
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
});
