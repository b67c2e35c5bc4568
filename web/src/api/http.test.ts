import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeFetch, createFakeNotifier } from '../test-support/fake-fetch';
import { CLIENT_BASIC_AUTH, createHttpClient, HttpError } from './http';

function client(routes: Parameters<typeof createFakeFetch>[0], extra: { whiteList?: number[]; token?: string } = {}) {
  const fake = createFakeFetch(routes);
  const notes = createFakeNotifier();
  const onUnauthorized = vi.fn();
  const http = createHttpClient({
    fetch: fake.fetch,
    notifier: notes.notifier,
    statusWhiteList: extra.whiteList,
    getToken: () => extra.token ?? '',
    onUnauthorized,
  });
  return { http, requests: fake.requests, messages: notes.messages, onUnauthorized };
}

afterEach(() => vi.useRealTimers());

describe('http client error catalogue (spec §8)', () => {
  it('prefixes /api and sends the client Basic header and the bearer token', async () => {
    const { http, requests } = client({ '/api/x': { body: { code: 200, data: 1 } } }, { token: 'jwt' });
    await expect(http.get('/x', { a: 1, b: undefined })).resolves.toEqual({ code: 200, data: 1 });
    expect(requests[0].url).toBe('/api/x?a=1');
    expect(requests[0].headers.get('Authorization')).toBe(CLIENT_BASIC_AUTH);
    expect(CLIENT_BASIC_AUTH).toBe(`Basic ${btoa('saber:saber_secret')}`);
    expect(requests[0].headers.get('Wdiov-Auth')).toBe('bearer jwt');
  });

  it('sends no token header without a token', async () => {
    const { http, requests } = client({ '/api/x': { body: { code: 200 } } });
    await http.get('/x');
    expect(requests[0].headers.has('Wdiov-Auth')).toBe(false);
  });

  it('treats a 4xx/5xx body as an answer: toast with msg, then reject', async () => {
    const { http, messages } = client({ '/api/x': { status: 400, body: { code: 400, msg: '参数错误' } } });
    await expect(http.get('/x')).rejects.toMatchObject({ message: '参数错误', code: 400 });
    expect(messages).toEqual([['error', '参数错误']]);
  });

  it('falls back to error_description, then 未知错误', async () => {
    const first = client({ '/api/x': { status: 200, body: { error_code: 400, error_description: '用户名或密码不正确' } } });
    await expect(first.http.get('/x')).rejects.toThrow('用户名或密码不正确');
    const second = client({ '/api/x': { status: 500, body: { code: 500 } } });
    await expect(second.http.get('/x')).rejects.toThrow('未知错误');
    expect(second.messages).toEqual([['error', '未知错误']]);
  });

  it('rejects white-listed codes silently', async () => {
    const { http, messages } = client({ '/api/x': { body: { code: 409, msg: 'busy' } } }, { whiteList: [409] });
    await expect(http.get('/x')).rejects.toBeInstanceOf(HttpError);
    expect(messages).toEqual([]);
  });

  it('on 401 logs the session out and rejects', async () => {
    const { http, onUnauthorized, messages } = client({ '/api/x': { status: 401, body: { code: 401, msg: '请求未授权' } } });
    await expect(http.get('/x')).rejects.toMatchObject({ code: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(messages).toEqual([]);
  });

  it('realtimeInfo: toast prefixed by the plate, then resolve', async () => {
    const { http, messages } = client({ realtimeInfo: { body: { code: 400, msg: '车辆离线' } } });
    await expect(http.get('/wdiov-base/vehicle/realtimeInfo', { carPlate: '粤B12345' })).resolves.toMatchObject({ code: 400 });
    expect(messages).toEqual([['error', '粤B12345 车辆离线']]);
  });

  it('closeRVC resolves silently', async () => {
    const { http, messages } = client({ closeRVC: { body: { code: 500, msg: 'x' } } });
    await expect(http.post('/wdiov-base/diagnosis/closeRVC')).resolves.toMatchObject({ code: 500 });
    expect(messages).toEqual([]);
  });

  it('quiet calls reject without the toast', async () => {
    const { http, messages } = client({ '/api/x': { body: { code: 400, msg: 'm' } } });
    await expect(http.get('/x', undefined, { quiet: true })).rejects.toThrow('m');
    expect(messages).toEqual([]);
  });

  it('a bare object without code (token, logout) is a success', async () => {
    const { http } = client({ '/api/x': { body: { success: 'true', msg: 'success' } } });
    await expect(http.get('/x')).resolves.toEqual({ success: 'true', msg: 'success' });
  });

  it('rejects with an error on network failure', async () => {
    const { http, messages } = client({ '/api/x': () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(http.get('/x')).rejects.toMatchObject({ name: 'HttpError', code: 0 });
    expect(messages).toEqual([]);
  });

  it('rejects a status outside 200..500 as a transport failure', async () => {
    const { http } = client({ '/api/x': { status: 502, body: 'Bad Gateway', contentType: 'text/plain' } });
    await expect(http.get('/x')).rejects.toMatchObject({ code: 502 });
  });

  it('times out after 30 s', async () => {
    vi.useFakeTimers();
    const { http } = client({ '/api/x': () => new Promise<Response>(() => undefined) });
    const pending = http.get('/x');
    const assertion = expect(pending).rejects.toThrow('请求超时');
    await vi.advanceTimersByTimeAsync(29_999);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it('sends JSON bodies and multipart FormData as they are', async () => {
    const { http, requests } = client({ '/api/x': { body: { code: 200 } } });
    await http.post('/x', { a: 1 });
    expect(requests[0].headers.get('Content-Type')).toBe('application/json');
    expect(requests[0].body).toBe('{"a":1}');
    const form = new FormData();
    await http.post('/x', form);
    expect(requests[1].headers.has('Content-Type')).toBe(false);
    expect(requests[1].body).toBe(form);
  });

  it('export helper: GET with the non-empty params, answered as a Blob', async () => {
    const { http, requests } = client({ '/api/export': { body: 'a,b\n1,2', contentType: 'text/csv' } });
    const blob = await http.exportBlob('/export', { name: 'x', empty: '', missing: null, zero: 0 });
    // jsdom and Node each have a Blob class: check the shape, not the constructor.
    expect(blob.type).toBe('text/csv');
    expect(await blob.text()).toBe('a,b\n1,2');
    expect(requests[0].url).toBe('/api/export?name=x&zero=0');
  });
});
