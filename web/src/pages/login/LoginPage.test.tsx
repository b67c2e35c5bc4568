import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { accessToken } from '../../session/access-token';
import { getAllStore, getStore } from '../../util/storage';
import { AppUnderTest, createTestApp } from '../../test-support/app-harness';
import { loadShellStyles } from '../../test-support/shell-styles';
import LoginPage from './LoginPage';

const CAPTCHA = { key: 'captcha-key-1', image: 'data:image/png;base64,AAAA' };
const TOKEN_OK = {
  access_token: 'jwt-access', refresh_token: 'jwt-refresh', token_type: 'bearer', expires_in: 3599,
  tenant_id: '000000', user_id: '1123598821738675201', dept_id: '1', role_id: '2', role_name: 'administrator',
  account: 'admin', user_name: 'admin', real_name: '管理员', nick_name: '管理员', avatar: '',
};
const MENU_OK = { code: 200, success: true, msg: '操作成功', data: [{ id: '1', parentId: '0', name: '首页', path: '/wel', code: 'wel' }] };

function renderLogin(tokenBody: unknown, extra: Parameters<typeof createTestApp>[0] = {}, config: Parameters<typeof createTestApp>[1] = {}) {
  const app = createTestApp({
    ...extra,
    'oauth/captcha': { body: CAPTCHA },
    'oauth/token': { status: tokenBody && 'error_code' in (tokenBody as object) ? 400 : 200, body: tokenBody },
    'menu/routes': { body: MENU_OK },
    'menu/buttons': { body: { code: 200, success: true, data: [] } },
    'param/getValueByKey': { body: { code: 200, success: true, data: '0' } },
  }, config);
  render(
    <AppUnderTest
      actors={app.actors}
      path="/login"
      routes={
        <>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/" element={<p>home page</p>} />
        </>
      }
    />,
  );
  return app;
}

async function submit(account: string, password: string, code: string) {
  await screen.findByRole('img', { name: '点击刷新验证码' });
  fireEvent.change(screen.getByLabelText(/账号/), { target: { value: account } });
  fireEvent.change(screen.getByLabelText(/密码/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/验证码/), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: '登录' }));
}

describe('login page in tenant mode', () => {
  const tenantOf = (data: object) => ({ 'tenant/info': { body: { code: 200, success: true, data, msg: '操作成功' } } });

  it('signs in to the tenant whose domain is this host, without asking for it', async () => {
    const app = renderLogin({ error_code: 400, error_description: '用户名或密码不正确' }, tenantOf({ tenantId: '100001', domain: 'localhost' }), { tenantMode: true });
    await waitFor(() => expect(app.requests.some((r) => r.url.includes('tenant/info'))).toBe(true));
    const info = app.requests.find((r) => r.url.includes('tenant/info'))!;
    expect(new URL(info.url, 'http://host').searchParams.get('domain')).toBe(window.location.hostname);
    await waitFor(() => expect(screen.queryByLabelText(/租户/)).not.toBeInTheDocument());
    await submit('admin', 'admin', 'ab12');
    await screen.findByText('用户名或密码不正确');
    const tokenCall = app.requests.find((r) => r.url.includes('oauth/token'))!;
    expect(JSON.parse(String(tokenCall.body)).tenantId).toBe('100001');
    expect(tokenCall.headers.get('Tenant-Id')).toBe('100001');
  });

  it('asks for the tenant id when no tenant claims the host', async () => {
    const app = renderLogin(TOKEN_OK, tenantOf({}), { tenantMode: true });
    await waitFor(() => expect(app.requests.some((r) => r.url.includes('tenant/info'))).toBe(true));
    expect(await screen.findByLabelText(/租户/)).toBeInTheDocument();
  });
});

describe('login page', () => {
  it('titles the window 登录 and asks for the required fields', async () => {
    const app = renderLogin(TOKEN_OK);
    await waitFor(() => expect(document.title).toBe('登录'));
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入账号')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(app.requests.some((r) => r.url.includes('oauth/token'))).toBe(false);
  });

  it('sends the md5 password with the captcha, shows error_description and stores nothing', async () => {
    const app = renderLogin({ error_code: 400, error_description: '用户名或密码不正确' });
    await submit(' admin ', 'admin', 'ab12');
    expect(await screen.findByText('用户名或密码不正确')).toBeInTheDocument();

    const tokenCall = app.requests.find((r) => r.url.includes('oauth/token'))!;
    // A JSON body, nothing in the URL.
    expect(tokenCall.method).toBe('POST');
    expect(new URL(tokenCall.url, 'http://host').search).toBe('');
    expect(tokenCall.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(tokenCall.body))).toEqual({
      password: '21232f297a57a5a743894a0e4a801fc3', username: 'admin', grant_type: 'captcha', tenantId: '000000', scope: 'all', type: 'account',
    });
    expect(tokenCall.headers.get('Captcha-Key')).toBe('captcha-key-1');
    expect(tokenCall.headers.get('Captcha-Code')).toBe('ab12');
    expect(tokenCall.headers.get('Tenant-Id')).toBe('000000');
    expect(tokenCall.headers.get('Authorization')).toBe('Basic c2FiZXI6c2FiZXJfc2VjcmV0');

    expect(accessToken.get()).toBe('');
    expect(getAllStore().filter((e) => e.name !== 'language')).toEqual([]);
    // Shown once, on the form: the quiet call raises no toast as well.
    expect(app.messages).toEqual([]);
    // A captcha is single-use: a new one is fetched after the failure.
    await waitFor(() => expect(app.requests.filter((r) => r.url.includes('oauth/captcha'))).toHaveLength(2));
  });

  it('on success stores tokens, tenant, user and menu, then leaves /login', async () => {
    renderLogin(TOKEN_OK);
    await submit('admin', 'admin', 'ab12');
    expect(await screen.findByText('home page')).toBeInTheDocument();
    // The access token in memory only; the refresh token nowhere a script reads (the gateway's httpOnly cookie).
    expect(accessToken.get()).toBe('jwt-access');
    expect(JSON.stringify(getAllStore())).not.toContain('jwt-');
    expect(document.cookie).toBe('');
    expect(getStore('tenantId')).toBe('000000');
    expect(getStore<{ avatar: string }>('userInfo')?.avatar).toBe('/img/bg/img-logo.png');
    expect(getStore<unknown[]>('menu')).toHaveLength(1);
  });

  it('sizes the password box like the account box: every wrapper fills its row', async () => {
    loadShellStyles();
    renderLogin(TOKEN_OK);
    const password = await screen.findByLabelText(/密码/);
    const field = password.closest('.wd-field')!;
    // jsdom has no layout: what makes a box as wide as its container is its declared sizing.
    for (let el: HTMLElement = password; el !== field; el = el.parentElement!) {
      const own = getComputedStyle(el);
      const parent = getComputedStyle(el.parentElement!);
      const flexRow = /flex/.test(parent.display) && !parent.flexDirection.startsWith('column');
      const fills = own.width === '100%' || (flexRow ? Number(own.flexGrow) >= 1 : el.parentElement === field);
      expect(fills, `${el.tagName}.${el.className} in a ${parent.display} box`).toBe(true);
    }
    // No inline sizing left to work around a missing stylesheet.
    expect(password.getAttribute('style') ?? '').not.toMatch(/width/);
  });
});
