import { createRoute, z } from '@hono/zod-openapi';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createApp, createRouter } from './create-app.ts';
import { defineRoute } from '@wdiov/contracts/api/define-route';
import { answers, jsonBody, openapiRequestParams } from './contract.ts';
import { data } from './envelope.ts';
import { buildOpenApi } from '../openapi/openapi.ts';

const echo = createRoute({
  method: 'post', path: '/echo',
  request: { query: z.object({ times: z.coerce.number().int().min(1).max(3) }), body: jsonBody(z.object({ word: z.string().min(1) })) },
  responses: answers(z.object({ words: z.array(z.string()) })),
});

function app() {
  const router = createRouter().openapi(echo, (c) => {
    const { times } = c.req.valid('query');
    const { word } = c.req.valid('json');
    return data(c, { words: Array.from({ length: times }, () => word) });
  });
  const root = createApp({ logger: pino({ level: 'silent' }), bodyLimitBytes: 1024 });
  root.route('/api/demo', router);
  return root;
}

const post = (query: string, body: unknown, lang = 'en') => app().request(`/api/demo/echo?${query}`, {
  method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': lang }, body: JSON.stringify(body),
});

describe('routes declared as contracts', () => {
  it('answer with the handler once query and body pass their schemas, ignoring keys they do not name', async () => {
    const res = await post('times=2&regionLevel=1', { word: 'go', extra: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 200, success: true, data: { words: ['go', 'go'] } });
  });

  it('refuse bad input with the 400 envelope naming the field', async () => {
    const res = await post('times=9', { word: 'go' });
    expect(res.status).toBe(400);
    const body = await res.json() as { code: number; success: boolean; msg: string };
    expect(body).toMatchObject({ code: 400, success: false });
    expect(body.msg).toContain('times');
    const empty = await post('times=1', { word: '' });
    expect(empty.status).toBe(400);
    expect((await empty.json() as { msg: string }).msg).toContain('word');
  });

  it('land in the generated OpenAPI document with their schemas under the path they are mounted at', () => {
    const root = app();
    const doc = buildOpenApi([], root.routes, 't', root.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '1' } }));
    const op = (doc.paths['/api/demo/echo'] as { post: { parameters: { name: string }[]; responses: Record<string, { content: Record<string, { schema: unknown }> }> } }).post;
    expect(op.parameters.map((p) => p.name)).toEqual(['times']);
    expect(JSON.stringify(op.responses['200']!.content['application/json']!.schema)).toContain('words');
  });
});

const greet = defineRoute({
  method: 'post', service: 'demo', path: '/greet', summary: 'Greets a name, as many times as asked',
  query: z.object({ name: z.string().min(1), times: z.coerce.number().int().min(1).max(3).default(1) }),
  data: z.object({ words: z.array(z.string()) }),
});

function paramsApp() {
  const router = openapiRequestParams(createRouter(), greet, async (c, { name, times }) => data(c, { words: Array.from({ length: times }, () => name) }));
  const root = createApp({ logger: pino({ level: 'silent' }), bodyLimitBytes: 1024 });
  root.route('/api/demo', router);
  return root;
}

describe('routes whose query parameters may come in the body', () => {
  const call = async (query: string, init: RequestInit = {}) => {
    const res = await paramsApp().request(`/api/demo/greet${query}`, { method: 'POST', ...init, headers: { 'accept-language': 'en', ...init.headers } });
    return res.json() as Promise<{ code: number; msg: string; data: { words: string[] } }>;
  };

  it('read them from the query, a form or a JSON body, a body\'s key over the query\'s', async () => {
    expect((await call('?name=a&times=2')).data.words).toEqual(['a', 'a']);
    const form = { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=b' };
    expect((await call('?times=2', form)).data.words).toEqual(['b', 'b']);
    const json = { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'c', times: 3 }) };
    expect((await call('?name=a&times=1', json)).data.words).toEqual(['c', 'c', 'c']);
  });

  it('refuse bad ones wherever they came from with the 400 envelope naming the field', async () => {
    expect(await call('?times=2')).toMatchObject({ code: 400, msg: expect.stringContaining('[name]') });
    const json = { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'c', times: 9 }) };
    expect(await call('', json)).toMatchObject({ code: 400, msg: expect.stringContaining('[times]') });
  });

  it('are documented as the query and as an optional JSON body', () => {
    const root = paramsApp();
    const doc = buildOpenApi([], root.routes, 't', root.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '1' } }));
    const op = (doc.paths['/api/demo/greet'] as { post: { parameters: { name: string }[]; requestBody: { required: boolean } } }).post;
    expect(op.parameters.map((p) => p.name)).toEqual(['name', 'times']);
    expect(op.requestBody).toMatchObject({ required: false });
  });
});
