import {
  ENDPOINTS,
  envelopeOf,
  ErrorCode,
  type Endpoint,
  type EndpointAt,
  type Route,
  type UploadFile,
} from '@lumi/contract';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { z } from 'zod';

/**
 * A page test's API: msw answers the page's real requests (lib/api-client.ts, over fetch) with
 * fakes typed from the contract's table (ENDPOINTS), and holds both sides to it at run time. A
 * request the server's schemas would refuse, a fake's answer the server's response schema would
 * refuse, an error code the contract does not have, or a call no fake answers is a problem: the
 * page gets what the server would answer (100001, 100500...) and the test fails after it with
 * each problem spelled out. Test code only: it loads zod and the whole table.
 *
 *   setupFakeApi();
 *   beforeEach(() => fakeApi(API.voices, () => ({ voices, offline: true })));
 *   it('...', async () => {
 *     fakeApi(API.textToSpeech, () => apiError(ErrorCode.NOT_ENOUGH_CREDITS, 'No credits'), { once: true });
 *     ...
 *     expect(requestsTo(API.textToSpeech)[0]?.sent.body).toEqual({ ... });
 *   });
 */

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The body a handler gets: the JSON body by `body`, a multipart form's fields by `upload`. */
type BodyOf<E extends Endpoint> =
  | (E extends { body: z.ZodType } ? z.output<E['body']> : never)
  | (E extends { upload: { fields: z.ZodType } } ? z.output<E['upload']['fields']> : never)
  | (E extends { body: z.ZodType }
      ? never
      : E extends { upload: object }
        ? Record<string, never>
        : undefined);

/** A request as the server's handler would get it, and as the page sent it. */
export interface FakeRequest<E extends Endpoint> {
  /** The query, parsed by the endpoint's schema (defaults filled in, numbers coerced...). */
  query: Out<E['query']>;
  /** The JSON or form body, or a multipart request's text fields, parsed by the endpoint's schemas. */
  body: BodyOf<E>;
  /** The path's `:name` parameters, parsed. */
  params: Out<E['params']>;
  /** A multipart request's files, by field (an empty image or card counts as not sent, as on the server). */
  files: Record<string, File>;
  /**
   * What the page sent, before the schemas: the query's values as text, the body as decoded (a
   * form's text fields), a multipart form's files (empty ones too).
   */
  sent: { query: Record<string, string | string[]>; body: unknown; files: Record<string, File> };
  request: Request;
}

/** What a call answers on success: its endpoint's data, or (a file, a stream, a redirect) the response. */
export type FakeData<E extends Endpoint> = E extends { answer: object } | { redirect: string }
  ? Response
  : E extends { stream: true }
    ? z.input<E['response']> | Response
    : z.input<E['response']>;

/** A refusal, as the envelope `{ code, message, data: null }`: return it or throw it from a handler. */
export class FakeApiError extends Error {
  override name = 'FakeApiError';
  constructor(
    readonly code: number,
    message: string,
    /** Frameworks' refusals keep their HTTP status (413, 415...); business ones answer 200. */
    readonly status = 200,
  ) {
    super(message);
  }
}

/** A refusal envelope with this code and (translated, shown to the user) message. */
export const apiError = (code: number, message: string, status?: number) =>
  new FakeApiError(code, message, status);

/** The request never got an answer: fetch rejects as when the network fails. */
export class FakeNetworkError extends Error {
  override name = 'FakeNetworkError';
}
export const networkError = () => new FakeNetworkError('network');

type Reply<E extends Endpoint> = FakeData<E> | FakeApiError | FakeNetworkError;

export type FakeHandler<E extends Endpoint> = (request: FakeRequest<E>) => Reply<E> | Promise<Reply<E>>;

