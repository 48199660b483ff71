import { randomBytes } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import {
  CHARACTER_LIMITS,
  emailStartBodySchema,
  emailVerifyBodySchema,
  ErrorCode,
  userUpdateBodySchema,
} from '@lumi/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ok } from '../../lib/envelope';
import { BusinessError } from '../../lib/errors';
import type { DevOutbox, Mailer } from '../../lib/mailer';
import { imageTooLargeError } from '../../lib/images';
import { fileBytes, readParts } from '../../lib/multipart';
import { requestLocale } from '../../lib/request-locale';
import { caller, LOGIN_BINDING_COOKIE } from '../../plugins/auth';
import type { CreditsService } from '../credits/credits.service';
import { clearSessionCookies, userInfo } from '../session/session.routes';
import { validate } from '../../lib/validate';
import type { AccountsService } from './accounts.service';
import { safeReturn, type OAuthService } from './oauth.service';

export interface AccountsRoutesOptions {
  accounts: AccountsService;
}

function emailBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  try {
    return validate(schema, body);
  } catch (err) {
    // A malformed address gets its own plain message rather than "invalid field".
    if (err instanceof BusinessError && err.params.field === 'email') {
      throw new BusinessError(ErrorCode.INVALID_INPUT, 'email_invalid');
    }
    throw err;
  }
}

/** The browser's login binding, made (and set as its cookie) when it has none. */
export function loginBinding(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[LOGIN_BINDING_COOKIE];
  if (existing && /^[\w-]{32,64}$/.test(existing)) return existing;
  const nonce = randomBytes(24).toString('base64url');
  reply.setCookie(LOGIN_BINDING_COOKIE, nonce, {
    path: '/cgi-bin/login',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: 30 * 60,
  });
  return nonce;
}

/** POST /cgi-bin/login/email/start and /verify: outside the auth scope, like /login itself. */
export const emailLoginRoutes: FastifyPluginAsync<AccountsRoutesOptions> = async (app, { accounts }) => {
  app.post('/login/email/start', async (request, reply) => {
    const { email } = emailBody(emailStartBodySchema, request.body);
    await accounts.startEmail({
      email,
      binding: loginBinding(request, reply),
      ip: request.ip,
      locale: requestLocale(request),
    });
    return ok(null);
  });

  app.post('/login/email/verify', async (request) => {
    const { email, code } = emailBody(emailVerifyBodySchema, request.body);
    const access_token = await accounts.verifyEmail({
      email,
      code,
      binding: request.cookies[LOGIN_BINDING_COOKIE] ?? '',
    });
    return ok({ access_token });
  });
};

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * GET /dev/outbox: the mail the dev outbox kept, newest first, as JSON. Registered only with
 * DEV_OUTBOX=true (never in production), only without SMTP, and only to a caller on this machine
 * that came straight, not through a proxy (which would make every visitor look local); anyone
 * else gets a plain 404.
 */
export const devOutboxRoutes: FastifyPluginAsync<{ mailer: Mailer }> = async (app, { mailer }) => {
  app.get('/dev/outbox', async (request, reply) => {
    const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((h) => h in request.headers);
    if (mailer.kind !== 'outbox' || forwarded || !LOOPBACK.has(request.socket.remoteAddress ?? '')) {
      return reply.code(404).send({ code: ErrorCode.NOT_FOUND, message: 'not found', data: null });
    }
    return { mails: (mailer as DevOutbox).list() };
  });
};

