import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { AppUnderTest, createTestApp } from '../../test-support/app-harness';
import { setLanguage } from '../../i18n/i18n';
import { accessToken } from '../../session/access-token';
import LoginPage from './LoginPage';
import { SSO_TENANT_KEY, SsoButtons } from './SsoButtons';

const ok = (data: unknown) => ({ body: { code: 200, success: true, msg: '操作成功', data } });
const PROVIDERS = ok([{ id: 'p1', name: 'Keycloak' }]);
const AUTHORIZE = ok({ url: 'https://idp.example/auth?state=s1', state: 's1', expiresIn: 300 });
const TOKEN_OK = {
  access_token: 'jwt-access', refresh_token: 'jwt-refresh', token_type: 'bearer', expires_in: 3599,
  tenant_id: '000000', user_id: '1123598821738675201', dept_id: '1', role_id: '2', role_name: 'administrator',
  account: 'admin', user_name: 'admin', real_name: '管理员', nick_name: '管理员', avatar: '',
};
const SHELL = {
  'oauth/captcha': { body: { key: 'k', image: 'data:image/png;base64,AAAA' } },
  'menu/routes': ok([{ id: '1', parentId: '0', name: '首页', path: '/wel', code: 'wel' }]),
  'menu/buttons': ok([]),
  'param/getValueByKey': ok('0'),
};

function renderAt(path: string, routes: Parameters<typeof createTestApp>[0], element = <LoginPage />) {
  const app = createTestApp({ ...SHELL, ...routes });
  render(
    <AppUnderTest actors={app.actors} path={path} routes={<><Route path="/login" element={element} /><Route path="/" element={<p>home page</p>} /></>} />,
  );
  return app;
}

afterEach(() => {
  window.sessionStorage.clear();
  setLanguage('zh');
});

describe('single sign-on on the login page', () => {
  it('shows a "sign in with" button per provider of the tenant, in the chosen language', async () => {
    const app = renderAt('/login', { 'sso/providers': PROVIDERS });
    expect(await screen.findByRole('button', { name: '使用 Keycloak 登录' })).toBeInTheDocument();
    const call = app.requests.find((r) => r.url.includes('sso/providers'))!;
    expect(new URL(call.url, 'http://host').searchParams.get('tenantId')).toBe('000000');
    setLanguage('en');
    expect(await screen.findByRole('button', { name: 'Sign in with Keycloak' })).toBeInTheDocument();
  });

  it('shows no button when the tenant has no provider', async () => {
    const app = renderAt('/login', { 'sso/providers': ok([]) });
    await waitFor(() => expect(app.requests.some((r) => r.url.includes('sso/providers'))).toBe(true));
    await screen.findByRole('button', { name: '登录' });
    expect(screen.queryByRole('button', { name: /使用 .* 登录/ })).not.toBeInTheDocument();
  });

  it('goes to the authorization URL the gateway answers, remembering the tenant', async () => {
    const visited: string[] = [];
    const app = renderAt('/login', { 'sso/providers': PROVIDERS, 'sso/authorize': AUTHORIZE }, <SsoButtons tenantId="000000" go={(url) => visited.push(url)} />);
    fireEvent.click(await screen.findByRole('button', { name: '使用 Keycloak 登录' }));
    await waitFor(() => expect(visited).toEqual(['https://idp.example/auth?state=s1']));
    const call = app.requests.find((r) => r.url.includes('sso/authorize'))!;
    expect(Object.fromEntries(new URL(call.url, 'http://host').searchParams)).toEqual({ tenantId: '000000', providerId: 'p1' });
    expect(window.sessionStorage.getItem(SSO_TENANT_KEY)).toBe('000000');
  });

  it('shows the gateway\'s refusal instead of leaving', async () => {
    const visited: string[] = [];
    renderAt('/login', {
      'sso/providers': PROVIDERS,
      'sso/authorize': { status: 400, body: { code: 400, success: false, msg: '无法连接身份提供方, 请联系管理员', data: null } },
    }, <SsoButtons tenantId="000000" go={(url) => visited.push(url)} />);
    fireEvent.click(await screen.findByRole('button', { name: '使用 Keycloak 登录' }));
    expect(await screen.findByText('无法连接身份提供方, 请联系管理员')).toBeInTheDocument();
    expect(visited).toEqual([]);
  });

  it('exchanges the code the provider redirected back with, and signs in', async () => {
    window.sessionStorage.setItem(SSO_TENANT_KEY, '000000');
    const app = renderAt('/login?code=c1&state=s1', { 'sso/providers': ok([]), 'oauth/token': { body: TOKEN_OK } });
    expect(await screen.findByText('home page')).toBeInTheDocument();
    const call = app.requests.find((r) => r.url.includes('oauth/token'))!;
    expect(JSON.parse(String(call.body))).toMatchObject({
      grant_type: 'authorization_code', code: 'c1', state: 's1', tenantId: '000000', redirect_uri: window.location.origin + window.location.pathname,
    });
    expect(window.sessionStorage.getItem(SSO_TENANT_KEY)).toBeNull();
  });

  it('opens the registration dialog for a person the provider knows but the tenant does not, signed in nowhere', async () => {
    const register = { ...TOKEN_OK, access_token: '', refresh_token: '', user_id: '-1', oauth_id: 'identity-1', account: 'bob' };
    renderAt('/login?code=c1&state=s1', { 'sso/providers': ok([]), 'oauth/token': { body: register } });
    expect(await screen.findByText('账号注册')).toBeInTheDocument();
    expect(screen.queryByText('home page')).not.toBeInTheDocument();
    expect(accessToken.get()).toBe('');
  });
});
