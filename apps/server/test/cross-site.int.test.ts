import { ErrorCode, type Envelope } from '@lumi/contract';
import { describe, expect, it } from 'vitest';
import {
  useTestApp,
  FORM_HEADERS,
  form,
  loginTourist,
  messagesFile,
  rowCounts,
  touristCode,
} from './helpers';

/**
 * Cross-site request forgery and login CSRF (issue 17): a page of another site can make the
 * browser send any form or navigation to us, with the visitor's cookies. Every state-changing
 * call refuses it (Sec-Fetch-Site, or Origin/Referer from browsers without it); a same-origin
 * page, and a client that is not a browser, are served as before.
 */

const PUBLIC_URL = 'https://lumi.example';
const CROSS_SITE = [
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'same-site' },
  { origin: 'https://evil.example' },
  { origin: 'null' },
  { referer: 'https://evil.example/page.html' },
];
const SAME_SITE = [
  { 'sec-fetch-site': 'same-origin', origin: PUBLIC_URL },
  { origin: PUBLIC_URL },
  { referer: `${PUBLIC_URL}/profile` },
  // Served under another address than PUBLIC_URL (a port on this machine): its own host.
  { origin: 'http://localhost:8123', host: 'localhost:8123' },
  // Not a browser (a script, an app): no Origin, no Sec-Fetch-*.
  {},
];

describe('cross-site requests', () => {
  const t = useTestApp({ env: { PUBLIC_URL, RUN_WORKERS: 'false' } });

  it('refuses a cross-site sign-in (login CSRF): no session, no tourist made', async () => {
    const before = await rowCounts(t.database);
    for (const headers of CROSS_SITE) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/cgi-bin/login',
        payload: form({ type: '0', code: touristCode() }),
        headers: { ...FORM_HEADERS, ...headers },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json<Envelope>()).toEqual({
        code: ErrorCode.FORBIDDEN,
        message: messagesFile('en').cross_site,
        data: null,
      });
      expect(res.cookies).toHaveLength(0);
    }
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it('serves the same call from this site, and from clients that are not browsers', async () => {
    for (const headers of SAME_SITE) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/cgi-bin/login',
        payload: form({ type: '0', code: touristCode() }),
        headers: { ...FORM_HEADERS, ...headers },
      });
      expect(res.json<Envelope>().code, JSON.stringify(headers)).toBe(0);
    }
  });

  it('refuses every state-changing call from another site, before it runs', async () => {
    const me = await loginTourist(t.app);
    const changing = t.app.routeList.filter(
      (r) =>
        r.url.startsWith('/cgi-bin/') &&
        !r.url.startsWith('/cgi-bin/webhooks/') &&
        (r.method === 'POST' ||
          r.url === '/cgi-bin/auth/stripe/cancel-subscription' ||
          r.url === '/cgi-bin/auth/character_msg/clear'),
    );
    expect(changing.length).toBeGreaterThan(30);
    for (const route of changing) {
      const res = await t.app.inject({
        method: route.method as 'GET' | 'HEAD' | 'POST',
        url: route.url.replace(/:(\w+)/g, 'x'),
        headers: { cookie: me.cookie, 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
        payload: route.method === 'POST' ? '{}' : undefined,
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      // HEAD runs the GET's handler: refused the same way, without a body.
      if (route.method !== 'HEAD') {
        expect(res.json<Envelope>().message, route.url).toBe(messagesFile('en').cross_site);
      }
    }
  });

  it('does not clear a chat or cancel anything on a cross-site navigation (the two state-changing GETs)', async () => {
    const me = await loginTourist(t.app);
    const chat = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/auth/aigc/text',
      payload: { content: 'Remember the blue door.' },
      headers: { cookie: me.cookie },
    });
    const conversationId = chat.json<Envelope<{ conversation_id: string }>>().data?.conversation_id ?? '';
    expect(conversationId).not.toBe('');
    for (const url of [
      `/cgi-bin/auth/character_msg/clear?conversationId=${conversationId}`,
      // The same route, spelled with an escape: the check follows the route, not the text.
      `/cgi-bin/auth/character_msg/%63lear?conversationId=${conversationId}`,
      '/cgi-bin/auth/stripe/cancel-subscription',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: me.cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      });
      expect(res.statusCode, url).toBe(403);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: `/cgi-bin/auth/character_msg/list?conversationId=${conversationId}`,
      headers: { cookie: me.cookie },
    });
    const contents = list
      .json<Envelope<{ messages: { content: string }[] }>>()
      .data?.messages.map((m) => m.content);
    expect(contents).toContain('Remember the blue door.');
    // Typed into the address bar (Sec-Fetch-Site: none) or asked by the site itself, it works.
    const own = await t.app.inject({
      method: 'GET',
      url: `/cgi-bin/auth/character_msg/clear?conversationId=${conversationId}`,
      headers: { cookie: me.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.json<Envelope>().code).toBe(0);
  });

  it('leaves reading calls and provider notices alone', async () => {
    const me = await loginTourist(t.app);
    const read = await t.app.inject({
      method: 'GET',
      url: '/cgi-bin/auth/credit/remain',
      headers: { cookie: me.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(read.json<Envelope>().code).toBe(0);
    const notice = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/webhooks/stripe',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
    });
    // Judged by its signature (missing here), not by where it came from.
    expect(notice.statusCode).toBe(400);
  });
});
