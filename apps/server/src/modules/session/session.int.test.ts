import { eq } from 'drizzle-orm';
import { ErrorCode, LOCALE_CODES, NO_SESSION_MESSAGE, type Locale, type Envelope } from '@lumi/contract';
import { describe, expect, it } from 'vitest';
import {
  useTestApp,
  withTestApp,
  form,
  FORM_HEADERS,
  loginTourist,
  messagesFile,
  rowCounts,
  touristCode,
  type TestApp,
} from '../../../test/helpers';
import { sessions, users } from '../../db/schema';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface LoginData {
  ticket: string;
  uid: string;
  type: number;
  name: string;
  head: string;
  enable_nsfw: boolean;
  remain: number;
  access_token: string;
}

interface InjectedCookie {
  name: string;
  value: string;
  path?: string;
  expires?: Date;
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
}

function cookieNamed(cookies: InjectedCookie[], name: string): InjectedCookie {
  const found = cookies.filter((c) => c.name === name);
  expect(found, `exactly one Set-Cookie for ${name}`).toHaveLength(1);
  return found[0]!;
}

/** The clock of the app under test; a test that moves it puts it back. */
const START = new Date('2026-03-10T12:00:00Z');
let now = START;

const t = useTestApp({ clock: () => now });

async function postLogin(
  app: TestApp['app'],
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/cgi-bin/login',
    payload: form(fields),
    headers: { ...FORM_HEADERS, ...headers },
  });
}

