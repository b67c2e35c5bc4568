import { OpenAPIHono, type Hook } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { contextStorage } from 'hono/context-storage';
import { requestId } from 'hono/request-id';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from 'pino';
import { fail, takeLanguageFrom, validationMessage } from '@wdiov/contracts';
import { ApiError, badRequest } from './api-error.ts';
import { requestLanguage } from './request-language.ts';
import { answerText } from './texts/answer-text.ts';
import { requestGuard } from './request-guard.ts';
import { browserHeaders } from './browser-headers.ts';
import type { AppBindings } from './types.ts';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * Routes declared with `createRoute` (`router.openapi(route, handler)`) validate their query,
 * body and params before the handler runs; a refusal is the same 400 envelope, naming the field
 * in the request's language, that `parseWith` gives. Keys a schema does not name are dropped, as
 * BladeX ignores parameters an entity does not have.
 */
const refuseInvalid: Hook<unknown, AppBindings, string, unknown> = (result) => {
  if (!result.success) throw badRequest(validationMessage(result.error));
};

/**
 * A router of the gateway. It is an OpenAPIHono, so routes declared as contracts land in the
 * generated OpenAPI document with their schemas, wherever the router is mounted.
 */
export function createRouter() {
  return new OpenAPIHono<AppBindings>({ strict: false, defaultHook: refuseInvalid });
}

export interface CreateAppOptions {
  logger: Logger;
  bodyLimitBytes: number;
  /** Origins the maps load tiles from, allowed by the CSP (map-sources.ts). */
  mapSources?: () => readonly string[];
}

/**
 * The app shell every route lives in: request ids, browser security headers, request logs, a body size limit, strings
 * Postgres cannot store refused, and the
 * one error handler. Expected failures (ApiError) become the envelope with their code;
 * anything else is a 500 `服务器异常` logged with the request id; no stack reaches a client.
 */
export function createApp({ logger, bodyLimitBytes, mapSources }: CreateAppOptions) {
  const app = createRouter();
  // Input checks read the request's language through it (request-language.ts), contracts'
  // schemas too (their messages are worded when an input is checked).
  app.use('*', contextStorage());
  takeLanguageFrom(requestLanguage);
  app.use('*', requestId());
  app.use('*', browserHeaders(mapSources));
  app.use('*', async (c, next) => {
    const started = performance.now();
    c.set('logger', logger.child({ reqId: c.get('requestId') }));
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    c.get('logger').info({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
  });
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: bodyLimitBytes,
      onError: (c) => c.json(fail(400, answerText('payloadTooLarge', { limit: bodyLimitBytes })), 413),
    }),
  );
  app.use('/api/*', requestGuard());
  app.notFound((c) => c.json(fail(404, answerText('notFound')), 404));
  app.onError((err, c) => {
    if (err instanceof ApiError) {
      return c.json(fail(err.code, err.message), err.status as ContentfulStatusCode);
    }
    if (uniqueViolation(err)) return c.json(fail(400, answerText('duplicate')), 400);
    if (err instanceof HTTPException && err.status < 500) {
      return c.json(fail(err.status === 413 ? 400 : err.status, err.message || answerText('failure')), err.status);
    }
    const log = c.get('logger') ?? logger;
    log.error({ err, reqId: c.get('requestId'), path: c.req.path }, 'unexpected error');
    return c.json(fail(500, answerText('serverError')), 500);
  });
  return app;
}

/** A unique index refused a write that raced past the engine's own check. */
function uniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
