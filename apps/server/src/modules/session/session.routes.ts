import { ErrorCode, LoginType, loginBodySchema, type LoginData, type UserInfo } from '@lumi/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../db/schema';
import { ok } from '../../lib/envelope';
import { BusinessError } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { caller, TICKET_COOKIE, UID_COOKIE } from '../../plugins/auth';
import type { CreditsService } from '../credits/credits.service';
import type { OpenedSession, SessionService } from './session.service';

export interface SessionRoutesOptions {
  sessions: SessionService;
  credits: CreditsService;
}

function userInfo(user: User, remain: number): UserInfo {
  return {
    uid: user.id,
    type: user.type,
    name: user.name,
    head: user.head,
    enable_nsfw: user.enableNsfw,
    remain,
    access_token: '',
  };
}

function setSessionCookies(request: FastifyRequest, reply: FastifyReply, opened: OpenedSession): void {
  const common = {
    path: '/',
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    expires: opened.expiresAt,
  };
  reply.setCookie(TICKET_COOKIE, opened.ticket, { ...common, httpOnly: true });
  reply.setCookie(UID_COOKIE, opened.user.id, { ...common, httpOnly: false });
}

/** POST /cgi-bin/login (spec §7): outside the auth scope, since it is how a session starts. */
export const loginRoutes: FastifyPluginAsync<SessionRoutesOptions> = async (app, { sessions, credits }) => {
  app.post('/login', async (request, reply) => {
    const body = validate(loginBodySchema, request.body);
    if (body.type !== LoginType.TOURIST) {
      // Email, Google and Facebook sign-in arrive with the accounts issue.
      throw new BusinessError(ErrorCode.LOGIN_FAILED, 'unsupported_login_type');
    }
    const opened = await sessions.touristLogin(body.code);
    const { remain } = await credits.balance(opened.user.id);
    setSessionCookies(request, reply, opened);
    const data: LoginData = { ...userInfo(opened.user, remain), ticket: opened.ticket };
    return ok(data);
  });
};

/** Calls under /cgi-bin/auth about the session itself. */
export const sessionRoutes: FastifyPluginAsync<SessionRoutesOptions> = async (app, { sessions, credits }) => {
  app.get('/user/info', async (request) => {
    const { user } = caller(request);
    const { remain } = await credits.balance(user.id);
    return ok(userInfo(user, remain));
  });

  app.post('/logout', async (request, reply) => {
    await sessions.logout(caller(request).sessionId);
    reply.clearCookie(TICKET_COOKIE, { path: '/' });
    reply.clearCookie(UID_COOKIE, { path: '/' });
    return ok(null);
  });
};