/** A server-sent events body, for the calls that stream (chat replies). */
export function eventStream(events: readonly { event: string; data: unknown }[]): Response {
  const text = events.map(({ event, data }) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
  return new HttpResponse(text, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

const byPlace = new Map<string, Endpoint>(
  Object.values(ENDPOINTS as Record<string, Endpoint>).map((e) => [`${e.method} ${e.path}`, e]),
);

function endpointAt(route: Route): Endpoint {
  const e = byPlace.get(`${route.method} ${route.path}`);
  if (!e) throw new Error(`api-mock: no endpoint of the contract at ${route.method} ${route.path}`);
  return e;
}

/** Problems seen since the last check: each fails the test that caused it. */
let problems: string[] = [];
const requests = new Map<Endpoint, FakeRequest<Endpoint>[]>();

const place = (e: Endpoint, request: Request) => {
  const url = new URL(request.url);
  return `${e.method} ${url.pathname}${url.search}`;
};

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((i) => `  - ${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`).join('\n');
}

const codes = new Set<number>(Object.values(ErrorCode));

const server = setupServer();
// msw hands listeners a copy of every answer (a tee of its body), which nothing here reads: a
// page that stops reading a stream early (a chat reply, at its last event) would otherwise wait
// forever for the copy to be cancelled too.
server.events.on('response:mocked', ({ response }) => {
  response.body?.cancel().catch(() => undefined);
});

/** The envelope of a refusal, as the server sends it. */
const refusal = (code: number, message: string, status = 200) =>
  HttpResponse.json({ code, message, data: null }, { status });

/** Reads the request as the server's route() would: query, body (JSON, form or multipart) and files. */
async function readRequest(e: Endpoint, request: Request, params: Record<string, unknown>) {
  const url = new URL(request.url);
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const was = query[key];
    query[key] = was === undefined ? value : [...(Array.isArray(was) ? was : [was]), value];
  }
  const type = request.headers.get('content-type') ?? '';
  const files: Record<string, File> = {};
  const sentFiles: Record<string, File> = {};
  let body: unknown;
  let multipart = false;
  const wrong: string[] = [];
  if (type.includes('multipart/form-data')) {
    multipart = true;
    const form = await request.formData();
    const fields: Record<string, string> = {};
    for (const [key, value] of form) {
      if (typeof value === 'string') fields[key] = value;
      else {
        sentFiles[key] = value;
        // An empty image or card counts as not sent; audio (kept as a file) whatever its size.
        const spec = e.upload && Object.hasOwn(e.upload.files, key) ? e.upload.files[key] : undefined;
        if (value.size > 0 || !spec || spec.kind === 'audio') files[key] = value;
      }
    }
    body = fields;
  } else if (type.includes('application/json')) {
    const text = await request.text();
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      wrong.push(`the JSON body does not parse: ${text.slice(0, 200)}`);
    }
  } else if (type.includes('application/x-www-form-urlencoded')) {
    body = Object.fromEntries(new URLSearchParams(await request.text()));
  } else if (request.body) {
    const text = await request.text();
    if (text) wrong.push(`a body of type "${type}" the server does not read`);
  }
  return { query, body, files, sentFiles, multipart, params, wrong };
}

type Parsed = { ok: true; value: unknown } | { ok: false; problem: string };

function parseBy(schema: z.ZodType | undefined, input: unknown, what: string, sent: boolean): Parsed {
  if (!schema) {
    return sent
      ? { ok: false, problem: `sends ${what} but the endpoint takes none` }
      : { ok: true, value: undefined };
  }
  // A missing query or body reads as empty, as on the server.
  const result = schema.safeParse(input ?? {});
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, problem: `sends ${what} the server refuses:\n${describeIssues(result.error.issues)}` };
}

