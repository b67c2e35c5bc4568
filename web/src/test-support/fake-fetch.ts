export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
}

type Reply = { status?: number; body?: unknown; contentType?: string } | ((req: RecordedRequest) => Promise<Response>);

/**
 * A fetch double: answers by the first route whose key is contained in the URL,
 * records every request, and honours the abort signal like the real one.
 */
export function createFakeFetch(routes: Record<string, Reply>) {
  const requests: RecordedRequest[] = [];
  const fakeFetch = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const req: RecordedRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body,
    };
    requests.push(req);
    const key = Object.keys(routes).find((k) => req.url.includes(k));
    if (!key) return Promise.reject(new TypeError(`no fake route for ${req.url}`));
    const reply = routes[key];
    if (typeof reply === 'function') {
      return new Promise((resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        reply(req).then(resolve, reject);
      });
    }
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
    return Promise.resolve(
      new Response(text, { status: reply.status ?? 200, headers: { 'content-type': reply.contentType ?? 'application/json' } }),
    );
  };
  return { fetch: fakeFetch as typeof fetch, requests };
}

export function createFakeNotifier() {
  const messages: Array<[string, string]> = [];
  return {
    messages,
    notifier: {
      error: (m: string) => void messages.push(['error', m]),
      warning: (m: string) => void messages.push(['warning', m]),
      success: (m: string) => void messages.push(['success', m]),
      info: (m: string) => void messages.push(['info', m]),
    },
  };
}
