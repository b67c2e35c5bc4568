import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { HOME_PATH, type Tab } from './tab-rules';
import { tabStore } from './tab-store';
import { TabStrip } from './TabStrip';
import { getLanguage, setLanguage, useI18n } from '../i18n/i18n';

function Page({ onClearCache }: { onClearCache: () => void }) {
  const { pathname, search } = useLocation();
  return (
    <>
      <TabStrip title={`page ${pathname}`} onClearCache={onClearCache} />
      <output aria-label="location">{pathname + search}</output>
    </>
  );
}

function renderStrip(path: string, stored: Tab[] = []) {
  tabStore.set(stored);
  const onClearCache = vi.fn();
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<Page onClearCache={onClearCache} />} />
      </Routes>
    </MemoryRouter>,
  );
  return { onClearCache };
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
// jsdom leaves primereact's popup at display:none (no layout), so include hidden nodes.
const menuItem = (name: string) => screen.findByRole('menuitem', { name, hidden: true });
const location = () => screen.getByLabelText('location').textContent;

describe('tab strip', () => {
  it('names the open tabs in the language now, not the one they were opened in', () => {
    const names: Record<string, [string, string]> = { '/base/vehicle': ['车辆', 'Vehicle'], '/a': ['甲', 'A'] };
    const titleOf = (path: string) => names[path]![getLanguage() === 'en' ? 1 : 0];
    function Switching() {
      useI18n();
      return <TabStrip title={titleOf('/a')} titleOf={titleOf} onClearCache={() => undefined} />;
    }
    tabStore.set([{ label: '车辆', path: '/base/vehicle' }]);
    render(<MemoryRouter initialEntries={['/a']}><Switching /></MemoryRouter>);
    expect(tabNames()).toEqual(['数据看板', '车辆', '甲']);
    try {
      act(() => setLanguage('en'));
      expect(tabNames()).toEqual(['Data board', 'Vehicle', 'A']);
    } finally {
      act(() => setLanguage('zh'));
    }
  });

  it('starts with the first page, which cannot be closed, even as the only tab', () => {
    renderStrip(HOME_PATH);
    expect(tabNames()).toEqual(['数据看板']);
    expect(screen.queryByLabelText(/关闭当前/)).toBeNull();
  });

  it('opens the current page and closes the active tab towards its left neighbour', () => {
    renderStrip('/a', [{ label: 'page /b', path: '/b' }]);
    expect(tabNames()).toEqual(['数据看板', 'page /b', 'page /a']);
    expect(screen.queryByLabelText('关闭当前 数据看板')).toBeNull();
    // The close buttons are the pointer's (hidden from screen readers, out of the Tab order).
    fireEvent.click(screen.getByLabelText('关闭当前 page /a'));
    expect(location()).toBe('/b');
    expect(tabNames()).toEqual(['数据看板', 'page /b']);
    fireEvent.click(screen.getByLabelText('关闭当前 page /b'));
    expect(location()).toBe(HOME_PATH);
    expect(tabNames()).toEqual(['数据看板']);
  });

  it('moves between tabs with the arrows and closes the focused one with Delete', () => {
    renderStrip('/a', [{ label: 'page /b', path: '/b' }]);
    const tab = (name: string) => screen.getByRole('tab', { name });
    // One stop of the Tab key: the active tab.
    expect(screen.getAllByRole('tab').map((el) => el.tabIndex)).toEqual([-1, -1, 0]);
    tab('page /a').focus();
    fireEvent.keyDown(tab('page /a'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('page /b'));
    fireEvent.keyDown(tab('page /b'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('page /a'));
    fireEvent.keyDown(tab('page /a'), { key: 'Home' });
    expect(document.activeElement).toBe(tab('数据看板'));
    // The first page stays; another closes.
    fireEvent.keyDown(tab('数据看板'), { key: 'Delete' });
    expect(tabNames()).toEqual(['数据看板', 'page /b', 'page /a']);
    fireEvent.keyDown(tab('page /b'), { key: 'Delete' });
    expect(tabNames()).toEqual(['数据看板', 'page /a']);
  });

  it('opens no tab for a page that is not one (about to become /404)', () => {
    tabStore.set([]);
    render(
      <MemoryRouter initialEntries={['/nope']}>
        <TabStrip title={null} onClearCache={() => undefined} />
      </MemoryRouter>,
    );
    expect(tabNames()).toEqual(['数据看板']);
  });

  it('navigates by clicking a tab, keeping its query', () => {
    renderStrip('/a', [{ label: 'page /b', path: '/b?vin=1' }]);
    fireEvent.click(screen.getByRole('tab', { name: 'page /b' }));
    expect(location()).toBe('/b?vin=1');
  });

  it('close others keeps the first page and the active tab; close all returns home', async () => {
    renderStrip('/a', [
      { label: 'page /b', path: '/b' },
      { label: 'page /c', path: '/c' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: '标签操作' }));
    fireEvent.click(await menuItem('关闭其他'));
    expect(tabNames()).toEqual(['数据看板', 'page /a']);
    fireEvent.click(screen.getByRole('button', { name: '标签操作' }));
    fireEvent.click(await menuItem('关闭全部'));
    expect(location()).toBe(HOME_PATH);
    expect(tabNames()).toEqual(['数据看板']);
  });

  it('offers clear cache', async () => {
    const { onClearCache } = renderStrip('/a');
    fireEvent.click(screen.getByRole('button', { name: '标签操作' }));
    fireEvent.click(await menuItem('清除缓存'));
    expect(onClearCache).toHaveBeenCalledTimes(1);
  });
});
