import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import type { MenuNode } from '../api/wire';
import { persistMenu, persistTokens } from '../session/session-storage';
import { AppUnderTest, createTestApp } from '../test-support/app-harness';
import MenuView from './MenuView';

const node = (id: string, name: string, path: string): MenuNode => ({
  id, parentId: '0', code: id, name, alias: '', path, source: '', sort: Number(id), category: 1, isOpen: 1,
});

/** Signed in with a menu holding only the vehicle list; renders MenuView at `path`. */
function renderAt(path: string) {
  persistTokens({ access_token: 'jwt', tenant_id: '000000', user_id: '1', role_name: 'operator', account: 'op', user_name: 'op' });
  persistMenu([node('1', '车辆', '/base/vehicle')], {});
  const app = createTestApp({ 'param/getValueByKey': { body: { code: 200, success: true, data: '0' } } });
  render(
    <AppUnderTest
      actors={app.actors}
      path={path}
      routes={
        <>
          <Route path="/403" element={<p>no permission</p>} />
          <Route path="*" element={<MenuView />} />
        </>
      }
    />,
  );
  return app;
}

describe('menu view', () => {
  it('answers 403 for a screen of the menu tree the user does not hold, before it calls anything', async () => {
    const app = renderAt('/system/user');
    expect(await screen.findByText('no permission')).toBeInTheDocument();
    expect(app.requests.some((r) => r.url.includes('wdiov-user'))).toBe(false);
  });

  it('opens pages that are everyone\'s (the profile), not only menu screens', async () => {
    const app = renderAt('/info/index');
    // The profile page opened: it asks for the user's own profile.
    await waitFor(() => expect(app.requests.some((r) => r.url.includes('wdiov-user/info'))).toBe(true), { timeout: 10_000 });
    expect(screen.queryByText('no permission')).not.toBeInTheDocument();
  });

  it('starts a user whose menu lacks the home screen at their first screen, not at 403', async () => {
    const app = renderAt('/wel/index');
    await waitFor(() => expect(app.requests.some((r) => r.url.includes('wdiov-base/vehicle'))).toBe(true), { timeout: 10_000 });
    expect(screen.queryByText('no permission')).not.toBeInTheDocument();
  }, 20_000);
});
