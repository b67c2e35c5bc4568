import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { createHttpClient } from '../api/http';
import { ALL_BUTTONS, buttonSet } from '../crud/buttons';
import { setLanguage } from '../i18n/i18n';
import { createFakeFetch, createFakeNotifier, type RecordedRequest } from '../test-support/fake-fetch';
import { TestQueryProvider } from '../test-support/query';
import { SsoProviderView } from './SsoProviderPage';

const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });
const ISSUER = 'https://idp.example.com';
const stored = {
  id: 'a1b2c3', name: 'Corporate IdP', issuer: ISSUER, clientId: 'console', redirectUri: 'https://console.example.com/login',
  scopes: 'openid profile email', status: 1, updateTime: '2026-12-02 09:10:11',
};

/** A gateway double that keeps its providers, as the real one does, so lists reload what writes changed. */
function open(buttons = ALL_BUTTONS, initial = [stored]) {
  let rows = [...initial];
  const fake = createFakeFetch({
    'sso/provider/list': (() => Promise.resolve(new Response(JSON.stringify(ok(rows).body)))) as never,
    'sso/provider/submit': ((req: RecordedRequest) => {
      const body = JSON.parse(String(req.body)) as typeof stored;
      rows = [...rows.filter((r) => r.issuer !== body.issuer), { ...stored, ...body, id: 'n1' }];
      return Promise.resolve(new Response(JSON.stringify(ok({ id: 'n1' }).body)));
    }) as never,
    'sso/provider/remove': ((req: RecordedRequest) => {
      const ids = new URL(req.url, 'http://x').searchParams.get('ids')!.split(',');
      rows = rows.filter((r) => !ids.includes(r.id));
      return Promise.resolve(new Response(JSON.stringify(ok({ removed: ids.length }).body)));
    }) as never,
  });
  const notes = createFakeNotifier();
  const http = createHttpClient({ fetch: fake.fetch, notifier: notes.notifier, baseUrl: '/api' });
  render(<TestQueryProvider><SsoProviderView http={http} notifier={notes.notifier} buttons={buttons} /><ConfirmDialog /></TestQueryProvider>);
  return { requests: fake.requests, messages: notes.messages };
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

afterEach(() => setLanguage('zh'));

describe('the single sign-on provider screen', { timeout: 20_000 }, () => {
  it('lists the providers without secrets and edits one keeping its secret', async () => {
    const { requests, messages } = open();
    const table = await screen.findByRole('table', { name: '单点登录' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(`Corporate IdP${ISSUER}console`);
    fireEvent.click(within(table).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: /修改身份提供方/ });
    expect(field(dialog, '签发者')).toBeDisabled();
    expect(field(dialog, '客户端密钥')).toHaveValue('');
    fireEvent.change(field(dialog, '名称'), { target: { value: 'Renamed IdP' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = JSON.parse(String(requests.find((r) => r.url.includes('submit'))!.body));
    expect(sent).toMatchObject({ name: 'Renamed IdP', issuer: ISSUER, status: 1 });
    expect(sent).not.toHaveProperty('clientSecret');
    expect(await within(table).findByText('Renamed IdP')).toBeInTheDocument();
    expect(messages).toContainEqual(['success', '身份提供方已保存']);
  });

  it('asks for the secret of a new provider before it can be saved', async () => {
    open(ALL_BUTTONS, []);
    expect(await screen.findByText('尚未配置身份提供方')).toHaveAttribute('role', 'status');
    fireEvent.click(screen.getByRole('button', { name: '新增身份提供方' }));
    const dialog = await screen.findByRole('dialog');
    for (const [label, value] of [['名称', 'Okta'], ['签发者', ISSUER], ['客户端ID', 'console']]) fireEvent.change(field(dialog, label), { target: { value } });
    const save = within(dialog).getByRole('button', { name: '保存' });
    expect(save).toBeDisabled();
    fireEvent.change(field(dialog, '客户端密钥'), { target: { value: 's3cret' } });
    expect(save).toBeEnabled();
    fireEvent.click(save);
    const table = await screen.findByRole('table', { name: '单点登录' });
    expect(within(table).getByText('Okta')).toBeInTheDocument();
  });

  it('removes a provider after a confirmation naming it, in English, and shows only granted buttons', async () => {
    setLanguage('en');
    const { requests } = open();
    const table = await screen.findByRole('table', { name: 'Single sign-on' });
    fireEvent.click(within(table).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Remove the identity provider "Corporate IdP"? Its users will no longer sign in through it.')).toBeInTheDocument();
    expect(requests.some((r) => r.url.includes('remove'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('No identity provider is configured yet')).toBeInTheDocument();
    expect(requests.find((r) => r.url.includes('remove'))!.url).toContain('ids=a1b2c3');
  });

  it('shows no write buttons to a user without them', async () => {
    open(buttonSet({}, 'sso'));
    const table = await screen.findByRole('table', { name: '单点登录' });
    expect(within(table).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: '新增身份提供方' })).toBeNull();
  });
});
