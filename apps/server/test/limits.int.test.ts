import { ErrorCode, type Envelope } from '@lumi/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  useTestApp,
  withTestApp,
  FORM_HEADERS,
  form,
  loginTourist,
  messagesFile,
  REAL_LIMITS,
  touristCode,
  type TestApp,
} from './helpers';

/**
 * The limits of one process on the embedded default (and on PostgreSQL when DATABASE_URL is set):
 * quotas under 100 concurrent requests, the request rate limits in memory, and the address they
 * count by, which only a trusted proxy may set. limits-cluster.int.test.ts holds the same
 * quotas across two processes.
 */

const times = <T>(n: number, fn: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => fn(i)));
const codes = (answers: { json: <T>() => T }[]) => answers.map((a) => a.json<Envelope>().code);
const countOf = (list: number[], code: number) => list.filter((c) => c === code).length;

/** A guest's sign-in (a new guest unless `code` is given), from `remoteAddress` when set. */
const guestLogin = (t: TestApp, { code = touristCode(), headers = {}, remoteAddress }: GuestLogin = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/cgi-bin/login',
    payload: form({ type: '0', code }),
    headers: { ...FORM_HEADERS, ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
interface GuestLogin {
  code?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}
/** The networks the guests were counted under. */
const guestNetworks = async (t: TestApp) => {
  const rows = await t.database.db.execute(sql`SELECT DISTINCT network FROM users WHERE type = 0`);
  return (rows as { rows: { network: string }[] }).rows.map((r) => r.network);
};
/** The sign-in ticket of a login answer, as the cookie the site sets. */
const ticketCookie = (answer: { json: <T>() => T }) =>
  `ticket=${answer.json<Envelope<{ ticket: string }>>().data?.ticket}`;

describe('the address limits count by', () => {
  it('ignores X-Forwarded-For without a trusted proxy: rotating it makes no new network', async () => {
    await withTestApp({ env: { ...REAL_LIMITS, RATE_LIMIT_SCALE: '1000' } }, async (t) => {
      const answers = await times(40, (i) =>
        guestLogin(t, {
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
          remoteAddress: '198.51.100.7',
        }),
      );
      // The default: 30 new guests an hour per network.
      expect(countOf(codes(answers), 0)).toBe(30);
      expect(await guestNetworks(t)).toEqual(['198.51.100.7']);
    });
  });

  it('behind TRUST_PROXY=1 takes the address the proxy saw, not one the client wrote', async () => {
    await withTestApp({ env: { ...REAL_LIMITS, RATE_LIMIT_SCALE: '1000', TRUST_PROXY: '1' } }, async (t) => {
      // The client writes any address it likes; the proxy appends the one it really came from.
      const answers = await times(40, (i) =>
        guestLogin(t, {
          headers: { 'x-forwarded-for': `10.9.8.${i + 1}, 203.0.113.77` },
          remoteAddress: '127.0.0.1',
        }),
      );
      expect(countOf(codes(answers), 0)).toBe(30);
      expect(await guestNetworks(t)).toEqual(['203.0.113.77']);
    });
  });
});

describe('quotas under 100 concurrent requests in one process', () => {
  const t = useTestApp({
    env: {
      ...REAL_LIMITS,
      RATE_LIMIT_SCALE: '1000',
      RUN_WORKERS: 'false',
      // A paid image engine (never reached: no worker runs): the preview renderer is free.
      IMAGE_A1111_URL: 'http://127.0.0.1:9',
    },
  });

  it('keeps 4 open jobs per user', async () => {
    const tourist = await loginTourist(t.app);
    const answers = await times(100, () =>
      t.app.inject({
        method: 'POST',
        url: '/cgi-bin/auth/aigc/image',
        payload: { prompt: 'a red fox' },
        headers: { cookie: tourist.cookie },
      }),
    );
    expect(countOf(codes(answers), 0)).toBe(4);
    expect(countOf(codes(answers), ErrorCode.TOO_FREQUENT)).toBe(96);
  });

  it('sends one sign-in code per address per 30 seconds', async () => {
    const answers = await times(100, () =>
      t.app.inject({
        method: 'POST',
        url: '/cgi-bin/login/email/start',
        payload: { email: 'race@example.com' },
        remoteAddress: '192.0.2.44',
      }),
    );
    expect(countOf(codes(answers), 0)).toBe(1);
  });

  it('lets the tourists of one network draw 150 free credits a day together', async () => {
    const tourists = await times(8, () => guestLogin(t, { remoteAddress: '2001:db8:77:1::5' }));
    const cookies = tourists.map(ticketCookie);
    const before = await times(8, (i) =>
      t.app.inject({ method: 'GET', url: '/cgi-bin/auth/credit/remain', headers: { cookie: cookies[i]! } }),
    );
    // Before anyone spends, each sees what it would get: the pool covers all of them yet.
    expect(before.map((r) => r.json<Envelope<{ free: number }>>().data?.free)).toEqual(Array(8).fill(30));
    expect(
      before.every((r) => r.json<Envelope<{ free_limited: boolean }>>().data?.free_limited === false),
    ).toBe(true);
    const spent = await times(8, (i) =>
      t.app.inject({
        method: 'POST',
        url: '/cgi-bin/auth/aigc/image',
        payload: { prompt: 'a heron' },
        headers: { cookie: cookies[i]! },
      }),
    );
    const made = countOf(codes(spent), 0);
    const after = await times(8, (i) =>
      t.app.inject({ method: 'GET', url: '/cgi-bin/auth/credit/remain', headers: { cookie: cookies[i]! } }),
    );
    const free = after.reduce((sum, r) => sum + (r.json<Envelope<{ free: number }>>().data?.free ?? 0), 0);
    expect(made).toBe(5);
    expect(free + made * 3).toBe(150);
    // Those whose credits the pool cut short are told so (the page offers to sign in).
    const limited = after.filter((r) => r.json<Envelope<{ free_limited: boolean }>>().data?.free_limited);
    expect(limited).toHaveLength(3);
    // A ninth tourist of the same network is told at once that nothing is left for today.
    const ninth = await guestLogin(t, { remoteAddress: '2001:db8:77:1::99' });
    const remain = await t.app.inject({
      method: 'GET',
      url: '/cgi-bin/auth/credit/remain',
      headers: { cookie: ticketCookie(ninth) },
    });
    expect(remain.json<Envelope<{ free: number; remain: number }>>().data).toMatchObject({
      free: 0,
      remain: 0,
    });
  });
});

describe('request rate limits in memory (one process, no REDIS_URL)', () => {
  const t = useTestApp({ env: { ...REAL_LIMITS, RUN_WORKERS: 'false' } });

  it('allows 30 sign-in calls a minute per network, of 100 at once, then 429 with Retry-After', async () => {
    const code = touristCode();
    await loginTourist(t.app, code);
    const answers = await times(100, () => guestLogin(t, { code, headers: { 'accept-language': 'fr' } }));
    // The first login above counted too.
    expect(countOf(codes(answers), 0)).toBe(29);
    const limited = answers.find((a) => a.statusCode === 429);
    expect(limited?.json<Envelope>()).toMatchObject({
      code: ErrorCode.TOO_FREQUENT,
      message: messagesFile('fr').too_frequent,
      data: null,
    });
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    // Another network is not held back by this one.
    const other = await guestLogin(t, { code, remoteAddress: '192.0.2.200' });
    expect(other.json<Envelope>().code).toBe(0);
  });

  it('counts chat per account: 20 messages a minute', async () => {
    const login = await guestLogin(t, { remoteAddress: '192.0.2.201' });
    const tourist = { cookie: ticketCookie(login) };
    const answers = await times(40, () =>
      t.app.inject({
        method: 'POST',
        url: '/cgi-bin/auth/aigc/text',
        payload: { content: 'hello' },
        headers: { cookie: tourist.cookie },
        remoteAddress: '192.0.2.201',
      }),
    );
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(20);
  });

  it('never turns away a payment provider’s notice', async () => {
    const answers = await times(50, () =>
      t.app.inject({
        method: 'POST',
        url: '/cgi-bin/webhooks/stripe',
        payload: '{}',
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(0);
  });
});

describe('request rate limits when Redis is unreachable', () => {
  it('keeps serving: the limits pass rather than the site failing', async () => {
    await withTestApp({ env: { ...REAL_LIMITS, REDIS_URL: 'redis://127.0.0.1:1' } }, async (t) => {
      const answers = await times(5, () => guestLogin(t));
      expect(codes(answers)).toEqual([0, 0, 0, 0, 0]);
    });
  });
});
