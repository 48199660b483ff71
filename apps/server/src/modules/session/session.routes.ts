import { LoginType, SESSION_ENDPOINTS as E, type LoginData, type UserInfo } from '@lumi/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../db/schema';
import { ok } from '../../lib/envelope';
import { route } from '../../lib/endpoint';
import { caller, LOGIN_BINDING_COOKIE, TICKET_COOKIE, UID_COOKIE } from '../../plugins/auth';
import type { CreditsService } from '../credits/credits.service';
import type { AccountsService } from '../accounts/accounts.service';
import type { OpenedSession, SessionService } from './session.service';

export interface SessionRoutesOptions {
  sessions: SessionService;
  credits: CreditsService;
}

export interface LoginRoutesOptions extends SessionRoutesOptions {
  accounts: AccountsService;
}

/** The user-info fields the client keeps (spec §3), for login, user/info and user/update. */
export function userInfo(user: User, remain: number): UserInfo {
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

/** Logout and account removal: the browser forgets the session. */
export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(TICKET_COOKIE, { path: '/' });
  reply.clearCookie(UID_COOKIE, { path: '/' });
}

/** POST /cgi-bin/login (spec §7): outside the auth scope, since it is how a session starts. */
export const loginRoutes: FastifyPluginAsync<LoginRoutesOptions> = async (
  app,
  { sessions, credits, accounts },
) => {
  route(app, E.login, async (request, reply) => {
    const body = request.body;
    let opened: OpenedSession;
    if (body.type === LoginType.TOURIST) {
      opened = await sessions.touristLogin(body.code, request.ip);
    } else {
      // Types 1, 2 and 4: the access token of a proven identity (email code, Google, Facebook),
      // good only in the browser that started that sign-in: a token in a link someone else sent
      // signs nobody in, and moves nothing.
      const account = await accounts.redeem(
        body.type,
        body.code,
        request.cookies[LOGIN_BINDING_COOKIE] ?? '',
      );
      // Signing in from a tourist session: what the tourist made moves to the account, and
      // the tourist's session ends.
      const ticket = request.cookies[TICKET_COOKIE];
      const current = ticket ? await sessions.authenticate(ticket) : undefined;
      if (current) {
        await accounts.mergeTourist(current.user, account);
        await sessions.logout(current.sessionId);
      }
      opened = await sessions.open(account);
    }
    const { remain } = await credits.balance(opened.user.id);
    setSessionCookies(request, reply, opened);
    const data: LoginData = { ...userInfo(opened.user, remain), ticket: opened.ticket };
    return ok(data);
  });
};

/** Calls under /cgi-bin/auth about the session itself. */
export const sessionRoutes: FastifyPluginAsync<SessionRoutesOptions> = async (app, { sessions, credits }) => {
  route(app, E.userInfo, async (request) => {
    const { user } = caller(request);
    const { remain } = await credits.balance(user.id);
    return ok(userInfo(user, remain));
  });

  route(app, E.logout, async (request, reply) => {
    await sessions.logout(caller(request).sessionId);
    clearSessionCookies(reply);
    return ok(null);
  });
};
