import { api, type RequestOptions } from './api.ts';

/**
 * One typed definition per API endpoint (decision 0025): its method, its path with `:params`, and the types of
 * the contract's zod schemas for what goes in and what comes back. Call sites name the endpoint, never a path
 * string and a type.
 *
 * An endpoint names its schemas by type only (`schema<typeof cartResponse>()`): nothing is parsed at run time, so
 * the requests and answers are exactly what `api()` sends and receives, and the schemas stay out of the bundle
 * (vite.config.ts drops the ones a page does not use). Forms that validate with a schema import it themselves.
 */

/** What every zod schema carries: Standard Schema's input and output types (a few lines instead of a package). */
export interface Schema<Input = unknown, Output = Input> {
  readonly '~standard': { readonly types?: { readonly input: Input; readonly output: Output } | undefined };
}
export type InputOf<S> = S extends Schema<infer Input, unknown> ? Input : never;
export type OutputOf<S> = S extends Schema<unknown, infer Output> ? Output : never;

const typeOnly: Schema<never> = { '~standard': {} };

/** A contract schema named for its types: `schema<typeof cartResponse>()` (a type-only import is enough). */
/*@__NO_SIDE_EFFECTS__*/
export function schema<S extends Schema>(): S {
  return typeOnly as unknown as S;
}

/** The answer of an endpoint that answers nothing (204). */
export const noContent = schema<Schema<void>>();
/** A multipart body, built by the caller as FormData (files travel with a JSON `data` part). */
export const multipart = schema<Schema<FormData>>();

export type Method = NonNullable<RequestOptions['method']>;

/** The names of a path's `:params`: '/orders/:reference/status' → 'reference'. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;
export type PathParams<Path extends string> = { [Name in ParamNames<Path>]: string | number };

export interface Endpoint<
  Path extends string = string,
  Body extends Schema | undefined = Schema | undefined,
  Query extends Schema | undefined = Schema | undefined,
  Response extends Schema = Schema,
> {
  method: Method;
  path: Path;
  /** The request body's schema (the contract's request schema, or `multipart`). */
  body?: Body;
  /** The query string's schema: its fields are what the query may carry. */
  query?: Query;
  /** The answer's schema (the contract's response schema, or `noContent`). */
  response: Response;
}

/*@__NO_SIDE_EFFECTS__*/
export function defineEndpoint<
  const Path extends string,
  Response extends Schema,
  Body extends Schema | undefined = undefined,
  Query extends Schema | undefined = undefined,
>(endpoint: Endpoint<Path, Body, Query, Response>): Endpoint<Path, Body, Query, Response> {
  return endpoint;
}

/**
 * A query's fields as the caller gives them: the names the contract's query schema reads, with the values it
 * accepts (as parsed). Every field may be left out: `undefined` leaves it out of the URL, '' sends it empty.
 */
export type QueryValues<S> = { [Field in keyof OutputOf<S>]?: OutputOf<S>[Field] | undefined };

type ParamsInput<Path extends string> = [ParamNames<Path>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<Path> };
type BodyInput<Body> = Body extends Schema ? { body: InputOf<Body> } : { body?: undefined };
type QueryInput<Query> = Query extends Schema ? { query?: QueryValues<Query> } : { query?: undefined };

/** What a call of an endpoint gives: its path params, query and body, and the transport's options. */
export type CallInput<E> =
  E extends Endpoint<infer Path, infer Body, infer Query, Schema>
    ? ParamsInput<Path> & BodyInput<Body> & QueryInput<Query> & Omit<RequestOptions, 'method' | 'body'>
    : never;
export type BodyOf<E> = E extends Endpoint<string, infer Body, Schema | undefined, Schema> ? InputOf<Body> : never;
export type ResponseOf<E> =
  E extends Endpoint<string, Schema | undefined, Schema | undefined, infer R> ? OutputOf<R> : never;

/** Whether an endpoint can be called without anything but options (no params and no body). */
type NeedsInput<E> = Partial<CallInput<E>> extends CallInput<E> ? false : true;
export type CallArgs<E> = NeedsInput<E> extends true ? [input: CallInput<E>] : [input?: CallInput<E>];

/** The path of a call: params filled in (URL-encoded), then the query's given fields in their order. */
export function pathOf(
  endpoint: Pick<Endpoint, 'path'>,
  input: { params?: Record<string, string | number>; query?: Record<string, unknown> } = {},
): string {
  const path = endpoint.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`Missing path param ${name} for ${endpoint.path}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The transport a call goes through: `api()` for the buyer site; the admin and seller sites wrap it. */
export type Transport = (path: string, options: RequestOptions) => Promise<unknown>;

/** Calls an endpoint through a transport (the buyer site's `api()` unless another is given). */
export function callVia<E extends Endpoint>(
  transport: Transport,
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<ResponseOf<E>> {
  const { params, query, body, ...options } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
  } & Omit<RequestOptions, 'method' | 'body'>;
  return transport(pathOf(endpoint, { params, query }), {
    ...options,
    method: endpoint.method,
    body,
  }) as Promise<ResponseOf<E>>;
}

/** Calls an endpoint with the buyer site's session (see `api()`: errors, the 401 session expiry). */
export function call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<ResponseOf<E>> {
  return callVia(api, endpoint, ...args);
}
