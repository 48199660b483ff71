import { ErrorCode, type Endpoint, type EndpointAt, type Envelope, type Route } from '@lumi/contract';
import type { z } from 'zod';

export const API_BASE = '/cgi-bin';
export const DEFAULT_TIMEOUT_MS = 60_000;

export type ApiFailure = 'business' | 'network' | 'timeout' | 'bad-response';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly kind: ApiFailure,
    readonly code: number,
    message: string,
    /**
     * The call found the session gone and the visitor signed out (a new guest session took its
     * place) before this refusal: the app said so already, and what the call asked for belonged
     * to the account that left, so the page should read again rather than explain.
     */
    readonly signedOut = false,
  ) {
    super(message);
  }
}

/** What to tell the user about a failed call: the server's message, else `fallback`. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.kind === 'business' && err.message ? err.message : fallback;
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** Query string values for GET calls. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent form-encoded, as spec §7's login call expects. */
  form?: Record<string, string | number | undefined>;
  /** Sent as multipart/form-data (uploads); the browser sets the boundary. */
  formData?: FormData;
  /** No toast for failures: the caller shows its own state (spec §8). */
  silent?: boolean;
  timeoutMs?: number;
  /** Stops the call; none (undefined) leaves only the time limit. */
  signal?: AbortSignal | undefined;
}

/**
 * What the app layer does on the envelope codes of spec §8. lib code cannot import features,
 * so the app wires these at start-up.
 */
export interface ApiHandlers {
  /**
   * Code 100000: start a tourist session; the call is then retried once. Resolves true when
   * the visitor was signed out by it (an account, or another guest, was there before): the app
   * says so and refreshes what the session shows.
   */
  onNoSession: () => Promise<boolean | void>;
  /** Code 100002: open the credits-exhausted dialog. */
  onNotEnoughCredits: () => void;
  /** Any other failure that is not silent: a toast with this text. */
  onError: (message: string) => void;
  /** The network failed: the 'network is abnormal' toast. */
  onNetworkError: () => void;
  /** Header value telling the server which language its messages should be in. */
  locale: () => string;
  /** Resolves once a session exists; calls under /auth and /admin wait for it. */
  sessionReady: () => Promise<unknown>;
}

const handlers: ApiHandlers = {
  onNoSession: () => Promise.resolve(),
  onNotEnoughCredits: () => undefined,
  onError: () => undefined,
  onNetworkError: () => undefined,
  locale: () => 'en',
  sessionReady: () => Promise.resolve(),
};

/** Calls that need a session: they wait for the tourist login of spec §4 first. */
const NEEDS_SESSION = /^\/(auth|admin)\//;

export function configureApi(next: Partial<ApiHandlers>): void {
  Object.assign(handlers, next);
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function request(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { 'x-locale': handlers.locale(), accept };
  let body: string | FormData | undefined;
  if (options.formData) {
    body = options.formData;
  } else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(options.form)) {
      if (value !== undefined) form.set(key, String(value));
    }
    body = form.toString();
  }
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      credentials: 'same-origin',
      signal,
    });
  } catch (err) {
    if (options.signal?.aborted) throw err;
    const timedOut = timeout.aborted;
    throw new ApiError(timedOut ? 'timeout' : 'network', -1, timedOut ? 'timeout' : 'network');
  }
}

async function readEnvelope(response: Response): Promise<Envelope> {
  try {
    const envelope = (await response.json()) as Envelope;
    if (typeof envelope.code !== 'number') throw new Error('not an envelope');
    return envelope;
  } catch {
    throw new ApiError('bad-response', ErrorCode.INTERNAL, `HTTP ${response.status}`);
  }
}

async function send(path: string, options: RequestOptions): Promise<Envelope> {
  return readEnvelope(await request(path, options, 'application/json'));
}

/**
 * Transport failures: the network toast, or the generic one, unless the call is silent. Exported
 * for callers of `apiRaw` whose body breaks off after the response began.
 */
export function reportFailure(err: unknown, options: RequestOptions): void {
  if (err instanceof ApiError && !options.silent) {
    if (err.kind === 'network' || err.kind === 'timeout') handlers.onNetworkError();
    // A refusal on the way (the guest session could not start, say) says why in its message.
    else handlers.onError(err.kind === 'business' ? err.message : '');
  }
}

/**
 * After a sign-out the retry may ask for what the old account had (its conversation, its
 * private character): not-found and forbidden are the sign-out's doing, and the notice of it
 * says more than they would.
 */
const SIGN_OUT_EFFECTS: readonly number[] = [ErrorCode.NOT_FOUND, ErrorCode.FORBIDDEN];

/** A failed envelope: 100002 opens the credits dialog; other codes toast unless silent. */
function refuse(envelope: Envelope, options: RequestOptions, signedOut = false): never {
  if (envelope.code === ErrorCode.NOT_ENOUGH_CREDITS) {
    handlers.onNotEnoughCredits();
  } else if (
    envelope.code !== ErrorCode.NO_SESSION &&
    !options.silent &&
    !(signedOut && SIGN_OUT_EFFECTS.includes(envelope.code))
  ) {
    handlers.onError(envelope.message);
  }
  throw new ApiError('business', envelope.code, envelope.message, signedOut);
}

