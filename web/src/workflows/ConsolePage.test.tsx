import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import type { MenuNode } from '../api/wire';
import { persistMenu, persistTokens } from '../session/session-storage';
import { AppUnderTest, createTestApp } from '../test-support/app-harness';
import ConsolePage from './ConsolePage';

const node = (id: string, name: string, path: string): MenuNode => ({
  id, parentId: '0', code: id, name, alias: '', path, source: '', sort: Number(id), category: 1, isOpen: 1,
});
const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });

/** Signed in with the given screens; the console at /wel/dashboard over a fake gateway. */
function renderConsole(menu: MenuNode[]) {
  persistTokens({ access_token: 'jwt', tenant_id: '000000', user_id: '1', role_name: 'auditor', account: 'au', user_name: 'au' });
  persistMenu(menu, {});
  const app = createTestApp({
    'param/getValueByKey': ok('0'),
    'bill/page': ok({ records: [{ id: '1' }], total: 4 }),
    'alarmRecord/selectExpireRemind': ok({
      records: [{ maintainRecordId: '9', plateNumber: '沪A00001', vin: 'LWDIOV00000000001', nextMaintainDate: '2026-11-20', daysLeft: -6, kmLeft: null }],
      total: 1,
    }),
  });
  render(<AppUnderTest actors={app.actors} path="/wel/dashboard" routes={<Route path="/wel/dashboard" element={<ConsolePage />} />} />);
  return app;
}

describe('the console', () => {
  it('counts the to-dos of the screens the user holds and asks for nothing else', async () => {
    const app = renderConsole([node('1', '账单', '/vehteam/bill')]);
    const todo = await screen.findByRole('region', { name: '待办事项' });
    const cards = within(todo).getAllByRole('link');
    expect(cards.map((c) => c.getAttribute('data-count'))).toEqual(['bill-pending', 'bill-rejected']);
    expect(cards.every((c) => c.getAttribute('href') === '/vehteam/bill')).toBe(true);
    expect(await within(cards[0]!).findByText('4')).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('待审核');
    const pending = app.requests.find((r) => r.url.includes('bill/page') && r.url.includes('billStatus_equal=1'));
    expect(pending).toBeDefined();
    expect(app.requests.some((r) => r.url.includes('dispatch') || r.url.includes('selectExpireRemind'))).toBe(false);
    expect(screen.queryByRole('region', { name: '到期保养' })).toBeNull();
  });

  it('lists the maintenance falling due, overdue first, for a user holding the maintenance screen', async () => {
    renderConsole([node('2', '保养记录', '/vehteam/maintainRecord')]);
    const due = await screen.findByRole('region', { name: '到期保养' });
    expect(await within(due).findByText('沪A00001')).toBeInTheDocument();
    expect(within(due).getByText('-6 天')).toBeInTheDocument();
  });

  it('says so when the user holds none of its screens', async () => {
    renderConsole([node('3', '车辆', '/base/vehicle')]);
    expect(await screen.findByText('暂无可查看的待办事项')).toBeInTheDocument();
  });
});
