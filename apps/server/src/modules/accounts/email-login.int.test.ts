import type { AddressInfo } from 'node:net';
import { ErrorCode, type MessagePage } from '@lumi/contract';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailer } from '../../lib/mailer';
import {
  callAs,
  createTestApp,
  loginTourist,
  makeCharacter,
  messagesFile,
  type Envelope,
  useTestApp,
} from '../../../test/helpers';

const en = messagesFile('en');
const ar = messagesFile('ar');

interface Received {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A local SMTP server that keeps what it receives, parsed. */
async function startSmtp() {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          inbox.push({
            to: to?.value[0]?.address ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { inbox, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(r)) };
}

describe('email-code sign-in through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let now = Date.parse('2026-11-23T12:00:00Z');

  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());
  const t = useTestApp(() => ({
    clock: () => new Date(now),
    mailer: new SmtpMailer(smtp.url, 'Lumi AI <no-reply@lumi.example>'),
  }));

  /** A browser: its cookies carry over between calls, like the binding cookie. */
  function browser(ip = '127.0.0.1') {
    const jar = new Map<string, string>();
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    return {
      jar,
      async post<T>(url: string, payload: object | string, headers: Record<string, string> = {}) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload,
          remoteAddress: ip,
          headers: { ...(jar.size ? { cookie: cookie() } : {}), ...headers },
        });
        expect(res.statusCode).toBeLessThan(500);
        for (const c of res.cookies) jar.set(c.name, c.value);
        return res.json<Envelope<T>>();
      },
      async get<T>(url: string) {
        const res = await t.app.inject({
          method: 'GET',
          url,
          remoteAddress: ip,
          headers: { cookie: cookie() },
        });
        return res.json<Envelope<T>>();
      },
    };
  }

  const codeIn = (mail: Received | undefined) => /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
  const lastMailTo = (email: string) => smtp.inbox.filter((m) => m.to === email).at(-1);

  async function signIn(b: ReturnType<typeof browser>, email: string) {
    expect((await b.post('/cgi-bin/login/email/start', { email })).code).toBe(0);
    const verified = await b.post<{ access_token: string }>('/cgi-bin/login/email/verify', {
      email,
      code: codeIn(lastMailTo(email)),
    });
    expect(verified.code, verified.message).toBe(0);
    const login = await b.post<{ uid: string; type: number; ticket: string }>(
      '/cgi-bin/login',
      `type=4&code=${verified.data.access_token}`,
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(login.code, login.message).toBe(0);
    return login.data;
  }

  it('mails a 6-digit code in the reader’s language and signs in with it', async () => {
    now += 3_600_000;
    const b = browser();
    const res = await b.post(
      '/cgi-bin/login/email/start',
      { email: ' Reader@Example.COM ' },
      { 'x-locale': 'ar' },
    );
    expect(res).toMatchObject({ code: 0, data: null });
    const mail = lastMailTo('reader@example.com');
    expect(mail?.subject).toBe(
      ar.mail_code_subject.replace('{{site}}', 'Lumi AI').replace('{{code}}', codeIn(mail)),
    );
    expect(mail?.html).toContain('dir="rtl"');
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    now += 31_000;
    const user = await signIn(b, 'reader@example.com');
    expect(user.type).toBe(4);
    // The same address signs in to the same account.
    now += 60_000;
    expect((await signIn(browser(), 'reader@example.com')).uid).toBe(user.uid);
  });

  it('answers the same whether or not the address has an account', async () => {
    now += 3_600_000;
    await signIn(browser(), 'known@example.com');
    now += 60_000;
    const known = await browser().post('/cgi-bin/login/email/start', { email: 'known@example.com' });
    const unknown = await browser().post('/cgi-bin/login/email/start', { email: 'nobody@example.com' });
    expect(known).toEqual(unknown);
  });

  it('refuses the sixth try even with the right code, and a code used once', async () => {
    now += 3_600_000;
    const b = browser();
    await b.post('/cgi-bin/login/email/start', { email: 'tries@example.com' });
    const right = codeIn(lastMailTo('tries@example.com'));
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await b.post('/cgi-bin/login/email/verify', { email: 'tries@example.com', code: wrong });
      expect(res).toMatchObject({
        code: ErrorCode.CODE_INVALID,
        message: (5 - i === 1 ? en.code_wrong_one : en.code_wrong_other)?.replace('{{count}}', String(5 - i)),
      });
    }
    expect(
      await b.post('/cgi-bin/login/email/verify', { email: 'tries@example.com', code: wrong }),
    ).toMatchObject({
      code: ErrorCode.CODE_INVALID,
      message: en.code_tries,
    });
    expect(
      await b.post('/cgi-bin/login/email/verify', { email: 'tries@example.com', code: right }),
    ).toMatchObject({
      code: ErrorCode.CODE_INVALID,
      message: en.code_tries,
    });

    // A new code works once.
    now += 60_000;
    await b.post('/cgi-bin/login/email/start', { email: 'tries@example.com' });
    const code = codeIn(lastMailTo('tries@example.com'));
    expect((await b.post('/cgi-bin/login/email/verify', { email: 'tries@example.com', code })).code).toBe(0);
    expect(await b.post('/cgi-bin/login/email/verify', { email: 'tries@example.com', code })).toMatchObject({
      code: ErrorCode.CODE_INVALID,
      message: en.code_invalid,
    });
  });

  it('refuses an expired code, and a code from another browser', async () => {
    now += 3_600_000;
    const b = browser();
    await b.post('/cgi-bin/login/email/start', { email: 'late@example.com' });
    const code = codeIn(lastMailTo('late@example.com'));
    // Another browser (no binding cookie) cannot use it.
    expect(
      await browser().post('/cgi-bin/login/email/verify', { email: 'late@example.com', code }),
    ).toMatchObject({
      code: ErrorCode.CODE_INVALID,
      message: en.code_invalid,
    });
    now += 10 * 60_000 + 1000;
    expect(await b.post('/cgi-bin/login/email/verify', { email: 'late@example.com', code })).toMatchObject({
      code: ErrorCode.CODE_INVALID,
      message: en.code_expired,
    });
  });

  it('limits codes per address and per network address', async () => {
    now += 3_600_000;
    const b = browser('10.0.0.1');
    expect((await b.post('/cgi-bin/login/email/start', { email: 'fast@example.com' })).code).toBe(0);
    // Again within 30 seconds.
    expect(await b.post('/cgi-bin/login/email/start', { email: 'fast@example.com' })).toMatchObject({
      code: ErrorCode.TOO_FREQUENT,
      message: en.too_frequent,
    });
    for (let i = 0; i < 4; i++) {
      now += 31_000;
      expect((await b.post('/cgi-bin/login/email/start', { email: 'fast@example.com' })).code).toBe(0);
    }
    now += 31_000;
    // The sixth within the hour.
    expect((await b.post('/cgi-bin/login/email/start', { email: 'fast@example.com' })).code).toBe(
      ErrorCode.TOO_FREQUENT,
    );
    // One network address asking for many different addresses.
    const spray = browser('10.0.0.2');
    const codes = [];
    for (let i = 0; i < 21; i++) {
      codes.push((await spray.post('/cgi-bin/login/email/start', { email: `s${i}@example.com` })).code);
    }
    expect(codes.slice(0, 20).every((c) => c === 0)).toBe(true);
    expect(codes[20]).toBe(ErrorCode.TOO_FREQUENT);
  });

  it('says plainly when the address is not one', async () => {
    expect(await browser().post('/cgi-bin/login/email/start', { email: 'not-an-address' })).toMatchObject({
      code: ErrorCode.INVALID_INPUT,
      message: en.email_invalid,
    });
  });

  it('takes an access token once, and only as login type 4', async () => {
    now += 3_600_000;
    const b = browser();
    await b.post('/cgi-bin/login/email/start', { email: 'token@example.com' });
    const verified = await b.post<{ access_token: string }>('/cgi-bin/login/email/verify', {
      email: 'token@example.com',
      code: codeIn(lastMailTo('token@example.com')),
    });
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const token = verified.data.access_token;
    expect(await b.post('/cgi-bin/login', `type=1&code=${token}`, form)).toMatchObject({
      code: ErrorCode.LOGIN_FAILED,
      message: en.login_failed,
    });
    // A refused attempt used it up.
    expect((await b.post('/cgi-bin/login', `type=4&code=${token}`, form)).code).toBe(ErrorCode.LOGIN_FAILED);
    expect((await b.post('/cgi-bin/login', `type=4&code=not-a-token`, form)).code).toBe(
      ErrorCode.LOGIN_FAILED,
    );
  });

  it('moves the tourist’s characters, chats, likes and history to the account, and ends the tourist session', async () => {
    now += 3_600_000;
    const tourist = await loginTourist(t.app);
    const b = browser();
    b.jar.set('ticket', tourist.ticket);
    b.jar.set('uid', tourist.uid);
    const character = await makeCharacter(t, tourist, {
      name: 'Tova Reyes',
      desc: 'A 31-year-old ferry captain who knows every island by its lights.',
    });
    const asTourist = (method: 'GET' | 'POST', url: string, payload?: object) =>
      callAs(t.app, method, `/cgi-bin/auth${url}`, tourist.cookie, payload);
    await asTourist('POST', '/collect/add', { characterId: character.id });
    await asTourist('GET', `/character/get?id=${character.id}&from=chat`);
    const sent = await asTourist('POST', '/aigc/text', {
      characterId: character.id,
      content: 'One ticket to the lighthouse.',
    });
    expect(sent.json<Envelope<unknown>>().code).toBe(0);

    const account = await signIn(b, 'merge@example.com');
    expect(account.uid).not.toBe(tourist.uid);
    const asAccount = (url: string) =>
      t.app.inject({
        method: 'GET',
        url: `/cgi-bin/auth${url}`,
        headers: { cookie: `ticket=${account.ticket}` },
      });
    const mine = (await asAccount('/character/my')).json<Envelope<{ characters: { id: number }[] }>>();
    expect(mine.data.characters.map((c) => c.id)).toContain(character.id);
    const liked = (await asAccount('/collect/list')).json<Envelope<{ characters: { id: number }[] }>>();
    expect(liked.data.characters.map((c) => c.id)).toContain(character.id);
    const recent = (await asAccount('/character_browse/list')).json<
      Envelope<{ characters: { id: number }[] }>
    >();
    expect(recent.data.characters.map((c) => c.id)).toContain(character.id);
    const chat = (await asAccount(`/character_msg/list?characterId=${character.id}`)).json<
      Envelope<MessagePage>
    >();
    expect(chat.data.messages.map((m) => m.content)).toContain('One ticket to the lighthouse.');
    // The tourist's ticket no longer opens anything.
    expect((await asTourist('GET', '/credit/remain')).json<Envelope<unknown>>().code).toBe(
      ErrorCode.NO_SESSION,
    );
  });
});

