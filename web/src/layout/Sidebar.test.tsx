import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { MenuNode } from '../api/wire';
import { setLanguage } from '../i18n/i18n';
import { loadShellStyles } from '../test-support/shell-styles';
import { Sidebar } from './Sidebar';

afterEach(() => setLanguage('zh'));

const node = (id: string, parentId: string, code: string, name: string, path: string, children?: MenuNode[]): MenuNode => ({
  id, parentId, code, name, alias: '', path, source: '', sort: Number(id), category: 1, isOpen: 1, children,
});

// Codes of the seeded menu tree, whose English names are long.
const MENU = [
  node('1', '0', 'pm', '物流仓储', '/pm', [node('11', '1', 'alarm_handle_config', '报警处理配置', '/base/alarmHandleConfig')]),
  node('2', '0', 'system', '系统管理', '/system', [node('21', '2', 'tenantpackage', '租户产品包', '/system/tenantpackage')]),
];

function renderSidebar(collapsed = false) {
  return render(
    <MemoryRouter>
      <Sidebar menu={MENU} collapsed={collapsed} title="WDIOV" onChosen={() => undefined} onExpandRequest={() => undefined} />
    </MemoryRouter>,
  );
}

describe('sidebar', () => {
  it('shows long English names whole: wrapped to two lines, never cut to one', () => {
    loadShellStyles();
    setLanguage('en');
    renderSidebar();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logistics and storage' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'System' }));
    for (const name of ['Logistics and storage', 'Alarm handling config', 'Tenant product package']) {
      const item = screen.getByRole('menuitem', { name });
      const label = item.querySelector('.wd-menu-label')!;
      expect(label.textContent).toBe(name);
      const style = getComputedStyle(label);
      // jsdom has no layout: the declared wrapping is what shows the name whole.
      expect(style.whiteSpace, name).not.toBe('nowrap');
      expect(getComputedStyle(item).whiteSpace, name).not.toBe('nowrap');
      expect(style.textOverflow, name).not.toBe('ellipsis');
      expect(style.getPropertyValue('-webkit-line-clamp'), name).toBe('2');
      // The row grows with a second line instead of clipping it.
      expect(getComputedStyle(item).height, name).not.toMatch(/px$/);
      // The whole name is also the tooltip, for a name longer than two lines.
      expect(item).toHaveAttribute('title', name);
    }
  });

  it('hides the decorative icons from screen readers, expanded and collapsed', () => {
    const { container, rerender } = renderSidebar();
    fireEvent.click(screen.getByRole('menuitem', { name: '物流仓储' }));
    const icons = () => [...container.querySelectorAll('.wd-menu i')];
    expect(icons().length).toBeGreaterThanOrEqual(3);
    for (const icon of icons()) expect(icon).toHaveAttribute('aria-hidden', 'true');
    // The names alone are read: no icon class leaks into them.
    expect(within(container).getByRole('menuitem', { name: '报警处理配置' })).toBeInTheDocument();

    rerender(
      <MemoryRouter>
        <Sidebar menu={MENU} collapsed title="WDIOV" onChosen={() => undefined} onExpandRequest={() => undefined} />
      </MemoryRouter>,
    );
    for (const icon of icons()) expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('menuitem', { name: '物流仓储' })).toBeInTheDocument();
  });

  it('names the collapsed icons in a tooltip on keyboard focus, and says which folders are open', async () => {
    renderSidebar();
    const folder = screen.getByRole('menuitem', { name: '物流仓储' });
    expect(folder).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(folder);
    expect(folder).toHaveAttribute('aria-expanded', 'true');

    renderSidebar(true);
    const icon = screen.getAllByRole('menuitem', { name: '系统管理' }).at(-1)!;
    expect(icon.querySelector('.wd-menu-label')).toBeNull();
    fireEvent.focus(icon);
    // jsdom has no layout: the tooltip is placed but counts as hidden, so it is found by role attribute.
    const tooltip = () => document.body.querySelector('[role="tooltip"]');
    await waitFor(() => expect(tooltip()).toHaveTextContent('系统管理'));
    fireEvent.blur(icon);
    await waitFor(() => expect(tooltip()).toBeNull());
  });
});
