import { createRoute, z } from '@hono/zod-openapi';
import type { Declared, RouteContract } from '@wdiov/contracts/api/define-route';

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
