import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { entities } from '@wdiov/contracts/entities/registry';
import { createHttpClient } from '../../api/http';
import { ALL_BUTTONS } from '../../crud/buttons';
import { ok } from '../../crud/crud-fixture';
import { CrudServicesProvider } from '../../crud/CrudServices';
import { createFakeFetch, createFakeNotifier } from '../../test-support/fake-fetch';
import { TestQueryProvider } from '../../test-support/query';
import { RoleScreen } from './RolePage';
import { UserScreen } from './UserPage';

const tree = (id: string, title: string, children?: unknown[]) => ({ id, parentId: '0', title, key: id, value: id, children });

function harness() {
  const fake = createFakeFetch({
    '/dept/tree': ok([tree('100', '总部')]),
    '/wdiov-user/page': ok({ records: [{ id: '7', account: 'ops', realName: '张三', roleId: '3', roleName: '管理员' }], total: 1 }),
    '/wdiov-user/reset-password': ok({}),
    '/role/list': ok([{ id: '3', parentId: '0', roleName: '管理员', roleAlias: 'admin', sort: 1 }]),
    '/menu/grant-tree': ok({ menu: [tree('11', '系统管理', [{ ...tree('12', '用户管理'), parentId: '11' }])], dataScope: [], apiScope: [] }),
    '/menu/role-tree-keys': ok({ menu: ['11', '12'], dataScope: [], apiScope: [] }),
    '/role/grant': ok({}),
    '/dictionary': ok([]),
  });
  const notes = createFakeNotifier();
  const http = createHttpClient({ fetch: fake.fetch, notifier: notes.notifier });
  const wrap = (node: React.ReactNode) => (
    <TestQueryProvider>
      <CrudServicesProvider services={{ http, notifier: notes.notifier }}>
        {node}
        <ConfirmDialog />
      </CrudServicesProvider>
    </TestQueryProvider>
  );
  const query = (part: string) => fake.requests.filter((r) => r.url.includes(part)).map((r) => new URL(r.url, 'http://x').searchParams);
  return { fake, notes, wrap, query };
}

describe('system screens', { timeout: 30_000 }, () => {
  it('user: the dept tree filters the page by deptId; reset password asks, posts userIds and toasts', async () => {
    const h = harness();
    render(h.wrap(<UserScreen entity={entities.user} buttons={ALL_BUTTONS} />));
    fireEvent.click(await screen.findByText('总部'));
    await waitFor(() => expect(h.query('/wdiov-user/page').at(-1)?.get('deptId')).toBe('100'));
    const row = (await within(screen.getByRole('table')).findByText('张三')).closest('tr')!;
    fireEvent.click(within(screen.getByRole('toolbar')).getByRole('button', { name: '密码重置' }));
    expect(h.notes.messages).toContainEqual(['warning', '请选择至少一条数据']);
    fireEvent.click(row.querySelector('input[type=checkbox]')!);
    fireEvent.click(within(screen.getByRole('toolbar')).getByRole('button', { name: '密码重置' }));
    expect(await screen.findByText('确定将选择账号密码重置为初始密码?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(h.notes.messages).toContainEqual(['success', '操作成功!']));
    const reset = h.fake.requests.find((r) => r.url.includes('reset-password'))!;
    expect(reset.method).toBe('POST');
    expect(new URL(reset.url, 'http://x').searchParams.get('userIds')).toBe('7');
  });

  it('role: the grant dialog checks the stored keys and saves menus and scopes for the chosen roles', async () => {
    const h = harness();
    render(h.wrap(<RoleScreen entity={entities.role} buttons={ALL_BUTTONS} />));
    const row = (await screen.findByText('管理员')).closest('tr')!;
    fireEvent.click(row.querySelector('input[type=checkbox]')!);
    fireEvent.click(within(screen.getByRole('toolbar')).getByRole('button', { name: '权限设置' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('系统管理')).toBeInTheDocument();
    expect(h.query('/role-tree-keys').at(-1)?.get('roleIds')).toBe('3');
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(h.notes.messages).toContainEqual(['success', '操作成功!']));
    const grant = h.fake.requests.find((r) => r.url.includes('/role/grant'))!;
    const body = JSON.parse(String(grant.body)) as Record<string, string[]>;
    expect({ ...body, menuIds: body.menuIds.sort() }).toEqual({ roleIds: ['3'], menuIds: ['11', '12'], dataScopeIds: [], apiScopeIds: [] });
  });
});
