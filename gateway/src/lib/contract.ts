import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { R } from '@wdiov/contracts';
import { routeUrl, type Declared, type RouteContract } from '@wdiov/contracts/api/define-route';
import { parseWith, requestParams } from './read-input.ts';
import type { AppBindings, Ctx } from './types.ts';

/** The BladeX envelope around an answer's data: what every contract route answers with. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), success: z.boolean(), data, msg: z.string() });

/** A contract route's 200: the envelope around `data`, as JSON. */
export const answers = <T extends z.ZodType>(data: T, description = '操作成功') => ({
  200: { description, content: { 'application/json': { schema: envelopeOf(data) } } },
});

/** A contract route's JSON body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

type RequestOf<R extends RouteContract> =
  (Declared<R['query']> extends z.ZodObject ? { query: Declared<R['query']> } : object)
  & (Declared<R['body']> extends z.ZodType ? { body: { required: true; content: { 'application/json': { schema: Declared<R['body']> } } } } : object);

/**
 * The OpenAPI route of a call declared in contracts (contracts/src/api): the router validates
 * its query and body by the declaration's schemas (a failure is the 400 envelope naming the
 * field) and types `c.req.valid(...)` by them.
 */
export function routeOf<R extends RouteContract>(contract: R) {
  const request = {
    ...(contract.query ? { query: contract.query } : {}),
    ...(contract.body ? { body: jsonBody(contract.body) } : {}),
  } as RequestOf<R>;
  return createRoute({
    method: contract.method,
    path: contract.path,
    tags: [contract.service],
    summary: contract.summary,
    request,
    responses: answers(contract.data as R['data']),
  });
}

/**
 * Serves a contract whose query parameters a caller may send in a form or a JSON object body
 * instead, as BladeX's `@RequestParam` calls are sent (a body's key over the query's). The
 * router's own query check would read the query alone, so the query's schema checks the three
 * together here; the document shows the parameters as the query and as an optional JSON body.
 */
export function openapiRequestParams<Q extends z.ZodObject, D extends z.ZodType>(
  router: OpenAPIHono<AppBindings>,
  contract: RouteContract<Q, undefined, D>,
  handler: (c: Ctx, params: z.output<Q>) => Promise<TypedResponse<JSONParsed<R<z.output<D>>>, 200, 'json'>>,
) {
  const { query } = contract;
  if (!query) throw new Error(`${routeUrl(contract)} takes its parameters from a query it does not declare`);
  const route = routeOf(contract);
  router.openAPIRegistry.registerPath({
    ...route,
    request: { ...route.request, body: { required: false, content: { 'application/json': { schema: query } } } },
  });
  router.on(contract.method.toUpperCase(), contract.path, async (c) => handler(c, parseWith(query, await requestParams(c))));
  return router;
}
