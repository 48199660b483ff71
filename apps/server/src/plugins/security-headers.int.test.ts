import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode } from '@lumi/contract';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage, PrivateFiles } from '../lib/storage';
import { messagesFile, TEST_ROUTE, useTestApp, useWebDist } from '../../test/helpers';

/** The built index.html's shape: a stylesheet and the paint-first loader, an inline module script. */
const LOADER = 'requestAnimationFrame(()=>setTimeout(()=>import("/assets/app-abc123.js")))';
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>x</title>' +
  '<link rel="stylesheet" href="/assets/app-abc123.css"></head>' +
  `<body><div id="root"></div><script type="module">${LOADER}</script></body></html>`;
const LOADER_HASH = `'sha256-${createHash('sha256').update(LOADER).digest('base64')}'`;
const FILES_SECRET = 'security-headers-test-secret-0123';
const SECURE_HOST = 'secure.lumi.test';

const site = useWebDist({
  'index.html': INDEX_HTML,
  'assets/app-abc123.js': 'console.log(1);\n',
  'sw.js': 'self.addEventListener("fetch", () => {});\n',
});
const t = useTestApp(() => ({
  env: { WEB_DIST_DIR: site.dir, TRUST_PROXY: '1', FORCE_HTTPS_HOSTS: SECURE_HOST, FILES_SECRET },
  beforeReady(app) {
    app.get('/cgi-bin/test/throw', TEST_ROUTE, async () => {
      throw new Error('unexpected');
    });
    // A page the server writes itself with one inline script, as the sign-in popup's callback.
    app.get('/test/inline-page', (_request, reply) => {
      const nonce = reply.scriptNonce();
      return reply
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><script nonce="${nonce}">window.close()</script>`);
    });
  },
}));
let signed: string;
let signedMissing: string;

beforeAll(async () => {
  await fs.mkdir(path.join(t.dataDir, 'files', 'avatars'), { recursive: true });
  await fs.writeFile(path.join(t.dataDir, 'files', 'avatars', 'a.webp'), 'RIFF....WEBP');
  const files = new PrivateFiles(new LocalStorage(path.join(t.dataDir, 'private-files')), FILES_SECRET);
  await files.storage.put('result.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
  signed = files.url('result.webp', Date.now());
  signedMissing = files.url('missing.webp', Date.now());
});

/** A Content-Security-Policy as directive name -> its sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header, 'content-security-policy').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** Every header the audit asks for, as a plain-http answer carries it. */
function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const policy = csp(res);
  expect(policy.get('default-src'), what).toEqual(["'self'"]);
  expect(policy.get('script-src'), what).toEqual(["'self'", LOADER_HASH]);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  expect(policy.get('base-uri'), what).toEqual(["'self'"]);
  expect(policy.get('form-action'), what).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('worker-src'), what).toEqual(["'self'"]);
  expect(policy.get('manifest-src'), what).toEqual(["'self'"]);
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin-allow-popups');
  const permissions = String(res.headers['permissions-policy']);
  expect(permissions, what).toContain('microphone=(self)');
  for (const off of ['camera', 'geolocation', 'payment', 'usb'])
    expect(permissions, what).toContain(`${off}=()`);
  expect(res.headers['strict-transport-security'], what).toBeUndefined();
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('every answer carries the security headers', () => {
  it('a page of the site', async () => {
    const res = await get('/pay-view');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // The loader the header allows by its hash is the one in the page, unchanged.
    expect(res.body).toContain(`<script type="module">${LOADER}</script>`);
    expectSecurityHeaders(res, 'page');
  });

  it('built files: a hashed asset, the service worker, a precompressed answer', async () => {
    for (const [url, headers] of [
      ['/assets/app-abc123.js', {}],
      ['/sw.js', {}],
      ['/assets/app-abc123.js', { 'accept-encoding': 'gzip' }],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res, url);
    }
  });

  it('uploaded files and the private file route, its refusal too', async () => {
    const avatar = await get('/files/avatars/a.webp');
    expect(avatar.statusCode).toBe(200);
    expectSecurityHeaders(avatar, 'public file');
    const file = await get(signed);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expectSecurityHeaders(file, 'private file');
    const forged = await get(signed.replace(/s=[^&]+/, 's=forged'));
    expect(forged.statusCode).toBe(403);
    expectSecurityHeaders(forged, 'private file refused');
  });

  it('API envelopes: success, a business error, an unexpected error, a malformed body', async () => {
    const health = await get('/healthz');
    expect(health.json()).toMatchObject({ code: 0 });
    expectSecurityHeaders(health, 'healthz');
    const noSession = await get('/cgi-bin/auth/user/info');
    expect(noSession.json()).toMatchObject({ code: 100000 });
    expectSecurityHeaders(noSession, 'no session');
    const thrown = await get('/cgi-bin/test/throw');
    expect(thrown.statusCode).toBe(500);
    expectSecurityHeaders(thrown, '500');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"type":',
    });
    expect(malformed.statusCode).toBe(400);
    expectSecurityHeaders(malformed, 'malformed JSON');
  });

  it('404s: an unknown call, a missing asset, a missing private file', async () => {
    for (const url of ['/cgi-bin/nope', '/assets/missing.js', signedMissing]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expectSecurityHeaders(res, url);
    }
  });

  it('redirects: an unknown page, /index.html, and plain http on an https-only host', async () => {
    for (const [url, headers] of [
      ['/unknown-page', {}],
      ['/index.html', {}],
      ['/pay-view', { host: SECURE_HOST }],
    ] as const) {
      const res = await get(url, headers);
      expect([301, 302], url).toContain(res.statusCode);
      expectSecurityHeaders(res, url);
    }
  });

  it('a URL the router cannot decode: the headers and the 400 envelope', async () => {
    for (const url of ['/%E0%A4%A', '/files/private/%zz', '/assets/%zz']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        code: ErrorCode.INVALID_INPUT,
        message: messagesFile('en').invalid_input,
        data: null,
      });
      expectSecurityHeaders(res, url);
    }
  });

  it('the manifest and robots.txt', async () => {
    for (const url of ['/manifest.webmanifest', '/robots.txt']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res, url);
    }
  });
});

describe('the policy', () => {
  it('without a bucket or a sign-in provider, loads pictures, audio and data from the site alone', async () => {
    const policy = csp(await get('/'));
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent on https (the trusted proxy says so), for a year or more', async () => {
    for (const url of ['/', '/healthz', '/assets/app-abc123.js', '/cgi-bin/nope']) {
      const res = await get(url, { 'x-forwarded-proto': 'https' });
      const hsts = String(res.headers['strict-transport-security']);
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), url).toBeGreaterThanOrEqual(31_536_000);
    }
  });

  it('is not sent on plain http', async () => {
    for (const url of ['/', '/healthz']) {
      const res = await get(url, { 'x-forwarded-proto': 'http' });
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});

describe('the sign-in popup', () => {
  it('keeps its opener: no opener policy on its pages, every other header kept', async () => {
    for (const url of ['/cgi-bin/login/oauth/google?popup=1', '/cgi-bin/login/oauth/google/callback']) {
      const res = await get(url);
      expect(res.headers['cross-origin-opener-policy'], url).toBe('unsafe-none');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      // The callback page runs its one inline script by a nonce of its own answer.
      const nonce = /<script nonce="([^"]+)">/.exec(res.body)?.[1];
      expect(csp(res).get('script-src'), url).toEqual(
        nonce ? ["'self'", LOADER_HASH, `'nonce-${nonce}'`] : ["'self'", LOADER_HASH],
      );
    }
  });

  it('a page may run one inline script by a fresh nonce of its own answer', async () => {
    const nonces: (string | undefined)[] = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await get('/test/inline-page');
      const nonce = /nonce="([^"]+)"/.exec(res.body)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22,}={0,2}$/);
      const policy = csp(res);
      expect(policy.get('script-src')).toEqual(["'self'", LOADER_HASH, `'nonce-${nonce}'`]);
      // Nothing else of the policy changes.
      policy.set('script-src', ["'self'", LOADER_HASH]);
      expect(policy).toEqual(csp(await get('/healthz')));
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

describe('a site with its files in a bucket and a sign-in provider, not behind a proxy', () => {
  const other = useTestApp(() => ({
    env: {
      WEB_DIST_DIR: site.dir,
      S3_ENDPOINT: 'https://s3.example.com',
      S3_BUCKET: 'lumi',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://cdn.example.com/lumi-files',
      GOOGLE_CLIENT_ID: 'lumi',
      GOOGLE_CLIENT_SECRET: 'lumi-secret',
      FILES_SECRET,
    },
  }));

  it('allows pictures, audio and downloads from the bucket, and profile pictures on https', async () => {
    const policy = csp(await other.app.inject({ method: 'GET', url: '/' }));
    const bucket = 'https://cdn.example.com/lumi-files/';
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', bucket, 'https:']);
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:', bucket]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'blob:', bucket]);
    expect(policy.get('script-src')).toEqual(["'self'", LOADER_HASH]);
  });

  it('does not take an untrusted X-Forwarded-Proto for https', async () => {
    const res = await other.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
