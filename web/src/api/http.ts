import { getLanguage, t } from '../i18n/i18n';
import { dropEmpty } from '../util/validators';
import type { Notifier } from './notifier';

/** base64("saber:saber_secret"): the client credentials every call carries (bladex-wire §3.1). */
export const CLIENT_BASIC_AUTH = 'Basic c2FiZXI6c2FiZXJfc2VjcmV0';
export const TOKEN_HEADER = 'Wdiov-Auth';
export const REQUEST_TIMEOUT_MS = 30_000;

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: QueryParams;
  /** A FormData goes as multipart, anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the client Basic header (default true). */
  basicAuth?: boolean;
  /** Send `Wdiov-Auth: bearer <token>` when a token exists (default true). */
  withToken?: boolean;
  responseType?: 'json' | 'blob';
  /** Reject without the error toast: the caller shows the message itself (login form). */
  quiet?: boolean;
}

export interface HttpClientOptions {
  notifier: Notifier;
  fetch?: typeof fetch;
  baseUrl?: string;
  timeoutMs?: number;
  /** Codes rejected silently for the caller to handle (spec §8). */
  statusWhiteList?: number[];
  getToken?: () => string;
  onUnauthorized?: () => void;
}

/** A rejected call: `code` is the business code (or HTTP status), `body` the parsed answer. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

type Body = Record<string, unknown>;

function buildUrl(baseUrl: string, url: string, params?: QueryParams): string {
  const path = /^https?:\/\//.test(url) || url.startsWith(baseUrl + '/') ? url : baseUrl + url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

async function readBody(response: Response, responseType: 'json' | 'blob'): Promise<unknown> {
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  // An export that fails answers JSON: read it as JSON so the catalogue applies.
  if (responseType === 'blob' && !isJson) return response.blob();
  const text = await response.text();
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { msg: '' };
  }
}

function codeOf(body: unknown, status: number): number {
  const b = (body && typeof body === 'object' ? body : {}) as Body;
  const code = Number(b.error_code || b.code || status);
  return Number.isFinite(code) ? code : status;
}

function messageOf(body: unknown): string {
  const b = (body && typeof body === 'object' ? body : {}) as Body;
  return String(b.msg || b.error_description || t('commonUnknownError'));
}

export function createHttpClient(options: HttpClientOptions) {
  const baseUrl = options.baseUrl ?? '/api';
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const whiteList = options.statusWhiteList ?? [];
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  let onUnauthorized = options.onUnauthorized;

  function headersFor(opts: RequestOptions): Headers {
    const headers = new Headers(opts.headers);
    if (opts.basicAuth !== false) headers.set('Authorization', CLIENT_BASIC_AUTH);
    // The gateway answers (field messages …) in the console's language.
    headers.set('Accept-Language', getLanguage() === 'en' ? 'en' : 'zh-CN');
    const token = opts.withToken === false ? '' : (options.getToken?.() ?? '');
    if (token) headers.set(TOKEN_HEADER, `bearer ${token}`);
    if (opts.body !== undefined && !(opts.body instanceof FormData)) headers.set('Content-Type', 'application/json');
    return headers;
  }

  async function send(url: string, opts: RequestOptions): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const body =
        opts.body === undefined ? undefined : opts.body instanceof FormData ? opts.body : JSON.stringify(opts.body);
      return await doFetch(buildUrl(baseUrl, url, opts.params), {
        method: opts.method ?? 'GET',
        headers: headersFor(opts),
        body,
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (cause) {
      const message = controller.signal.aborted ? t('httpTimeout') : t('httpNetworkError');
      throw new HttpError(message, 0, cause);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Applies the error catalogue of spec §8 and resolves with the parsed body. */
  async function request<T = unknown>(url: string, opts: RequestOptions = {}): Promise<T> {
    const response = await send(url, opts);
    // 200..500 are answers to interpret; anything else is a transport failure.
    if (response.status < 200 || response.status > 500) {
      throw new HttpError(`${response.status} ${response.statusText}`.trim(), response.status);
    }
    const body = await readBody(response, opts.responseType ?? 'json');
    const code = codeOf(body, response.status);
    const message = messageOf(body);
    if (whiteList.includes(code)) throw new HttpError(message, code, body);
    if (code === 401) {
      onUnauthorized?.();
      throw new HttpError(message, code, body);
    }
    if (code !== 200) {
      if (url.includes('realtimeInfo')) {
        const plate = opts.params?.carPlate ?? opts.params?.plateNo ?? '';
        options.notifier.error(`${plate} ${message}`.trim());
        return body as T;
      }
      if (url.includes('closeRVC')) return body as T;
      if (!opts.quiet) options.notifier.error(message);
      throw new HttpError(message, code, body);
    }
    return body as T;
  }

  return {
    request,
    get: <T = unknown>(url: string, params?: QueryParams, opts: RequestOptions = {}) =>
      request<T>(url, { ...opts, method: 'GET', params }),
    post: <T = unknown>(url: string, body?: unknown, opts: RequestOptions = {}) =>
      request<T>(url, { ...opts, method: 'POST', body }),
    /** Export helper (spec §7): GET with the non-empty query params, answered as a Blob. */
    exportBlob: (url: string, params: QueryParams = {}) =>
      request<Blob>(url, { method: 'GET', params: dropEmpty(params) as QueryParams, responseType: 'blob' }),
    setUnauthorizedHandler(handler: (() => void) | undefined): void {
      onUnauthorized = handler;
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
