import type { z, ZodObject } from 'zod';

/**
 * A bespoke call of the gateway, declared once: its method, where it lives, what it takes and
 * what its answer's `data` is. The gateway serves it as an OpenAPI route from this declaration
 * (gateway/src/lib/contract.ts: routeOf), and the console calls it through the same declaration
 * (web/src/api/call-route.ts), so neither spells the path, the parameters or the answer again.
 */
export interface RouteContract<
  Q extends ZodObject | undefined = ZodObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
> {
  readonly method: 'get' | 'post';
  /** The service prefix under /api (`wdiov-base`, `wdiov-system` …). */
  readonly service: string;
  /** The path inside the service, as the service's router mounts it: `/vehicle/transfer`. */
  readonly path: string;
  readonly summary: string;
  /** The query parameters (an object of them: they are named). */
  readonly query?: Q;
  /** The JSON body. */
  readonly body?: B;
  /** The answer's `data`, inside the BladeX envelope. */
  readonly data: D;
}

export function defineRoute<Q extends ZodObject | undefined = undefined, B extends z.ZodType | undefined = undefined, D extends z.ZodType = z.ZodType>(
  route: RouteContract<Q, B, D>,
): RouteContract<Q, B, D> {
  return Object.freeze(route);
}

/** The call's address under the API root: `/wdiov-base/vehicle/transfer`. */
export const routeUrl = (route: RouteContract) => `/${route.service}${route.path}`;

/** A declared part of a route (its query, its body), or undefined where the route has none. */
export type Declared<T> = [Exclude<T, undefined>] extends [never] ? undefined : Exclude<T, undefined>;

/** What a call of the route takes: its query's and body's input types. */
export type RouteInput<R extends RouteContract> =
  (Declared<R['query']> extends z.ZodType ? { query: z.input<Declared<R['query']>> } : { query?: undefined })
  & (Declared<R['body']> extends z.ZodType ? { body: z.input<Declared<R['body']>> } : { body?: undefined });

/** What a call of the route answers: its `data`. */
export type RouteData<R extends RouteContract> = z.output<R['data']>;
