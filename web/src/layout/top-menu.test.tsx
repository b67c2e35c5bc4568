import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { MenuNode } from '../api/wire';
import { AppActorsProvider } from '../app/AppActorsProvider';
import { createQueryClient } from '../shared/query-client';
import { createTestApp } from '../test-support/app-harness';
import { chosenTopMenu, TopMenuNav, useSidebarMenu } from './top-menu';

const node = (id: string, name: string): MenuNode => ({ id, parentId: '0', code: id, name, alias: '', path: `/${id}`, source: '', sort: 1, category: 1, isOpen: 1 });
const FULL = [node('monitor', '监控'), node('base', '基础数据'), node('system', '系统管理')];
const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '' } });

function Probe() {
  const menu = useSidebarMenu(FULL);
  return (
    <>
      <TopMenuNav />
      <ul aria-label="sidebar">{menu.map((m) => <li key={m.id}>{m.name}</li>)}</ul>
    </>
  );
}

function show(topMenus: unknown[]) {
  const app = createTestApp({
    '/menu/top-menu': ok(topMenus),
    '/menu/routes?topMenuId=11': ok([node('monitor', '监控')]),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AppActorsProvider actors={app.actors}><Probe /></AppActorsProvider>
    </QueryClientProvider>,
  );
  return app;
}
const sidebar = () => screen.getByRole('list', { name: 'sidebar' }).textContent;

describe('the top menu', () => {
  it('lists the tenant\'s top menus and narrows the sidebar to the menus granted to the chosen one', async () => {
    const app = show([{ id: '11', name: '实时监控', source: 'pi-map', sort: 1 }, { id: '12', name: '后台管理', source: '', sort: 2 }]);
    expect(await screen.findByRole('button', { name: '实时监控' })).toHaveAttribute('aria-pressed', 'false');
    expect(sidebar()).toBe('监控基础数据系统管理');
    fireEvent.click(screen.getByRole('button', { name: '实时监控' }));
    await waitFor(() => expect(sidebar()).toBe('监控'));
    expect(app.requests.some((r) => r.url.includes('/menu/routes?topMenuId=11'))).toBe(true);
    expect(screen.getByRole('button', { name: '实时监控' })).toHaveAttribute('aria-pressed', 'true');
    expect(chosenTopMenu.get()).toBe('11');
    fireEvent.click(screen.getByRole('button', { name: '全部菜单' }));
    await waitFor(() => expect(sidebar()).toBe('监控基础数据系统管理'));
  });

  it('shows nothing extra and the whole menu when the tenant has no top menu', async () => {
    const app = show([]);
    await waitFor(() => expect(app.requests.some((r) => r.url.includes('/menu/top-menu'))).toBe(true));
    expect(screen.queryByRole('group')).toBeNull();
    expect(sidebar()).toBe('监控基础数据系统管理');
  });
});