/**
 * Calls the API and unwraps the envelope (spec §7-§8): 100000 logs in as a tourist and retries
 * once; 100002 opens the credits dialog; other codes toast the server's message unless the call
 * is silent; a network failure toasts that the network is abnormal.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiWithMessage<T>(path, options)).data;
}

/**
 * Like `api`, for the few calls whose success message is what the page shows ("Subscription
 * canceled."): answers the data and the server's message.
 */
export async function apiWithMessage<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T; message: string }> {
  let envelope: Envelope;
  let signedOut = false;
  if (NEEDS_SESSION.test(path)) await handlers.sessionReady().catch(() => undefined);
  try {
    envelope = await send(path, options);
    if (envelope.code === ErrorCode.NO_SESSION) {
      signedOut = (await handlers.onNoSession()) === true;
      envelope = await send(path, options);
    }
  } catch (err) {
    reportFailure(err, options);
    throw err;
  }
  if (envelope.code === ErrorCode.OK) return { data: envelope.data as T, message: envelope.message };
  return refuse(envelope, options, signedOut);
}

/**
 * Sends a call whose success is not an envelope (an event stream, a file): answers the open
 * response when `isPayload` accepts it; anything else is read as an envelope and handled
 * exactly as `api` does (100000 logs in and retries once, 100002 opens the credits dialog...).
 */
export async function apiRaw(
  path: string,
  options: RequestOptions,
  accept: string,
  isPayload: (response: Response) => boolean,
): Promise<Response> {
  if (NEEDS_SESSION.test(path)) await handlers.sessionReady().catch(() => undefined);
  const attempt = async (): Promise<Response | Envelope> => {
    const response = await request(path, options, accept);
    return isPayload(response) ? response : readEnvelope(response);
  };
  let result: Response | Envelope;
  let signedOut = false;
  try {
    result = await attempt();
    if (!(result instanceof Response) && result.code === ErrorCode.NO_SESSION) {
      signedOut = (await handlers.onNoSession()) === true;
      result = await attempt();
    }
  } catch (err) {
    reportFailure(err, options);
    throw err;
  }
  if (result instanceof Response) return result;
  if (result.code === ErrorCode.OK) {
    throw new ApiError('bad-response', ErrorCode.INTERNAL, `expected ${accept}`);
  }
  return refuse(result, options, signedOut);
}

/**
 * Like `api`, for answers streamed as server-sent events: resolves with the open response once
 * the stream starts. A refusal comes before any streaming as a normal envelope (credits,
 * adult content, policy...) and is handled and thrown exactly as `api` does.
 */
export function apiStream(path: string, options: RequestOptions = {}): Promise<Response> {
  return apiRaw(
    path,
    options,
    'text/event-stream',
    (response) => response.ok && (response.headers.get('content-type') ?? '').includes('text/event-stream'),
  );
}

type In<S> = S extends z.ZodType ? z.input<S> : never;
type Out<S> = S extends z.ZodType ? z.output<S> : never;

/** A call's input as its endpoint declares it: query, JSON body, path parameters. */
export type CallOptions<E extends Endpoint> = Omit<RequestOptions, 'method' | 'query' | 'json'> &
  (E extends { query: z.ZodType } ? { query?: In<E['query']> } : { query?: never }) &
  (E extends { body: z.ZodType } ? { json?: In<E['body']> } : { json?: never }) &
  (E extends { params: z.ZodType } ? { params: In<E['params']> } : { params?: never });

type CallArgs<E extends Endpoint> = E extends { params: z.ZodType }
  ? [options: CallOptions<E>]
  : [options?: CallOptions<E>];

/** What a call of the route answers on success: its endpoint's `data`. */
export type CallData<R extends Route> = Out<EndpointAt<R>['response']>;

/**
 * The path to ask for a route (under API_BASE), its `:name` parameters filled in. For the calls
 * whose answer is a stream or a file (apiStream, apiBlob).
 */
export function pathOf(route: Route, params: Record<string, string | number> = {}): string {
  return route.path
    .slice(API_BASE.length)
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** A route's call as `api` takes it: the path with its parameters filled in, and the options. */
function requestOf(route: Route, options: object | undefined): [string, RequestOptions] {
  const { params, query, ...rest } = (options ?? {}) as Omit<RequestOptions, 'method' | 'query'> & {
    params?: Record<string, string | number>;
    query?: RequestOptions['query'];
  };
  return [pathOf(route, params), { ...rest, ...(query ? { query } : {}), method: route.method }];
}

/**
 * Calls one endpoint of the contract's table by its route (`API.characterList`): its query,
 * body and path parameters typed by the endpoint's schemas, its answer by the endpoint's
 * response. Everything else as `api`.
 */
export function call<R extends Route>(route: R, ...[options]: CallArgs<EndpointAt<R>>): Promise<CallData<R>> {
  return api<CallData<R>>(...requestOf(route, options));
}

/** `call`, answering the server's success message too (see `apiWithMessage`). */
export function callWithMessage<R extends Route>(
  route: R,
  ...[options]: CallArgs<EndpointAt<R>>
): Promise<{ data: CallData<R>; message: string }> {
  return apiWithMessage<CallData<R>>(...requestOf(route, options));
}
