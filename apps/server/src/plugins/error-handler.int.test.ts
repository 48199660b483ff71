import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@lumi/contract';
import {
  createTestApp,
  form,
  FORM_HEADERS,
  messagesFile,
  rowCounts,
  touristCode,
  type TestApp,
} from '../../test/helpers';

interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

const SECRET = 'kaboom-7f3a secret detail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady(app) {
      app.get('/cgi-bin/test/throw', async () => {
        throw new Error(SECRET);
      });
      app.post('/cgi-bin/test/type-error', async (request) => {
        // A genuine programming error: reading a property of undefined.
        const body = request.body as { missing: { deeper: string } };
        return { value: body.missing.deeper };
      });
    },
  });
});
afterAll(() => t?.close());

const MB = 1024 * 1024;
const over = Math.ceil(1.1 * MB);

interface BadRequest {
  name: string;
  headers: Record<string, string>;
  payload: string;
  /** The exact English message, when the refusal is about one field. */
  message?: string;
}

/** Each one carries a valid tourist code, so a server that ignored the problem would write rows. */
/** An English message from the JSON file, its {{field}} filled in. */
const en = (key: 'invalid_field' | 'missing_field' | 'unknown_field', field: string) =>
  messagesFile('en')[key].replace('{{field}}', field);

const badRequests = (): BadRequest[] => {
  const code = touristCode();
  const json = { 'content-type': 'application/json' };
  return [
    { name: 'malformed JSON', headers: json, payload: `{"type":0,"code":"${code}"` },
    { name: 'JSON that is not an object', headers: json, payload: `[0, "${code}"]` },
    { name: 'an empty JSON body', headers: json, payload: '' },
    {
      name: 'a form with type=abc',
      headers: FORM_HEADERS,
      payload: form({ type: 'abc', code }),
      message: en('invalid_field', 'type'),
    },
    {
      name: 'a form with a type outside 0, 1, 2, 4',
      headers: FORM_HEADERS,
      payload: form({ type: '3', code }),
      message: en('invalid_field', 'type'),
    },
    {
      name: 'a form without type',
      headers: FORM_HEADERS,
      payload: form({ code }),
      message: en('missing_field', 'type'),
    },
    {
      name: 'a form with type given twice',
      headers: FORM_HEADERS,
      payload: `type=0&type=1&code=${code}`,
      message: en('invalid_field', 'type'),
    },
    {
      name: 'JSON with code as an array',
      headers: json,
      payload: JSON.stringify({ type: 0, code: [code] }),
      message: en('invalid_field', 'code'),
    },
    {
      name: 'a JSON body without code',
      headers: json,
      payload: '{"type":0}',
      message: en('missing_field', 'code'),
    },
    {
      name: 'JSON with an unknown field',
      headers: json,
      payload: JSON.stringify({ type: 0, code, admin: true }),
      message: en('unknown_field', 'admin'),
    },
    {
      name: 'a form with an unknown field',
      headers: FORM_HEADERS,
      payload: form({ type: '0', code, isAdmin: '1' }),
      message: en('unknown_field', 'isAdmin'),
    },
    {
      name: 'JSON with type as an object',
      headers: json,
      payload: JSON.stringify({ type: { $gt: -1 }, code }),
      message: en('invalid_field', 'type'),
    },
    {
      name: 'JSON with code as a number',
      headers: json,
      payload: JSON.stringify({ type: 0, code: 1234567890 }),
      message: en('invalid_field', 'code'),
    },
    {
      name: 'a JSON body of 1.1 MB',
      headers: json,
      payload: JSON.stringify({ type: 0, code, vid: 'x'.repeat(over) }),
    },
    {
      name: 'a form body of 1.1 MB',
      headers: FORM_HEADERS,
      payload: form({ type: '0', code, vid: 'x'.repeat(over) }),
    },
    { name: 'a text/plain body', headers: { 'content-type': 'text/plain' }, payload: `type=0&code=${code}` },
    {
      name: 'an application/xml body',
      headers: { 'content-type': 'application/xml' },
      payload: `<login><type>0</type><code>${code}</code></login>`,
    },
  ];
};

