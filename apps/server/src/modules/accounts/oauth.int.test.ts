import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@lumi/contract';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginTourist, type Envelope, useTestApp } from '../../../test/helpers';

const PUBLIC_URL = 'http://lumi.test';

/** A browser for the provider's own pages: follows redirects within it, keeps its cookies. */
function providerBrowser(origin: string, login = 'alice') {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  /** Follows redirects until one leaves the provider; answers that address. */
  async function go(url: string, init: { method?: string; body?: string } = {}): Promise<URL> {
    let next = new URL(url);
    let method = init.method ?? 'GET';
    let body = init.body;
    for (let hops = 0; hops < 20; hops++) {
      if (next.origin !== origin) return next;
      const res = await fetch(next, {
        method,
        redirect: 'manual',
        headers: {
          cookie: cookie(),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(body ? { body } : {}),
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const [k, ...v] = (pair ?? '').split('=');
        if (k) jar.set(k.trim(), v.join('='));
      }
      const location = res.headers.get('location');
      if (location) {
        next = new URL(location, next);
        method = 'GET';
        body = undefined;
        continue;
      }
      // An interaction page: log in as anyone, then consent.
      const html = await res.text();
      const action = /action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`stuck at ${next.href}: ${html.slice(0, 200)}`);
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      next = new URL(action, next);
      method = 'POST';
      body = prompt === 'login' ? `prompt=login&login=${login}&password=x` : 'prompt=consent';
    }
    throw new Error('too many redirects');
  }
  return { go };
}

describe('Google-style OpenID sign-in against a local OpenID provider (oidc-provider)', () => {
  let op: http.Server;
  let issuer: string;

  beforeAll(async () => {
    op = http.createServer();
    await new Promise<void>((r) => op.listen(0, '127.0.0.1', r));
    issuer = `http://127.0.0.1:${(op.address() as AddressInfo).port}`;
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: 'lumi',
          client_secret: 'lumi-secret',
          redirect_uris: [`${PUBLIC_URL}/cgi-bin/login/oauth/google/callback`],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
      // 'mallory' claims the admin's address without the provider proving it (no email_verified);
      // 'boss' has it proven.
      findAccount: (_ctx, sub) => ({
        accountId: sub,
        claims: () =>
          sub === 'mallory' || sub === 'boss'
            ? {
                sub,
                email: 'boss@example.com',
                ...(sub === 'boss' ? { email_verified: true } : {}),
                name: sub,
              }
            : { sub, email: `${sub}@example.com`, email_verified: true, name: 'Alice Example' },
      }),
      features: { devInteractions: { enabled: true } },
    });
    const handle = provider.callback();
    op.on('request', (req, res) => void handle(req, res));
  });
  afterAll(async () => {
    await new Promise((r) => op.close(r));
  });
  const t = useTestApp(() => ({
    env: {
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: 'lumi',
      GOOGLE_CLIENT_SECRET: 'lumi-secret',
      GOOGLE_ISSUER: issuer,
      ADMIN_EMAILS: 'boss@example.com',
    },
  }));

  /** Signs `login` in through the provider in a browser of its own; answers its session cookie. */
  async function signIn(login: string): Promise<string> {
    const { authorize, flow, binding } = await start();
    const back = await providerBrowser(issuer, login).go(authorize.href);
    const message = posted((await callback(back, flow)).body);
    const res = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/login',
      payload: `type=1&code=${message.access_token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `login_binding=${binding}` },
    });
    const ticket = res.cookies.find((c) => c.name === 'ticket')?.value;
    expect(ticket, res.body).toBeTruthy();
    return `ticket=${ticket}`;
  }
  async function start(query = 'popup=1&return=/profile') {
    const res = await t.app.inject({ method: 'GET', url: `/cgi-bin/login/oauth/google?${query}` });
    expect(res.statusCode).toBe(302);
    const flow = res.cookies.find((c) => c.name === 'oauth_flow');
    expect(flow?.httpOnly).toBe(true);
    const binding = res.cookies.find((c) => c.name === 'login_binding');
    expect(binding?.httpOnly).toBe(true);
    return {
      authorize: new URL(res.headers.location as string),
      flow: flow?.value ?? '',
      binding: binding?.value ?? '',
    };
  }

  async function callback(back: URL, flow: string) {
    return t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `oauth_flow=${flow}` },
    });
  }

  /** The message the popup page posts to its opener. */
  function posted(html: string) {
    const json = /var message = (\{.*?\});/s.exec(html)?.[1] ?? '{}';
    return JSON.parse(json) as {
      login_type?: number;
      access_token?: string;
      redirect?: string;
      error?: string;
    };
  }

  it('lists the configured providers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/cgi-bin/login/oauth' });
    expect(res.json<Envelope<{ providers: string[] }>>().data.providers).toEqual(['google']);
  });

  it('signs in with the code flow, PKCE S256, state and nonce, and knows the user by subject', async () => {
    const { authorize, flow, binding } = await start();
    expect(authorize.origin).toBe(issuer);
    const q = authorize.searchParams;
    expect(q.get('redirect_uri')).toBe(`${PUBLIC_URL}/cgi-bin/login/oauth/google/callback`);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('scope')).toBe('openid profile email');
    expect(q.get('state')?.length).toBeGreaterThanOrEqual(32);
    expect(q.get('nonce')?.length).toBeGreaterThanOrEqual(32);

    const back = await providerBrowser(issuer).go(authorize.href);
    expect(back.origin).toBe(PUBLIC_URL);
    const page = await callback(back, flow);
    expect(page.headers['content-type']).toContain('text/html');
    const message = posted(page.body);
    // The popup posts only to this site's origin, with a redirect that starts with it.
    expect(page.body).toContain(`postMessage(message, "${PUBLIC_URL}")`);
    expect(message.redirect).toBe(`${PUBLIC_URL}/profile`);
    expect(message.login_type).toBe(1);
    // Its inline script runs under the Content-Security-Policy by a nonce of this answer alone.
    const nonce = /<script nonce="([^"]+)">/.exec(page.body)?.[1];
    expect(nonce).toBeTruthy();
    const scriptSrc = /(?:^|;)\s*script-src ([^;]+)/.exec(
      String(page.headers['content-security-policy']),
    )?.[1];
    expect(scriptSrc).toContain(`'nonce-${nonce}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');

    // A tourist signs in with the token: type 1, and the same account next time.
    const tourist = await loginTourist(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/login',
      payload: `type=1&code=${message.access_token}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `${tourist.cookie}; login_binding=${binding}`,
      },
    });
    const user = login.json<Envelope<{ uid: string; type: number; name: string }>>();
    expect(user.data).toMatchObject({ type: 1, name: 'Alice Example' });

    const again = await start('return=/');
    const back2 = await providerBrowser(issuer).go(again.authorize.href);
    const full = await callback(back2, again.flow);
    // Without a popup, the browser comes back to the page with the token in the fragment.
    expect(full.statusCode).toBe(302);
    const fragment = new URLSearchParams((full.headers.location as string).split('#')[1]);
    const second = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/login',
      payload: `type=1&code=${fragment.get('access_token')}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `login_binding=${again.binding}`,
      },
    });
    expect(second.json<Envelope<{ uid: string }>>().data.uid).toBe(user.data.uid);
  });

  it('lets only the browser that started a sign-in use its token (a link with it signs nobody in)', async () => {
    const { authorize, flow, binding } = await start('return=/');
    const back = await providerBrowser(issuer).go(authorize.href);
    const full = await callback(back, flow);
    const token = new URLSearchParams((full.headers.location as string).split('#')[1]).get('access_token');
    expect(token).toBeTruthy();
    // A victim opening the link: a tourist with things of its own and no binding (or its own).
    const victim = await loginTourist(t.app);
    const ownBinding = (
      await t.app.inject({ method: 'GET', url: '/cgi-bin/login/oauth/google?return=/' })
    ).cookies.find((c) => c.name === 'login_binding')?.value;
    for (const cookie of [victim.cookie, `${victim.cookie}; login_binding=${ownBinding}`]) {
      const stolen = await t.app.inject({
        method: 'POST',
        url: '/cgi-bin/login',
        payload: `type=1&code=${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      });
      expect(stolen.json<Envelope<unknown>>().code).toBe(ErrorCode.LOGIN_FAILED);
      expect(stolen.cookies.find((c) => c.name === 'ticket')).toBeUndefined();
    }
    // The victim is still their own tourist.
    const info = await t.app.inject({
      method: 'GET',
      url: '/cgi-bin/auth/user/info',
      headers: { cookie: victim.cookie },
    });
    expect(info.json<Envelope<{ uid: string; type: number }>>().data).toMatchObject({
      uid: victim.uid,
      type: 0,
    });
    // The browser that started it still can, once.
    const mine = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/login',
      payload: `type=1&code=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `login_binding=${binding}` },
    });
    expect(mine.json<Envelope<{ type: number }>>().data).toMatchObject({ type: 1 });
  });

  it('refuses a wrong state, a missing or foreign flow, and a replayed callback', async () => {
    const { authorize, flow } = await start();
    const back = await providerBrowser(issuer).go(authorize.href);
    const forged = new URL(back);
    forged.searchParams.set('state', 'not-the-state');
    expect(posted((await callback(forged, flow)).body)).toMatchObject({ error: 'login_failed' });
    // The flow was used up by that attempt: the genuine callback is refused too.
    expect(posted((await callback(back, flow)).body)).toMatchObject({ error: 'login_failed' });

    const other = await start();
    const back2 = await providerBrowser(issuer).go(other.authorize.href);
    // Another browser (no flow cookie) cannot finish it.
    const noCookie = await t.app.inject({ method: 'GET', url: `${back2.pathname}${back2.search}` });
    expect(posted(noCookie.body)).toMatchObject({ error: 'login_failed' });
    // The genuine browser still can.
    expect(posted((await callback(back2, other.flow)).body).login_type).toBe(1);
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const { authorize, flow } = await start();
    // The provider is asked with another nonce than the one this flow keeps.
    const tampered = new URL(authorize);
    tampered.searchParams.set('nonce', 'a-nonce-of-someone-else-000000000000');
    const back = await providerBrowser(issuer).go(tampered.href);
    expect(posted((await callback(back, flow)).body)).toMatchObject({ error: 'login_failed' });
  });

  it('rejects a redirect back to another site', async () => {
    const { authorize, flow } = await start('popup=1&return=//evil.example/x');
    const back = await providerBrowser(issuer).go(authorize.href);
    expect(posted((await callback(back, flow)).body).redirect).toBe(`${PUBLIC_URL}/`);
  });

  it('makes an admin of ADMIN_EMAILS only when the provider proves the address (email_verified: true)', async () => {
    const mint = (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: '/cgi-bin/admin/redeem-codes/create',
        payload: { credits: 1_000_000, count: 1 },
        headers: { cookie },
      });
    const approveList = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/cgi-bin/auth/character/approve-list', headers: { cookie } });
    const claimed = await signIn('mallory');
    expect((await mint(claimed)).json<Envelope<unknown>>().code).toBe(ErrorCode.FORBIDDEN);
    expect((await approveList(claimed)).json<Envelope<unknown>>().code).toBe(ErrorCode.FORBIDDEN);
    const list = await t.app.inject({
      method: 'GET',
      url: '/cgi-bin/auth/character/list',
      headers: { cookie: claimed },
    });
    expect(list.json<Envelope<{ is_admin: boolean }>>().data.is_admin).toBe(false);

    const proven = await signIn('boss');
    const minted = await mint(proven);
    expect(minted.json<Envelope<{ codes: string[] }>>().data.codes).toHaveLength(1);
    expect((await approveList(proven)).json<Envelope<unknown>>().code).toBe(0);
  });

  it('answers login failed for a provider that is not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/cgi-bin/login/oauth/facebook' });
    expect(res.json<Envelope<null>>().code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('Facebook sign-in against a local OAuth 2 server with a Graph /me', () => {
  it('exchanges the code with the PKCE verifier and knows the user by their Facebook id', async () => {
    const codes = new Map<string, { challenge: string; redirect: string }>();
    const fb = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/dialog/oauth') {
        const redirect = url.searchParams.get('redirect_uri') ?? '';
        const code = `code-${codes.size + 1}`;
        codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirect });
        const back = new URL(redirect);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.href }).end();
      } else if (url.pathname === '/oauth/access_token') {
        let raw = '';
        req.on('data', (c: Buffer) => (raw += c.toString()));
        req.on('end', () => {
          const form = new URLSearchParams(raw);
          const issued = codes.get(form.get('code') ?? '');
          const verifier = form.get('code_verifier') ?? '';
          const challenge = createHash('sha256').update(verifier).digest('base64url');
          const ok =
            issued &&
            issued.challenge === challenge &&
            issued.redirect === form.get('redirect_uri') &&
            form.get('client_secret') === 'fb-secret';
          res.writeHead(ok ? 200 : 400, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify(
              ok ? { access_token: 'fb-token', token_type: 'bearer' } : { error: 'invalid_grant' },
            ),
          );
        });
      } else if (url.pathname === '/me') {
        const authorised = req.headers.authorization === 'Bearer fb-token';
        res.writeHead(authorised ? 200 : 401, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(authorised ? { id: '10001', name: 'Femi Bello', email: 'femi@example.com' } : {}),
        );
      } else res.writeHead(404).end();
    });
    await new Promise<void>((r) => fb.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(fb.address() as AddressInfo).port}`;
    const t = await createTestApp({
      env: {
        PUBLIC_URL,
        FACEBOOK_CLIENT_ID: 'fb-app',
        FACEBOOK_CLIENT_SECRET: 'fb-secret',
        FACEBOOK_AUTH_URL: `${base}/dialog/oauth`,
        FACEBOOK_TOKEN_URL: `${base}/oauth/access_token`,
        FACEBOOK_ME_URL: `${base}/me`,
        // Facebook's address is never proof: this one names an admin, and is not one.
        ADMIN_EMAILS: 'femi@example.com',
      },
    });
    try {
      const start = await t.app.inject({
        method: 'GET',
        url: '/cgi-bin/login/oauth/facebook?popup=1&return=/',
      });
      const flow = start.cookies.find((c) => c.name === 'oauth_flow')?.value ?? '';
      const binding = start.cookies.find((c) => c.name === 'login_binding')?.value ?? '';
      const dialog = await fetch(start.headers.location as string, { redirect: 'manual' });
      const back = new URL(dialog.headers.get('location') ?? '');
      expect(back.href.startsWith(`${PUBLIC_URL}/cgi-bin/login/oauth/facebook/callback`)).toBe(true);
      const page = await t.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { cookie: `oauth_flow=${flow}` },
      });
      const message = JSON.parse(/var message = (\{.*?\});/s.exec(page.body)?.[1] ?? '{}') as {
        login_type: number;
        access_token: string;
      };
      expect(message.login_type).toBe(2);
      const login = await t.app.inject({
        method: 'POST',
        url: '/cgi-bin/login',
        payload: `type=2&code=${message.access_token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `login_binding=${binding}` },
      });
      expect(login.json<Envelope<{ type: number; name: string }>>().data).toMatchObject({
        type: 2,
        name: 'Femi Bello',
      });
      const cookie = `ticket=${login.cookies.find((c) => c.name === 'ticket')?.value}`;
      const minted = await t.app.inject({
        method: 'POST',
        url: '/cgi-bin/admin/redeem-codes/create',
        payload: { credits: 1_000_000, count: 1 },
        headers: { cookie },
      });
      expect(minted.json<Envelope<unknown>>().code).toBe(ErrorCode.FORBIDDEN);
    } finally {
      await t.close();
      fb.close();
    }
  });
});