/** Holds the request to the endpoint's schemas, as the server's route() does. */
function checkRequest(e: Endpoint, read: Awaited<ReturnType<typeof readRequest>>): Parsed {
  if (read.wrong.length) return { ok: false, problem: read.wrong.join('; ') };
  const hasQuery = Object.keys(read.query).length > 0;
  const query = parseBy(e.query, read.query, `the query ${JSON.stringify(read.query)}`, hasQuery);
  if (!query.ok) return query;
  const params = parseBy(e.params, read.params, 'path parameters', Object.keys(read.params).length > 0);
  if (!params.ok) return params;
  let body: Parsed;
  if (read.multipart) {
    if (!e.upload) return { ok: false, problem: 'sends a multipart form but the endpoint takes no files' };
    const specs: Record<string, UploadFile> = e.upload.files;
    for (const [name, file] of Object.entries(read.files)) {
      const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
      if (!spec) return { ok: false, problem: `sends a file "${name}" the endpoint does not take` };
      if (file.size > spec.maxBytes) {
        return {
          ok: false,
          problem: `sends a file "${name}" of ${file.size} bytes, over its ${spec.maxBytes}`,
        };
      }
    }
    const fields = e.upload.fields ?? e.body;
    body = fields
      ? parseBy(fields, read.body, `the form fields ${JSON.stringify(read.body)}`, true)
      : { ok: true, value: {} };
    if (!body.ok) return body;
    const missing = Object.entries(specs).find(([name, spec]) => spec.required && !read.files[name]);
    if (missing) return { ok: false, problem: `leaves out the required file "${missing[0]}"` };
  } else {
    const sent = read.body !== undefined;
    body = e.body
      ? parseBy(e.body, read.body, `the body ${JSON.stringify(read.body)}`, sent)
      : e.upload
        ? { ok: false, problem: `sends no multipart form: the endpoint takes its fields and files that way` }
        : parseBy(undefined, read.body, `the body ${JSON.stringify(read.body)}`, sent);
    if (!body.ok) return body;
  }
  return { ok: true, value: { query: query.value, params: params.value, body: body.value } };
}

/** Holds a fake's success to what the server could answer. */
function answer(e: Endpoint, request: Request, data: unknown): { response: Response } | { problem: string } {
  const accept = request.headers.get('accept') ?? '';
  if (data instanceof Response) {
    const type = data.headers.get('content-type') ?? '';
    if (e.redirect) {
      return data.status === 302 && data.headers.get('location')
        ? { response: data }
        : { problem: 'answers a redirect (302 with a Location); the fake answered something else' };
    }
    if (e.answer) {
      const [major, minor] = e.answer.type.split('/');
      const [gotMajor, gotMinor] = (type.split(';')[0] ?? '').trim().split('/');
      return data.ok && gotMajor === major && (minor === '*' || gotMinor === minor)
        ? { response: data }
        : {
            problem: `answers a file of type ${e.answer.type}; the fake answered "${type}" (${data.status})`,
          };
    }
    if (e.stream) {
      if (!accept.includes('text/event-stream')) {
        return { problem: 'streams only when asked (Accept: text/event-stream); the page did not ask' };
      }
      return type.includes('text/event-stream')
        ? { response: data }
        : { problem: `streams text/event-stream; the fake answered "${type}"` };
    }
    return { problem: 'answers the envelope; the fake answered a raw Response (return the data instead)' };
  }
  if (e.stream && accept.includes('text/event-stream')) {
    return { problem: 'streams server-sent events when asked, as the page did; the fake answered data' };
  }
  if (e.answer || e.redirect) {
    return {
      problem: `answers ${e.answer ? `a file (${e.answer.type})` : 'a redirect'}; the fake answered data`,
    };
  }
  // The server serializes its answer by the envelope's schema (fastify-type-provider-zod encodes).
  const result = envelopeOf(e.response).safeEncode({ code: ErrorCode.OK, message: 'success', data });
  if (!result.success) {
    return {
      problem: `the fake answers data the server's response schema refuses:\n${describeIssues(result.error.issues)}`,
    };
  }
  return { response: HttpResponse.json(result.data) };
}