describe('POST /cgi-bin/login as a tourist (type 0)', () => {
  it('starts a session: user info, ticket and 30 free credits in the envelope, cookies set', async () => {
    const code = touristCode();
    expect(code).toMatch(/^[A-Za-z0-9]{40}$/);
    const res = await postLogin(t.app, { type: '0', code });
    expect(res.statusCode).toBe(200);
    const body = res.json<Envelope<LoginData>>();
    expect(body.code).toBe(0);
    const data = body.data!;
    expect(Object.keys(data).sort()).toEqual(
      ['access_token', 'enable_nsfw', 'head', 'name', 'remain', 'ticket', 'type', 'uid'].sort(),
    );
    expect(data).toMatchObject({ type: 0, enable_nsfw: false, remain: 30 });
    for (const key of ['ticket', 'uid', 'name', 'head', 'access_token'] as const) {
      expect(typeof data[key], key).toBe('string');
    }
    expect(data.ticket.length).toBeGreaterThan(0);
    expect(data.uid.length).toBeGreaterThan(0);

    const cookies = res.cookies as InjectedCookie[];
    const ticket = cookieNamed(cookies, 'ticket');
    expect(ticket.value).toBe(data.ticket);
    expect(ticket.httpOnly).toBe(true);
    expect(ticket.sameSite).toBe('Lax');
    expect(ticket.path).toBe('/');
    expect(ticket.secure).not.toBe(true);
    // One day after the (injected) clock, to the second the header can carry.
    expect(ticket.expires).toBeInstanceOf(Date);
    expect(Math.abs(ticket.expires!.getTime() - (START.getTime() + DAY))).toBeLessThan(2_000);

    const uid = cookieNamed(cookies, 'uid');
    expect(uid.value).toBe(data.uid);
    expect(uid.httpOnly).not.toBe(true);
    expect(uid.sameSite).toBe('Lax');
    expect(uid.path).toBe('/');
    expect(uid.secure).not.toBe(true);
    expect(Math.abs(uid.expires!.getTime() - (START.getTime() + DAY))).toBeLessThan(2_000);

    const raw = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const ticketHeader = raw.find((h) => h.startsWith('ticket='));
    const uidHeader = raw.find((h) => h.startsWith('uid='));
    expect(ticketHeader).toMatch(/;\s*HttpOnly/i);
    expect(uidHeader).not.toMatch(/HttpOnly/i);
    for (const h of [ticketHeader, uidHeader]) expect(h).not.toMatch(/;\s*Secure/i);

    // The session works: the ticket cookie alone identifies the same user.
    const info = await t.app.inject({
      method: 'GET',
      url: '/cgi-bin/auth/user/info',
      cookies: { ticket: data.ticket },
    });
    expect(info.json<Envelope<{ uid: string }>>()).toMatchObject({ code: 0, data: { uid: data.uid } });
  });

  it('ignores x-forwarded-proto unless TRUST_PROXY is set, and then marks both cookies Secure', async () => {
    const untrusted = await postLogin(
      t.app,
      { type: '0', code: touristCode() },
      { 'x-forwarded-proto': 'https' },
    );
    expect(untrusted.json<Envelope>().code).toBe(0);
    for (const c of untrusted.cookies as InjectedCookie[]) expect(c.secure, c.name).not.toBe(true);

    await withTestApp({ env: { TRUST_PROXY: '1' } }, async (proxied) => {
      const res = await postLogin(
        proxied.app,
        { type: '0', code: touristCode() },
        { 'x-forwarded-proto': 'https' },
      );
      expect(res.json<Envelope>().code).toBe(0);
      const cookies = res.cookies as InjectedCookie[];
      expect(cookieNamed(cookies, 'ticket').secure).toBe(true);
      expect(cookieNamed(cookies, 'uid').secure).toBe(true);
      expect(cookieNamed(cookies, 'ticket').httpOnly).toBe(true);
      // Plain http through the same trusted proxy stays non-Secure.
      const plain = await postLogin(
        proxied.app,
        { type: '0', code: touristCode() },
        { 'x-forwarded-proto': 'http' },
      );
      for (const c of plain.cookies as InjectedCookie[]) expect(c.secure, c.name).not.toBe(true);
    });
  });

  it('resumes the same account for the same code, with a new ticket', async () => {
    const code = touristCode();
    const first = await loginTourist(t.app, code);
    const second = await loginTourist(t.app, code);
    expect(second.uid).toBe(first.uid);
    expect(second.ticket).not.toBe(first.ticket);
    // Both tickets are live sessions of that one user.
    for (const ticket of [first.ticket, second.ticket]) {
      const res = await t.app.inject({ method: 'GET', url: '/cgi-bin/auth/user/info', cookies: { ticket } });
      expect(res.json<Envelope<{ uid: string }>>()).toMatchObject({ code: 0, data: { uid: first.uid } });
    }
  });

  it('gives different codes different accounts', async () => {
    const a = await loginTourist(t.app);
    const b = await loginTourist(t.app);
    expect(a.code).not.toBe(b.code);
    expect(a.uid).not.toBe(b.uid);
  });

  it('resolves 10 concurrent logins with one new code to one account', async () => {
    const code = touristCode();
    const before = await rowCounts(t.database);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => postLogin(t.app, { type: '0', code })),
    );
    const bodies = results.map((r) => r.json<Envelope<LoginData>>());
    for (const body of bodies) expect(body.code).toBe(0);
    const uids = new Set(bodies.map((b) => b.data!.uid));
    expect(uids.size).toBe(1);
    expect(new Set(bodies.map((b) => b.data!.ticket)).size).toBe(10);
    const after = await rowCounts(t.database);
    expect(after.users - before.users).toBe(1);
    expect(after.sessions - before.sessions).toBe(10);
  });

  const malformed: [string, string][] = [
    ['39 characters', touristCode().slice(0, 39)],
    ['41 characters', `${touristCode()}x`],
    ['a hyphen', `${touristCode().slice(0, 39)}-`],
    ['a space', `${touristCode().slice(0, 20)} ${touristCode().slice(0, 19)}`],
    ['a non-ASCII letter', `${touristCode().slice(0, 39)}é`],
    ['an SQL quote', `${touristCode().slice(0, 39)}'`],
    ['nothing', ''],
  ];

  it.each(malformed)(
    'refuses a tourist code with %s: 100007, English message, nothing written',
    async (_, code) => {
      const before = await rowCounts(t.database);
      const res = await postLogin(t.app, { type: '0', code });
      expect(res.statusCode).toBeLessThan(500);
      const body = res.json<Envelope>();
      expect(body).toEqual({ code: 100007, message: messagesFile('en').invalid_tourist_code, data: null });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await rowCounts(t.database)).toEqual(before);
    },
  );

  it('answers the invalid-code message in the language of x-locale or Accept-Language', async () => {
    const before = await rowCounts(t.database);
    const bad = touristCode().slice(0, 39);
    const others = LOCALE_CODES.filter((l): l is Exclude<Locale, 'en'> => l !== 'en');
    expect(others).toHaveLength(10);
    for (const locale of others) {
      const res = await postLogin(t.app, { type: '0', code: bad }, { 'x-locale': locale });
      const expected = messagesFile(locale).invalid_tourist_code;
      expect(expected, `${locale}.json has the message`).toBeTruthy();
      expect(res.json<Envelope>(), locale).toEqual({ code: 100007, message: expected, data: null });
    }
    const viaHeader = await postLogin(
      t.app,
      { type: '0', code: bad },
      { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' },
    );
    expect(viaHeader.json<Envelope>().message).toBe(messagesFile('fr').invalid_tourist_code);
    // x-locale wins over Accept-Language; an unknown x-locale falls back to it.
    const both = await postLogin(
      t.app,
      { type: '0', code: bad },
      { 'x-locale': 'ja', 'accept-language': 'fr' },
    );
    expect(both.json<Envelope>().message).toBe(messagesFile('ja').invalid_tourist_code);
    const unknown = await postLogin(
      t.app,
      { type: '0', code: bad },
      { 'x-locale': 'de', 'accept-language': 'es' },
    );
    expect(unknown.json<Envelope>().message).toBe(messagesFile('es').invalid_tourist_code);
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it.each(['1', '2', '4'])('does not start a session for login type %s (not available yet)', async (type) => {
    const before = await rowCounts(t.database);
    const res = await postLogin(t.app, { type, code: touristCode() });
    expect(res.statusCode).toBeLessThan(500);
    const body = res.json<Envelope>();
    expect(body.code).not.toBe(0);
    expect(typeof body.code).toBe('number');
    expect(body.message).not.toBe('');
    expect(body.data).toBeNull();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await rowCounts(t.database)).toEqual(before);
  });
});