/** POST /cgi-bin/auth/user/update and /user/delete (spec §7), for signed-in accounts. */
export const accountRoutes: FastifyPluginAsync<{
  accounts: AccountsService;
  credits: CreditsService;
}> = async (app, { accounts, credits }) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: CHARACTER_LIMITS.avatarBytes, files: 1, fields: 10 },
  });

  app.post('/user/update', async (request) => {
    const { user } = caller(request);
    let fields: Record<string, unknown> = (request.body ?? {}) as Record<string, unknown>;
    let head: Buffer | undefined;
    if (request.isMultipart()) {
      fields = {};
      for await (const part of readParts(request)) {
        if (part.type === 'file') {
          if (part.fieldname !== 'head') {
            part.file.resume();
            throw new BusinessError(ErrorCode.INVALID_INPUT, 'unknown_field', { field: part.fieldname });
          }
          const buffer = await fileBytes(part);
          if (part.file.truncated) throw imageTooLargeError();
          if (buffer.byteLength > 0) head = buffer;
        } else {
          fields[part.fieldname] = part.value;
        }
      }
    }
    const updated = await accounts.updateProfile(user, validate(userUpdateBodySchema, fields), head);
    const { remain } = await credits.balance(updated.id);
    return ok(userInfo(updated, remain));
  });

  app.post('/user/delete', async (request, reply) => {
    await accounts.removeAccount(caller(request).user);
    clearSessionCookies(reply);
    return ok(null);
  });
};

/** The cookie naming a provider sign-in under way in this browser. */
export const OAUTH_FLOW_COOKIE = 'oauth_flow';

/** JSON safe inside an inline script. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Sign-in with Google, Facebook or another OpenID provider (spec §4): start redirects to the
 * provider; the callback answers a page that hands the access token to the opener (popup, to
 * this site's origin only) or comes back to the page that started it (full-page fallback,
 * in the URL's fragment, which no server sees).
 */
export const oauthRoutes: FastifyPluginAsync<{ oauth: OAuthService; publicUrl: string }> = async (
  app,
  { oauth, publicUrl },
) => {
  const origin = new URL(publicUrl).origin;

  app.get('/login/oauth', async () => ok({ providers: oauth.enabled() }));

  app.get<{ Params: { provider: string }; Querystring: { popup?: string; return?: string } }>(
    '/login/oauth/:provider',
    async (request, reply) => {
      const { url, flowId } = await oauth.start(request.params.provider, {
        popup: request.query.popup === '1',
        returnTo: safeReturn(request.query.return),
        binding: loginBinding(request, reply),
      });
      reply.setCookie(OAUTH_FLOW_COOKIE, flowId, {
        path: '/cgi-bin/login/oauth',
        httpOnly: true,
        // Lax: the provider's redirect back is a top-level GET, which carries it.
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: 10 * 60,
      });
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  app.get<{ Params: { provider: string } }>('/login/oauth/:provider/callback', async (request, reply) => {
    reply.clearCookie(OAUTH_FLOW_COOKIE, { path: '/cgi-bin/login/oauth' });
    reply.header('cache-control', 'no-store');
    let message: Record<string, unknown>;
    // Unknown when the flow is (no cookie, used, expired): the page below serves both ways.
    let popup: boolean | undefined;
    let returnTo: string;
    try {
      const done = await oauth.finish(
        request.params.provider,
        request.cookies[OAUTH_FLOW_COOKIE],
        new URL(request.url, publicUrl),
      );
      ({ popup, returnTo } = done);
      message = { source: 'lumi-login', login_type: done.type, access_token: done.token };
    } catch (err) {
      request.log.warn({ err }, 'provider sign-in failed');
      const known = err as { popup?: boolean; returnTo?: string };
      popup = known.popup;
      returnTo = known.returnTo ?? '/';
      message = { source: 'lumi-login', error: 'login_failed' };
    }
    const redirect = `${origin}${returnTo}`;
    const fragment = new URLSearchParams(
      Object.entries(message)
        .filter(([k]) => k !== 'source')
        .map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    if (popup === false) return reply.redirect(`${returnTo}#${fragment}`, 302);
    // The opener checks that the message comes from this origin and that `redirect` starts with it.
    // The page's one inline script runs under the Content-Security-Policy by its nonce.
    const nonce = reply.scriptNonce();
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>${origin}</title></head><body><script nonce="${nonce}">
(function () {
  var message = ${scriptJson({ ...message, redirect })};
  if (window.opener) { window.opener.postMessage(message, ${scriptJson(origin)}); window.close(); }
  else { location.replace(${scriptJson(`${returnTo}#${fragment}`)}); }
})();
</script></body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });
};