describe('bad input to POST /cgi-bin/login', () => {
  it.each(badRequests().map((r) => [r.name, r] as const))(
    'answers %s with a clear envelope error, no 500, nothing written',
    async (_, request) => {
      const before = await rowCounts(t.database);
      const res = await t.app.inject({
        method: 'POST',
        url: '/cgi-bin/login',
        headers: request.headers,
        payload: request.payload,
      });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json<Envelope>();
      expect(Object.keys(body).sort()).toEqual(['code', 'data', 'message']);
      expect(typeof body.code).toBe('number');
      expect(body.code).not.toBe(0);
      expect(body.data).toBeNull();
      expect(typeof body.message).toBe('string');
      expect(body.message.trim()).not.toBe('');
      expect(body.message).not.toMatch(/FST_|Error:|\{\{/);
      if (request.message) expect(body.message).toBe(request.message);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await rowCounts(t.database)).toEqual(before);
    },
  );

  it.each(['', ' '])('refuses a blank type=%j in a form instead of reading it as 0', async (type) => {
    const before = await rowCounts(t.database);
    const res = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/login',
      headers: FORM_HEADERS,
      payload: form({ type, code: touristCode() }),
    });
    const body = res.json<Envelope>();
    expect(body.code).toBe(ErrorCode.INVALID_INPUT);
    expect(body.message).toBe(messagesFile('en').missing_field.replace('{{field}}', 'type'));
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it('gives the size and media-type refusals their own codes and HTTP status', async () => {
    const code = touristCode();
    const big = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 0, code, vid: 'x'.repeat(over) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json<Envelope>()).toEqual({
      code: 100013,
      message: messagesFile('en').payload_too_large,
      data: null,
    });

    const xml = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json<Envelope>()).toEqual({
      code: 100015,
      message: messagesFile('en').unsupported_media_type,
      data: null,
    });

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/login',
      headers: { 'content-type': 'application/json', 'x-locale': 'fr' },
      payload: '{"type":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<Envelope>()).toEqual({
      code: 100001,
      message: messagesFile('fr').invalid_input,
      data: null,
    });
  });

  it('still accepts a good JSON login (the refusals above are about the input)', async () => {
    const before = await rowCounts(t.database);
    const res = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 0, code: touristCode() }),
    });
    expect(res.json<Envelope>().code).toBe(0);
    const after = await rowCounts(t.database);
    expect(after).toEqual({ users: before.users + 1, sessions: before.sessions + 1 });
  });
});

describe('unexpected errors', () => {
  const leaks = [SECRET, 'kaboom', 'Error:', 'TypeError', 'stack', '/work/', 'node_modules', '.ts:', '.js:'];

  it('answer 100500, HTTP 500, the generic message and no stack', async () => {
    for (const inject of [
      { method: 'GET', url: '/cgi-bin/test/throw' },
      { method: 'POST', url: '/cgi-bin/test/type-error', payload: {} },
    ] as const) {
      const res = await t.app.inject(inject);
      expect(res.statusCode, inject.url).toBe(500);
      expect(res.json<Envelope>(), inject.url).toEqual({
        code: 100500,
        message: messagesFile('en').operation_failed,
        data: null,
      });
      for (const leak of leaks) expect(res.body, `${inject.url} leaks ${leak}`).not.toContain(leak);
      expect(res.body).not.toMatch(/\bat \S+ \(/);
    }
  });

  it('answer in the caller’s language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/cgi-bin/test/throw',
      headers: { 'x-locale': 'ja' },
    });
    expect(res.json<Envelope>()).toEqual({
      code: 100500,
      message: messagesFile('ja').operation_failed,
      data: null,
    });
  });
});

describe('x-request-id', () => {
  it('is on every response, and a safe incoming one is echoed back', async () => {
    const generated = await t.app.inject({ method: 'GET', url: '/cgi-bin/test/throw' });
    const id = generated.headers['x-request-id'];
    expect(typeof id).toBe('string');
    expect(String(id).length).toBeGreaterThan(0);

    const other = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(other.headers['x-request-id']).toBeTruthy();
    expect(other.headers['x-request-id']).not.toBe(id);

    for (const inject of [
      { method: 'GET', url: '/cgi-bin/test/throw' },
      { method: 'GET', url: '/healthz' },
      {
        method: 'POST',
        url: '/cgi-bin/login',
        payload: '{',
        headers: { 'content-type': 'application/json' },
      },
    ] as const) {
      const res = await t.app.inject({
        ...inject,
        headers: { ...inject.headers, 'x-request-id': 'abc-123' },
      });
      expect(res.headers['x-request-id'], inject.url).toBe('abc-123');
    }
  });

  it('replaces an unsafe incoming id instead of echoing it', async () => {
    for (const unsafe of ['a'.repeat(65), '<script>alert(1)</script>', 'id with spaces']) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': unsafe } });
      const id = res.headers['x-request-id'];
      expect(id).toBeTruthy();
      expect(id).not.toBe(unsafe);
    }
  });
});

describe('GET /healthz', () => {
  it('answers code 0 with status ok and the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Envelope>()).toMatchObject({
      code: 0,
      data: { status: 'ok', database: t.database.kind },
    });
  });
});