function refuse(e: Endpoint, request: Request, err: FakeApiError): Response {
  if (err.code === ErrorCode.OK || !codes.has(err.code)) {
    problems.push(
      `${place(e, request)}: the fake refuses with code ${err.code}, not an error code of the contract`,
    );
    return refusal(ErrorCode.INTERNAL, 'internal');
  }
  return refusal(err.code, err.message, err.status);
}

/**
 * Answers `route` (an `API.x` of the contract) with `handler` until the test ends (or for the
 * one next call with `once`); a later fake of the same route takes over from an earlier one.
 * The handler gets the request parsed by the endpoint's schemas and answers its data, typed by
 * its response schema, or `apiError(code, message)` (returned or thrown), or `networkError()`.
 */
export function fakeApi<R extends Route>(
  route: R,
  handler: FakeHandler<EndpointAt<R>>,
  options: { once?: boolean } = {},
): void {
  const e = endpointAt(route);
  const method = e.method === 'GET' ? http.get : http.post;
  const names = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  // Any origin: the page asks relative to where jsdom says it is.
  const handle = method(
    `*${e.path}`,
    async ({ request, params }) => {
      // The path's own parameters (msw also names the origin's wildcard, "0").
      const named = Object.fromEntries(names.map((name) => [name, params[name]]));
      const read = await readRequest(e, request.clone(), named);
      const checked = checkRequest(e, read);
      if (!checked.ok) {
        problems.push(`${place(e, request)}: the page ${checked.problem}`);
        return refusal(ErrorCode.INVALID_INPUT, 'invalid input');
      }
      const parsed = checked.value as Pick<FakeRequest<Endpoint>, 'query' | 'params' | 'body'>;
      const fake: FakeRequest<Endpoint> = {
        ...parsed,
        files: read.files,
        sent: { query: read.query, body: read.body, files: read.sentFiles },
        request,
      };
      const seen = requests.get(e) ?? [];
      seen.push(fake);
      requests.set(e, seen);
      let data: unknown;
      try {
        data = await (handler as FakeHandler<Endpoint>)(fake);
      } catch (err) {
        data = err;
        if (!(err instanceof FakeApiError || err instanceof FakeNetworkError)) {
          problems.push(`${place(e, request)}: the fake threw ${String(err)}`);
          return refusal(ErrorCode.INTERNAL, 'internal', 500);
        }
      }
      if (data instanceof FakeNetworkError) return HttpResponse.error();
      if (data instanceof FakeApiError) return refuse(e, request, data);
      const answered = answer(e, request, data);
      if ('problem' in answered) {
        problems.push(`${place(e, request)}: ${answered.problem}`);
        // What the server does when its answer fails its schema.
        return refusal(ErrorCode.INTERNAL, 'internal', 500);
      }
      return answered.response;
    },
    { once: options.once ?? false },
  );
  server.use(handle);
}

/** The requests the fakes of `route` answered in this test, oldest first, as parsed and as sent. */
export function requestsTo<R extends Route>(route: R): FakeRequest<EndpointAt<R>>[] {
  return requests.get(endpointAt(route)) ?? [];
}

/** The problems seen since the last call, which then no longer fail the test (for the helper's own tests). */
export function takeProblems(): string[] {
  const seen = problems;
  problems = [];
  return seen;
}

/**
 * Starts the fake API for the test file: every request must be answered by a fake
 * (`onUnhandledRequest: 'error'`); after each test the fakes are dropped, and the test fails
 * with the problems it caused.
 */
export function setupFakeApi(): void {
  beforeAll(() =>
    server.listen({
      onUnhandledRequest(request, print) {
        const url = new URL(request.url);
        problems.push(`${request.method} ${url.pathname}${url.search}: no fake answers this call`);
        print.error();
      },
    }),
  );
  afterEach(() => {
    server.resetHandlers();
    requests.clear();
    const seen = takeProblems();
    if (seen.length) {
      throw new Error(`The page and the contract disagree:\n${seen.map((p) => `• ${p}`).join('\n')}`);
    }
  });
  afterAll(() => server.close());
}
