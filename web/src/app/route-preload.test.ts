import { beforeEach, describe, expect, it, vi } from 'vitest';
import { persistTokens } from '../session/session-storage';
import { preloadRoute } from './route-preload';
import { loadViewOnce } from './view-registry';

const preloaded = vi.hoisted(() => [] as string[]);
vi.mock('./view-registry', async (real) => ({
  ...(await real<typeof import('./view-registry')>()),
  preloadView: (path: string) => preloaded.push(path),
}));
vi.mock('../layout/MainLayout', () => ({ default: () => null }));
vi.mock('./MenuView', () => ({ default: () => null }));

const signIn = () =>
  persistTokens({ access_token: 'jwt', refresh_token: 'r', tenant_id: '000000', user_id: '1', role_name: 'administrator', account: 'admin', user_name: 'admin' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  preloaded.length = 0;
});

describe('route preload at boot', () => {
  it('asks for the page of a deep link when a session was kept', async () => {
    signIn();
    preloadRoute('/monitoring/map');
    await vi.waitFor(() => expect(preloaded).toEqual(['/monitoring/map']));
  });

  it.each(['/login', '/share/vehicle', '/largeScreen', '/404'])('loads nothing for %s, outside the signed-in layout', async (path) => {
    signIn();
    preloadRoute(path);
    await settle();
    expect(preloaded).toEqual([]);
  });

  it('loads nothing for a visitor without a session: the sign-in page stays light', async () => {
    preloadRoute('/monitoring/map');
    await settle();
    expect(preloaded).toEqual([]);
  });
});

describe('a view chunk', () => {
  it('is asked for once: the preload and the first render share the request', async () => {
    const loader = vi.fn(async () => ({ default: () => null }));
    const first = loadViewOnce('/x/shared', loader);
    expect(loadViewOnce('/x/shared', loader)).toBe(first);
    await first;
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('is asked for again after a failed load (a deploy replaced it, the network dropped)', async () => {
    const loader = vi.fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: () => null });
    await expect(loadViewOnce('/x/retry', loader)).rejects.toThrow(TypeError);
    await expect(loadViewOnce('/x/retry', loader)).resolves.toHaveProperty('default');
    expect(loader).toHaveBeenCalledTimes(2);
  });
});
