import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import type { AppConfig, MenuNode } from '../api/wire';
import { setLanguage } from '../i18n/i18n';
import MenuView from '../app/MenuView';
import { persistMenu, persistTokens } from '../session/session-storage';
import { AppUnderTest, createTestApp } from '../test-support/app-harness';
import { deferred } from '../test-support/flush';
import MainLayout from './MainLayout';
import { HOME_PATH } from './tab-rules';

type ViewModule = { default: ComponentType };

/** Page chunks that load only when the test says so. */
const chunks = vi.hoisted(() => new Map<string, { promise: Promise<ViewModule>; resolve: (m: ViewModule) => void }>());

vi.mock('../app/view-registry', async () => {
  const { lazy: lazyOf } = await import('react');
  const views = new Map<string, ReturnType<typeof lazyOf>>();
  const paths = ['/wel/index', '/a/index', '/b/index', '/c/index'];
  return {
    hasView: (path: string) => paths.includes(path),
    lazyView: (path: string) => {
      if (!paths.includes(path)) return undefined;
      if (!views.has(path)) views.set(path, lazyOf(() => chunks.get(path)!.promise));
      return views.get(path);
    },
  };
});

const node = (id: string, name: string, path: string): MenuNode => ({
  id, parentId: '0', code: id, name, alias: '', path, source: 'pi pi-file', sort: Number(id), category: 1, isOpen: 1,
});
const MENU = [node('1', '数据看板', HOME_PATH), node('2', '页面甲', '/a/index'), node('3', '页面乙', '/b/index'), node('4', '页面丙', '/c/index')];

function signedIn(config: Partial<AppConfig> = {}) {
  persistTokens({ access_token: 'jwt', refresh_token: 'r', tenant_id: '000000', user_id: '1', role_name: 'administrator', account: 'admin', user_name: 'admin' });
  persistMenu(MENU, {});
  return createTestApp({
    'param/getValueByKey': { body: { code: 200, success: true, data: '0' } },
    'notice/inbox': { body: { code: 200, success: true, msg: '', data: { mail: { unread: 0, items: [] }, message: { unread: 0, items: [] }, notice: { unread: 0, items: [] } } } },
    'notice': { body: { code: 200, success: true, data: { records: [], total: 0 } } },
  }, config);
}

const page = (text: string): ViewModule => ({ default: () => <p>{text}</p> });
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

function renderLayout(config: Partial<AppConfig> = {}) {
  for (const path of ['/wel/index', '/a/index', '/b/index', '/c/index']) chunks.set(path, deferred<ViewModule>());
  chunks.get(HOME_PATH)!.resolve(page('home page'));
  const app = signedIn(config);
  render(
    <AppUnderTest
      actors={app.actors}
      path={HOME_PATH}
      routes={
        <Route element={<MainLayout />}>
          <Route path="*" element={<MenuView />} />
        </Route>
      }
    />,
  );
}

afterEach(() => setLanguage('zh'));

describe('main layout', () => {
  it('opens a tab for each of several quick navigations, before any page chunk has loaded', async () => {
    renderLayout();
    expect(await screen.findByText('home page')).toBeInTheDocument();

    const menu = within(screen.getByRole('complementary'));
    for (const name of ['页面甲', '页面乙', '页面丙']) {
      await act(async () => fireEvent.click(menu.getByRole('menuitem', { name })));
    }
    // None of the three chunks has arrived: the route changes were committed all the same.
    expect(tabNames()).toEqual(['数据看板', '页面甲', '页面乙', '页面丙']);
    expect(screen.getByRole('tab', { name: '页面丙' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('加载中');
    expect(document.title).toMatch(/^页面丙 - /);

    await act(async () => {
      chunks.get('/a/index')!.resolve(page('page a'));
      chunks.get('/b/index')!.resolve(page('page b'));
      chunks.get('/c/index')!.resolve(page('page c'));
    });
    expect(await screen.findByText('page c')).toBeInTheDocument();
    expect(screen.queryByText('page a')).toBeNull();
    expect(tabNames()).toEqual(['数据看板', '页面甲', '页面乙', '页面丙']);
  });

  it('keeps every tab even when the clicks come within one task', async () => {
    renderLayout();
    expect(await screen.findByText('home page')).toBeInTheDocument();
    const menu = within(screen.getByRole('complementary'));
    await act(async () => {
      for (const name of ['页面甲', '页面乙', '页面丙']) fireEvent.click(menu.getByRole('menuitem', { name }));
    });
    expect(tabNames()).toEqual(['数据看板', '页面甲', '页面乙', '页面丙']);
    expect(screen.getByRole('tab', { name: '页面丙' })).toHaveAttribute('aria-selected', 'true');
  });

  it.each([
    [{}, 'WDIOV 车联网监控平台', 'WDIOV Fleet Console'],
    [{ productTitle: '某某车队平台' }, '某某车队平台', '某某车队平台'],
    [{ productTitle: '某某车队平台', productTitleEn: 'Acme Fleet' }, '某某车队平台', 'Acme Fleet'],
  ])('shows the product title in the console language (config %j)', async (config, zh, en) => {
    renderLayout(config);
    expect(await screen.findByText('home page')).toBeInTheDocument();
    const sidebar = within(screen.getByRole('complementary'));
    expect(sidebar.getByText(zh)).toBeInTheDocument();
    expect(document.title).toBe(`数据看板 - ${zh}`);
    act(() => setLanguage('en'));
    expect(sidebar.getByText(en)).toBeInTheDocument();
    expect(document.title).toBe(`Data board - ${en}`);
  });
});
