import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, ErrorCode, type Endpoint } from '@lumi/contract';
import { useTestApp, loginTourist, makeCharacter } from '../../test/helpers';
import Fastify from 'fastify';
import { OPENAPI_PATH, REFERENCE_PATH, registerOpenApi } from './openapi';

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        parameters?: { in: string; name: string }[];
        requestBody?: { content: Record<string, { schema: unknown }> };
        responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
      }
    >
  >;
}

let cookie: string;
let characterId: number;
const t = useTestApp();
beforeAll(async () => {
  const tourist = await loginTourist(t.app);
  cookie = tourist.cookie;
  characterId = (await makeCharacter(t, tourist)).id;
});

const endpoints = Object.entries(ENDPOINTS) as [string, Endpoint][];
/** `/cgi-bin/x/:id` as OpenAPI writes it, `/cgi-bin/x/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document (issue 20)', () => {
  it('lists every call of the contract with its request and answer schemas, and nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    const doc = res.json<OpenApiDocument>();
    expect(doc.openapi).toMatch(/^3\.1/);
    for (const [name, e] of endpoints) {
      const op = doc.paths[openApiPath(e.path)]?.[e.method.toLowerCase()];
      expect(op, `${name}: ${e.method} ${e.path}`).toBeDefined();
      expect(op!.summary).toBe(e.summary);
      type Schema = { properties?: Record<string, unknown>; anyOf?: Schema[] };
      const answer = op!.responses['200']?.content?.['application/json']?.schema as Schema | undefined;
      const keys = (s: Schema | undefined) => Object.keys(s?.properties ?? {});
      if (e.bare) {
        // A provider's notice: the acknowledgement the provider reads, or a refusal's envelope.
        expect(answer?.anyOf?.map(keys), name).toEqual([
          ['received', 'granted', 'error'],
          ['code', 'message', 'data'],
        ]);
      } else {
        expect(keys(answer), name).toEqual(['code', 'message', 'data']);
      }
      if (e.body) expect(op!.requestBody?.content['application/json']?.schema, name).toBeDefined();
      if (e.query)
        expect(
          op!.parameters?.some((p) => p.in === 'query'),
          name,
        ).toBe(true);
    }
    // Pages, files and the calls not yet in the table stay out.
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m} ${path}`),
    );
    expect(listed.sort()).toEqual(
      endpoints.map(([, e]) => `${e.method.toLowerCase()} ${openApiPath(e.path)}`).sort(),
    );
  });

  it('has a reference page that reads it, with its own files from this server', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${REFERENCE_PATH}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith('http'), src).toBe(false);
      const url = new URL(src, `http://x${REFERENCE_PATH}/`).pathname;
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    // It reads the same document as OPENAPI_PATH.
    const read = await t.app.inject({ method: 'GET', url: `${REFERENCE_PATH}/json` });
    const served = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(read.json()).toEqual(served.json());
  });
});

describe('a call without the table', () => {
  it('stops the server at start: no /cgi-bin route without a schema', async () => {
    const app = Fastify();
    await registerOpenApi(app, { siteName: 'x', publicUrl: 'http://localhost' });
    expect(() => app.get('/cgi-bin/auth/by-hand', async () => ({}))).toThrow(/has no schema/);
    expect(() => app.post('/cgi-bin/webhooks/by-hand', async () => ({}))).toThrow(/has no schema/);
    // Pages and files outside /cgi-bin are not calls.
    expect(() => app.get('/about', async () => 'ok')).not.toThrow();
    await app.close();
  });
});

describe('every call of the table, fuzzed', () => {
  const junk: unknown[] = [
    null,
    [],
    'text',
    42,
    { id: 'x' },
    { id: -1, index: 1e12, content: 7 },
    { content: ['a'], characterId: {} },
    { conversationId: 'not-a-uuid', memory: 'x'.repeat(100_000) },
    { characterId: '1e309', page: 'NaN', page_size: '-5' },
    { __proto__: { admin: true }, constructor: 'x' },
  ];
  const toQuery = (value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? new URLSearchParams(
          Object.entries(value as Record<string, unknown>).map(([k, v]): [string, string] => [k, String(v)]),
        ).toString()
      : `q=${encodeURIComponent(String(value))}`;

  it('answers bad input with the envelope, never a 5xx', async () => {
    for (const [name, e] of endpoints) {
      for (const value of [...junk, { characterId }]) {
        const res = await t.app.inject({
          method: e.method,
          url: e.method === 'GET' ? `${e.path}?${toQuery(value)}` : e.path,
          headers: { cookie },
          ...(e.method === 'POST'
            ? { payload: JSON.stringify(value), headers: { cookie, 'content-type': 'application/json' } }
            : {}),
        });
        const where = `${name} ${JSON.stringify(value)?.slice(0, 80)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        if (e.bare) {
          // An unsigned notice is refused with the acknowledgement, and nothing is granted.
          expect(res.json<{ received: boolean; granted?: boolean }>(), where).toMatchObject({
            received: false,
          });
          continue;
        }
        const body = res.json<{ code: number; message: string }>();
        expect(typeof body.code, where).toBe('number');
        expect(body.message, where).toBeTruthy();
        if (body.code !== 0) expect(body.code, where).not.toBe(ErrorCode.INTERNAL);
      }
    }
  });
});
