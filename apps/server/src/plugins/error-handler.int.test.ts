import { createHmac } from 'node:crypto';
import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@lumi/contract';
import {
  useTestApp,
  form,
  FORM_HEADERS,
  loginTourist,
  makeCharacter,
  messagesFile,
  multipart,
  rowCounts,
  TEST_ROUTE,
  touristCode,
  type Envelope,
} from '../../test/helpers';

const SECRET = 'kaboom-7f3a secret detail';
/** Known, so a test can sign a private file URL the way the app does. */
const FILES_SECRET = 'error-handler-test-files-secret';

const t = useTestApp({
  env: { FILES_SECRET },
  beforeReady(app) {
    app.get('/cgi-bin/test/throw', TEST_ROUTE, async () => {
      throw new Error(SECRET);
    });
    app.post('/cgi-bin/test/type-error', TEST_ROUTE, async (request) => {
      // A genuine programming error: reading a property of undefined.
      const body = request.body as { missing: { deeper: string } };
      return { value: body.missing.deeper };
    });
  },
});

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

/** Answers of a raw HTTP exchange with a listening server: what Node's own parser sends back. */
function rawExchange(
  port: number,
  request: string,
): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head.toLowerCase(), body });
    });
  });
}

/** {"a":{"a":…1…}} `depth` levels deep. */
const nestedJson = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('bad input never answers a 5xx (the causes a fuzz audit found)', () => {
  const en = messagesFile('en');
  const invalidField = (field: string): Envelope => ({
    code: ErrorCode.INVALID_INPUT,
    message: en.invalid_field.replace('{{field}}', field),
    data: null,
  });
  const invalidInput: Envelope = { code: ErrorCode.INVALID_INPUT, message: en.invalid_input, data: null };
  let cookie: string;
  let characterId: number;
  beforeAll(async () => {
    const tourist = await loginTourist(t.app);
    cookie = tourist.cookie;
    characterId = (await makeCharacter(t, tourist)).id;
  });

  describe('text PostgreSQL refuses (NUL; a lone surrogate in jsonb) is refused with its field named', () => {
    interface Case {
      method: 'GET' | 'POST';
      url: string;
      payload?: string | Buffer | Record<string, unknown>;
      headers?: Record<string, string>;
    }
    const cases: [string, string, (id: number) => Case][] = [
      ['a query', 'tag', () => ({ method: 'GET', url: '/cgi-bin/auth/character/list?tag=a%00b' })],
      [
        'a search',
        'query',
        () => ({ method: 'GET', url: '/cgi-bin/auth/character/list-search?query=a%00b' }),
      ],
      ['a path parameter', 'id', () => ({ method: 'GET', url: '/cgi-bin/share/a%00b' })],
      [
        'a JSON body',
        'prompt',
        () => ({ method: 'POST', url: '/cgi-bin/auth/aigc/image', payload: { prompt: 'a\u0000b' } }),
      ],
      [
        'a JSON body, as a lone surrogate',
        'prompt',
        () => ({
          method: 'POST',
          url: '/cgi-bin/auth/aigc/image',
          payload: '{"prompt":"a\\ud800b"}',
          headers: { 'content-type': 'application/json' },
        }),
      ],
      [
        'a form body',
        'name',
        (id) => ({
          method: 'POST',
          url: '/cgi-bin/auth/character/modify',
          payload: form({ id: String(id), name: 'a\u0000b' }),
          headers: FORM_HEADERS,
        }),
      ],
      [
        'a multipart field',
        'desc',
        (id) => ({
          method: 'POST',
          url: '/cgi-bin/auth/character/modify',
          ...multipart({ id: String(id), desc: 'a\u0000b' }),
        }),
      ],
    ];

    it.each(cases)('in %s (%s)', async (_, field, make) => {
      const request = make(characterId);
      const res = await t.app.inject({ ...request, headers: { ...request.headers, cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json<Envelope>()).toEqual(invalidField(field));
      // The character kept its name and description: the refusal came before any write.
      const got = await t.app.inject({
        method: 'GET',
        url: `/cgi-bin/auth/character/get?id=${characterId}`,
        headers: { cookie },
      });
      expect(got.json<{ data: { name: string; desc: string } }>().data).toMatchObject({
        name: 'Mira Solano',
        desc: 'A 29-year-old lighthouse keeper who collects stories from passing ships.',
      });
    });

    it('still takes a surrogate pair (an emoji) and other control characters', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/cgi-bin/auth/character/list-search?query=${encodeURIComponent('Mira 😀 \u0001')}`,
        headers: { cookie },
      });
      expect(res.json<Envelope>().code).toBe(0);
    });
  });

  describe('a multipart body busboy cannot read answers 400 invalid_input', () => {
    const boundary = '----lumiFuzzBoundary';
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const filePart = (name: string, bytes: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.bin"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n${bytes}`;
    const bodies = (fileField: string): [string, string, string][] => [
      ['without a boundary', 'multipart/form-data', field('name', 'x') + `--${boundary}--\r\n`],
      [
        'cut short in a file',
        `multipart/form-data; boundary=${boundary}`,
        filePart(fileField, 'x'.repeat(500)),
      ],
      ['without its closing boundary', `multipart/form-data; boundary=${boundary}`, field('name', 'x')],
    ];
    const routes: [string, string][] = [
      ['/cgi-bin/auth/character/create', 'head'],
      ['/cgi-bin/auth/character/modify', 'head'],
      ['/cgi-bin/auth/user/update', 'head'],
      ['/cgi-bin/auth/aigc/image', 'base'],
      ['/cgi-bin/auth/aigc/speech/custom', 'voice'],
    ];

    it.each(routes)('on %s', async (url, fileField) => {
      for (const [name, contentType, payload] of bodies(fileField)) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': contentType, cookie },
        });
        expect(res.statusCode, name).toBe(400);
        expect(res.json<Envelope>(), name).toEqual(invalidInput);
      }
    });

    it('answers too many parts as too large (413)', async () => {
      const fields = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}`, 'x']));
      const body = multipart(fields);
      const res = await t.app.inject({
        method: 'POST',
        url: '/cgi-bin/auth/user/update',
        ...body,
        headers: { ...body.headers, cookie },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json<Envelope>()).toEqual({
        code: ErrorCode.PAYLOAD_TOO_LARGE,
        message: en.payload_too_large,
        data: null,
      });
    });
  });

  describe('deep JSON', () => {
    it.each([
      ['the unauthenticated NOWPayments webhook', '/cgi-bin/webhooks/nowpayments', nestedJson(20_000)],
      [
        'a multipart form sent as JSON',
        '/cgi-bin/auth/character/modify',
        '['.repeat(5000) + ']'.repeat(5000),
      ],
      [
        'a field 70 levels deep',
        '/cgi-bin/login',
        `{"type":0,"code":"${touristCode()}","vid":${nestedJson(70)}}`,
      ],
    ])('is refused with 400 before any code walks it: %s', async (_, url, payload) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { cookie, 'content-type': 'application/json', 'x-nowpayments-sig': 'f00d' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<Envelope>()).toEqual(invalidInput);
    });

    it('a sane depth still reaches validation', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/cgi-bin/login',
        payload: `{"type":0,"code":"${touristCode()}","vid":${nestedJson(60)}}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<Envelope>()).toEqual(invalidField('vid'));
    });

    it('leaves the Stripe webhook its raw body (its signature covers the bytes)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/cgi-bin/webhooks/stripe',
        payload: nestedJson(20_000),
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=f00d' },
      });
      // The provider's answer to a bad signature, from the handler that got the bytes.
      expect(res.statusCode).toBe(400);
      expect(res.json<{ received: boolean }>().received).toBe(false);
    });
  });

  it('bad percent-encoding in a path or a query is a 4xx envelope', async () => {
    for (const [url, status, body] of [
      ['/cgi-bin/share/%E0%A4%A', 400, invalidInput],
      ['/cgi-bin/auth/character/list/%ZZ', 400, invalidInput],
      ['/cgi-bin/explore?page=%ZZ', 200, invalidField('page')],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(status);
      expect(res.json<Envelope>(), url).toEqual(body);
    }
  });

  it('`..` in a path parameter is a 4xx, even in a correctly signed private file URL', async () => {
    const expires = Date.now() + 3_600_000;
    for (const key of ['../x', 'audio/../../x']) {
      const signature = createHmac('sha256', FILES_SECRET).update(`${key}\n${expires}`).digest('base64url');
      const url = `/files/private/${encodeURIComponent(key)}?e=${expires}&s=${signature}`;
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
    }
    for (const url of [
      '/cgi-bin/share/..%2F..',
      '/cgi-bin/speech/preview/..%2F..',
      '/cgi-bin/content/blog/..%2F..',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json<Envelope>().code, url).toBe(ErrorCode.NOT_FOUND);
    }
  });

  describe('what Node refuses before Fastify sees it', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as net.AddressInfo).port;
    });

    it('a URL over 16 KB answers 431 with the envelope', async () => {
      const res = await rawExchange(
        port,
        `GET /cgi-bin/explore?pad=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      );
      expect(res.status).toBe(431);
      expect(res.headers).toContain('content-type: application/json');
      expect(JSON.parse(res.body)).toEqual({
        code: ErrorCode.PAYLOAD_TOO_LARGE,
        message: en.payload_too_large,
        data: null,
      });
    });

    it('a request line that is not HTTP answers 400 with the envelope', async () => {
      const res = await rawExchange(port, 'NOT AN HTTP REQUEST\r\n\r\n');
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual(invalidInput);
    });
  });
});