describe('the dev outbox', () => {
  it('lists mail only when DEV_OUTBOX is on, only to loopback callers that came straight', async () => {
    const dev = await createTestApp({ env: { NODE_ENV: 'development', DEV_OUTBOX: 'true' } });
    const off = await createTestApp({ env: { NODE_ENV: 'development' } });
    try {
      await dev.app.inject({
        method: 'POST',
        url: '/cgi-bin/login/email/start',
        payload: { email: 'dev@example.com' },
      });
      const listed = await dev.app.inject({ method: 'GET', url: '/dev/outbox' });
      const mails = listed.json<{ mails: { to: string; text: string }[] }>().mails;
      expect(mails[0]?.to).toBe('dev@example.com');
      expect(mails[0]?.text).toMatch(/\b\d{6}\b/);
      const remote = await dev.app.inject({
        method: 'GET',
        url: '/dev/outbox',
        remoteAddress: '203.0.113.9',
      });
      expect(remote.statusCode).toBe(404);
      // A proxy on this machine forwarding a visitor: the socket is local, the visitor is not.
      for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
        const forwarded = await dev.app.inject({
          method: 'GET',
          url: '/dev/outbox',
          headers: { [header]: header === 'forwarded' ? 'for=203.0.113.9' : '203.0.113.9' },
        });
        expect(forwarded.statusCode, header).toBe(404);
        expect(forwarded.body, header).not.toContain('dev@example.com');
      }
      // Without DEV_OUTBOX the route does not exist, even in development.
      await off.app.inject({
        method: 'POST',
        url: '/cgi-bin/login/email/start',
        payload: { email: 'p@example.com' },
      });
      // The path is then like any unknown one (the site's pages send those home).
      const closed = await off.app.inject({ method: 'GET', url: '/dev/outbox' });
      const unknown = await off.app.inject({ method: 'GET', url: '/dev/nothing-here' });
      expect(closed.statusCode).toBe(unknown.statusCode);
      expect(closed.headers.location).toBe(unknown.headers.location);
      expect(closed.body).not.toContain('p@example.com');
    } finally {
      await dev.close();
      await off.close();
    }
  });
});
