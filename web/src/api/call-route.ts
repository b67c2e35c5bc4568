import type { RouteContract, RouteData, RouteInput } from '@wdiov/contracts/api/define-route';
import { routeUrl } from '@wdiov/contracts/api/define-route';
import type { HttpClient, QueryParams, RequestOptions } from './http';
import { envelope } from './wire';

/**
 * Calls a bespoke route of the gateway through its declaration in contracts (contracts/src/api):
 * the address, the parameters' and body's types and the answer's schema come from there, and
 * the answer's `data` is checked against it before anyone reads it.
 */
export async function callRoute<R extends RouteContract>(
  http: HttpClient,
  route: R,
  input: RouteInput<R>,
  options: Omit<RequestOptions, 'method' | 'params' | 'body'> = {},
): Promise<RouteData<R>> {
  const url = routeUrl(route);
  const params = input.query as QueryParams | undefined;
  const answer = route.method === 'get'
    ? await http.get(url, params, options)
    : await http.post(url, input.body, { ...options, params });
  return envelope(route.data).parse(answer).data as RouteData<R>;
}