describe('the /cgi-bin/auth guard', () => {
  const calls = [
    { method: 'GET', url: '/cgi-bin/auth/user/info' },
    { method: 'GET', url: '/cgi-bin/auth/credit/remain' },
    { method: 'POST', url: '/cgi-bin/auth/logout' },
    { method: 'GET', url: '/cgi-bin/auth/no-such-call' },
    { method: 'POST', url: '/cgi-bin/auth/character/nothing-here' },
  ] as const;

  type Credentials = { cookies?: Record<string, string>; headers?: Record<string, string> };

  async function expectNoSession(credentials: Credentials, label: string) {
    for (const call of calls) {
      const res = await t.app.inject({ ...call, ...credentials });
      expect(res.statusCode, `${label}: ${call.method} ${call.url}`).toBe(200);
      expect(res.json<Envelope>(), `${label}: ${call.method} ${call.url}`).toEqual({
        code: ErrorCode.NO_SESSION,
        message: 'no user uid',
        data: null,
      });
    }
  }

  it('is the protocol marker, never translated', () => {
    expect(ErrorCode.NO_SESSION).toBe(100000);
    expect(NO_SESSION_MESSAGE).toBe('no user uid');
  });

  it('lets a live ticket through (by cookie or Bearer) and 404s unknown calls then', async () => {
    const { ticket, uid } = await loginTourist(t.app);
    const byCookie = await t.app.inject({
      method: 'GET',
      url: '/cgi-bin/auth/user/info',
      cookies: { ticket },
    });
    expect(byCookie.json<Envelope<{ uid: string }>>()).toMatchObject({ code: 0, data: { uid } });
    const byBearer = await t.app.inject({
      method: 'GET',
      url: '/cgi-bin/auth/credit/remain',
      headers: { authorization: `Bearer ${ticket}` },
    });
    expect(byBearer.json<Envelope>().code).toBe(0);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/cgi-bin/auth/no-such-call',
      cookies: { ticket },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Envelope>()).toEqual({
      code: ErrorCode.NOT_FOUND,
      message: messagesFile('en').not_found,
      data: null,
    });
  });

  it('answers 100000 without a ticket', async () => {
    await expectNoSession({}, 'no ticket');
    // A uid cookie alone is not a session.
    const { uid } = await loginTourist(t.app);
    await expectNoSession({ cookies: { uid } }, 'uid only');
  });

  it('answers 100000 with a garbage ticket, by cookie or Bearer', async () => {
    const garbage = ['x', 'A'.repeat(43), 'not a ticket at all', 'é'.repeat(10), 'a'.repeat(500)];
    for (const ticket of garbage) {
      await expectNoSession({ cookies: { ticket } }, `cookie ${ticket.slice(0, 12)}`);
      await expectNoSession(
        { headers: { authorization: `Bearer ${ticket}` } },
        `bearer ${ticket.slice(0, 12)}`,
      );
    }
    await expectNoSession({ headers: { authorization: 'Bearer ' } }, 'empty bearer');
    // The uid of a real user with someone else's garbage ticket is still nothing.
    const { uid } = await loginTourist(t.app);
    await expectNoSession({ cookies: { ticket: 'garbage', uid } }, 'garbage with real uid');
  });

  it('answers 100000 once the ticket is over 24 hours old', async () => {
    const { ticket } = await loginTourist(t.app);
    try {
      now = new Date(START.getTime() + DAY - 60_000);
      const still = await t.app.inject({
        method: 'GET',
        url: '/cgi-bin/auth/user/info',
        cookies: { ticket },
      });
      expect(still.json<Envelope>().code).toBe(0);
      now = new Date(START.getTime() + DAY + 1_000);
      await expectNoSession({ cookies: { ticket } }, 'expired cookie');
      await expectNoSession({ headers: { authorization: `Bearer ${ticket}` } }, 'expired bearer');
    } finally {
      now = START;
    }
  });

  it('answers 100000 after logout', async () => {
    const { ticket } = await loginTourist(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/cgi-bin/auth/logout', cookies: { ticket } });
    expect(out.json<Envelope>()).toMatchObject({ code: 0 });
    await expectNoSession({ cookies: { ticket } }, 'after logout, cookie');
    await expectNoSession({ headers: { authorization: `Bearer ${ticket}` } }, 'after logout, bearer');
  });
});

