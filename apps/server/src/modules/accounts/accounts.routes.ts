import { randomBytes } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import { ACCOUNT_ENDPOINTS as E, ErrorCode } from '@lumi/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { route, uploadOf, validatorCompiler } from '../../lib/endpoint';
import { ok } from '../../lib/envelope';
import { BusinessError } from '../../lib/errors';
import type { DevOutbox, Mailer } from '../../lib/mailer';
import { MULTIPART_OPTIONS } from '../../lib/multipart';
import { requestLocale } from '../../lib/request-locale';
import { caller, LOGIN_BINDING_COOKIE } from '../../plugins/auth';
import type { CreditsService } from '../credits/credits.service';
import { clearSessionCookies, userInfo } from '../session/session.routes';
import type { AccountsService } from './accounts.service';
import { safeReturn, type OAuthService } from './oauth.service';

export interface AccountsRoutesOptions {
  accounts: AccountsService;
}

/**
 * The e-mail calls' request check: a malformed (or missing) address gets its own plain message
 * rather than "invalid field".
 */
const emailValidation = ((route: Parameters<typeof validatorCompiler>[0]) => {
  const check = validatorCompiler(route);
  return (data: unknown) => {
    const result = check(data);
    const error = typeof result === 'object' && 'error' in result ? result.error : undefined;
    return error instanceof BusinessError && error.params.field === 'email'
      ? { error: new BusinessError(ErrorCode.INVALID_INPUT, 'email_invalid') }
      : result;
  };
}) as FastifySchemaCompiler<unknown>;

/** The cookie naming a provider sign-in under way in this browser. */
export const OAUTH_FLOW_COOKIE = 'oauth_flow';

/** Where each cookie of a sign-in under way is sent, and for how long. */
const SIGN_IN_COOKIES = {
  [LOGIN_BINDING_COOKIE]: { path: '/cgi-bin/login', minutes: 30 },
  [OAUTH_FLOW_COOKIE]: { path: '/cgi-bin/login/oauth', minutes: 10 },
} as const;

/**
 * Sets a cookie of a sign-in under way (SIGN_IN_COOKIES): out of scripts' reach, Lax (a
 * provider's redirect back is a top-level GET, which carries it), Secure over https.
 */
function setSignInCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: keyof typeof SIGN_IN_COOKIES,
  value: string,
): void {
  const { path, minutes } = SIGN_IN_COOKIES[name];
  reply.setCookie(name, value, {
    path,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: minutes * 60,
  });
}

/** The browser's login binding, made (and set as its cookie) when it has none. */
export function loginBinding(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[LOGIN_BINDING_COOKIE];
  if (existing && /^[\w-]{32,64}$/.test(existing)) return existing;
  const nonce = randomBytes(24).toString('base64url');
  setSignInCookie(request, reply, LOGIN_BINDING_COOKIE, nonce);
  return nonce;
}

/** POST /cgi-bin/login/email/start and /verify: outside the auth scope, like /login itself. */
export const emailLoginRoutes: FastifyPluginAsync<AccountsRoutesOptions> = async (app, { accounts }) => {
  route(
    app,
    E.emailStart,
    async (request, reply) => {
      await accounts.startEmail({
        email: request.body.email,
        binding: loginBinding(request, reply),
        ip: request.ip,
        locale: requestLocale(request),
      });
      return ok(null);
    },
    { validatorCompiler: emailValidation },
  );

  route(
    app,
    E.emailVerify,
    async (request) => {
      const access_token = await accounts.verifyEmail({
        email: request.body.email,
        code: request.body.code,
        binding: request.cookies[LOGIN_BINDING_COOKIE] ?? '',
      });
      return ok({ access_token });
    },
    { validatorCompiler: emailValidation },
  );
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
  // The parser's caps of every call, and this form's own: one file, a few fields (more is a 413).
  await app.register(fastifyMultipart, {
    ...MULTIPART_OPTIONS,
    limits: { ...MULTIPART_OPTIONS.limits, files: 1, fields: 10 },
  });

  // JSON or url-encoded without a picture, multipart with the `head` file.
  route(app, E.userUpdate, async (request) => {
    const { user } = caller(request);
    const head = uploadOf(request, E.userUpdate)?.files.head;
    const updated = await accounts.updateProfile(user, request.body, head);
    const { remain } = await credits.balance(updated.id);
    return ok(userInfo(updated, remain));
  });

  route(app, E.userDelete, async (request, reply) => {
    await accounts.removeAccount(caller(request).user);
    clearSessionCookies(reply);
    return ok(null);
  });
};

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

  route(app, E.oauthProviders, async () => ok({ providers: oauth.enabled() }));

  route(app, E.oauthStart, async (request, reply) => {
    const { url, flowId } = await oauth.start(request.params.provider, {
      popup: request.query.popup === '1',
      returnTo: safeReturn(request.query.return),
      binding: loginBinding(request, reply),
    });
    setSignInCookie(request, reply, OAUTH_FLOW_COOKIE, flowId);
    return reply.header('cache-control', 'no-store').redirect(url, 302);
  });

  route(app, E.oauthCallback, async (request, reply) => {
    reply.clearCookie(OAUTH_FLOW_COOKIE, { path: SIGN_IN_COOKIES[OAUTH_FLOW_COOKIE].path });
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
