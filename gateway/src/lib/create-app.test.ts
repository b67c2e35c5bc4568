import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { createApp } from './create-app.ts';

/** The app shell's own answers, in the request's language (English asked, Chinese by default). */
function shell() {
  const app = createApp({ logger: pino({ level: 'silent' }), bodyLimitBytes: 16 });
  app.post('/api/echo', async (c) => c.text(await c.req.text()));
  // A unique index refusing a write that raced past the engine's own check (pg's error, wrapped).
  app.get('/api/race', () => {
    throw new Error('insert failed', { cause: Object.assign(new Error('duplicate key'), { code: '23505' }) });
  });
  app.get('/api/crash', () => {
    throw new Error('a bug');
  });
  app.get('/api/refused', () => {
    throw new ApiError(403, 'kept as thrown');
  });
  return app;
}

const ask = async (path: string, language?: string, init: RequestInit = {}) => {
  const headers = language ? { 'Accept-Language': language } : undefined;
  const res = await shell().request(path, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
  return { status: res.status, body: await res.json() };
};

describe('the app shell', () => {
  const big: RequestInit = { method: 'POST', body: 'x'.repeat(100), headers: { 'Content-Type': 'text/plain' } };
  it.each([
    ['a call that does not exist', '/api/nothing', {}, 404, 404, '404 Not found', '404 没找到请求'],
    ['a body over the limit', '/api/echo', big, 413, 400, 'The request body is too large: at most 16 bytes', '请求体过大: 最大 16 字节'],
    ['a duplicate that raced past the check', '/api/race', {}, 400, 400, 'This already exists; please do not submit it twice', '数据已存在, 请勿重复提交'],
    ['an unexpected error', '/api/crash', {}, 500, 500, 'Server error', '服务器异常'],
  ] as const)('answers %s in the language asked', async (_label, path, init, status, code, english, chinese) => {
    expect(await ask(path, 'en-GB,en;q=0.8', init)).toEqual({ status, body: { code, success: false, data: {}, msg: english } });
    expect(await ask(path, undefined, init)).toMatchObject({ status, body: { code, msg: chinese } });
    expect(await ask(path, 'zh-CN', init)).toMatchObject({ body: { msg: chinese } });
  });

  it('answers a thrown refusal as it was worded', async () => {
    expect((await ask('/api/refused', 'en')).body).toMatchObject({ code: 403, msg: 'kept as thrown' });
  });
});