describe('tickets', () => {
  it('carry at least 128 random bits and are never stored, only their hash', async () => {
    const logins = await Promise.all(Array.from({ length: 50 }, () => loginTourist(t.app)));
    const tickets = logins.map((l) => l.ticket);
    expect(new Set(tickets).size).toBe(50);
    for (const ticket of tickets) {
      expect(ticket).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      expect(Buffer.from(ticket, 'base64url').length).toBeGreaterThanOrEqual(16);
    }

    const uids = logins.map((l) => l.uid);
    const rows = await t.database.db.select().from(sessions);
    const mine = rows.filter((r) => uids.includes(r.userId));
    expect(mine).toHaveLength(50);
    const stored = JSON.stringify(mine);
    for (const ticket of tickets) {
      expect(stored.includes(ticket)).toBe(false);
      // Nor in any case-folded or partial form long enough to matter.
      expect(stored.toLowerCase().includes(ticket.slice(0, 16).toLowerCase())).toBe(false);
    }
    for (const row of mine) expect(row.ticketHash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(mine.map((r) => r.ticketHash)).size).toBe(50);
    // The tourist code is not stored either.
    const userRows = await t.database.db.select().from(users);
    const storedUsers = JSON.stringify(userRows);
    for (const { code } of logins) expect(storedUsers.includes(code)).toBe(false);
  });
});

describe('GET /cgi-bin/auth/credit/remain', () => {
  it('gives a new tourist the daily free credits', async () => {
    const { ticket } = await loginTourist(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/cgi-bin/auth/credit/remain',
      cookies: { ticket },
    });
    const body = res.json<Envelope<Record<string, unknown>>>();
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ remain: 30, subscription: false });
    expect(typeof body.data!.expired).toBe('number');
    expect(body.data).toMatchObject({ expired: 0, isVip: false, free: 30, paid: 0, daily_free: 30 });
    expect(body.data!.free_resets_at).toBe(Date.parse('2026-03-11T00:00:00Z'));
  });

  it('follows DAILY_FREE_CREDITS', async () => {
    await withTestApp({ env: { DAILY_FREE_CREDITS: '45' } }, async (other) => {
      const login = await postLogin(other.app, { type: '0', code: touristCode() });
      const data = login.json<Envelope<LoginData>>().data!;
      expect(data.remain).toBe(45);
      const res = await other.app.inject({
        method: 'GET',
        url: '/cgi-bin/auth/credit/remain',
        headers: { authorization: `Bearer ${data.ticket}` },
      });
      expect(res.json<Envelope>()).toMatchObject({ code: 0, data: { remain: 45, subscription: false } });
    });
  });
});

describe('POST /cgi-bin/auth/logout', () => {
  it('clears both cookies and ends the session on the server', async () => {
    const { ticket, uid } = await loginTourist(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/cgi-bin/auth/logout', cookies: { ticket, uid } });
    expect(res.json<Envelope>()).toMatchObject({ code: 0, data: null });
    const cookies = res.cookies as InjectedCookie[];
    for (const name of ['ticket', 'uid']) {
      const cleared = cookieNamed(cookies, name);
      expect(cleared.value, name).toBe('');
      expect(cleared.path, name).toBe('/');
      const expired = (cleared.expires?.getTime() ?? Infinity) < Date.now() || cleared.maxAge === 0;
      expect(expired, `${name} expires in the past`).toBe(true);
    }

    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, uid));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.revokedAt).not.toBeNull();

    for (const credentials of [{ headers: { authorization: `Bearer ${ticket}` } }, { cookies: { ticket } }]) {
      const after = await t.app.inject({ method: 'GET', url: '/cgi-bin/auth/user/info', ...credentials });
      expect(after.json<Envelope>()).toEqual({ code: 100000, message: 'no user uid', data: null });
    }
    // Logging out again with the dead ticket is refused the same way.
    const again = await t.app.inject({ method: 'POST', url: '/cgi-bin/auth/logout', cookies: { ticket } });
    expect(again.json<Envelope>().code).toBe(100000);
  });
});
