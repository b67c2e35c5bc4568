import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';
import { fail, Msg, ok, type R } from '@wdiov/contracts';

/** Answers `R.data(x)` (HTTP 200). */
export function data<T>(c: Context, value: T, msg: string = Msg.success) {
  return c.json(ok(value, msg) as R<T>, 200);
}

/** The JSON text of `R.data(x)`, typed by the `x` it holds. */
export type DataText<T> = string & { readonly held?: T };

/** `R.data(x)` as the JSON text `data` would send: for answers built once and sent to many callers. */
export const dataText = <T>(value: T, msg: string = Msg.success): DataText<T> => JSON.stringify(ok(value, msg));

/** Answers JSON text made by `dataText` (HTTP 200), without serialising it again. */
export function sendDataText<T>(c: Context, text: DataText<T>) {
  // Typed as the JSON it is, so a contract route answers it as it would answer `data(c, x)`.
  return c.body(text, 200, { 'Content-Type': 'application/json' }) as unknown as TypedResponse<JSONParsed<R<T>>, 200, 'json'>;
}

/** Answers `R.success(msg)` with an empty data object. */
export function success(c: Context, msg: string = Msg.success) {
  return c.json(ok({}, msg), 200);
}

/** Answers a failure envelope; the HTTP status follows the code (400, 401, 403, 404 …). */
export function failure(c: Context, code: number, msg: string, status: number = code) {
  return c.json(fail(code, msg), status as ContentfulStatusCode);
}
