import { SESSION_ENDPOINTS as E, type UserInfo } from '@lumi/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../db/schema';
import { ok } from '../../lib/envelope';
import { route } from '../../lib/endpoint';
import { caller, TICKET_COOKIE, UID_COOKIE } from '../../plugins/auth';
import type { CreditsService } from '../credits/credits.service';
import type { OpenedSession, SessionService } from './session.service';

export interface SessionRoutesOptions {
  sessions: SessionService;
  credits: CreditsService;
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

/** A session opened: the browser keeps its ticket (HttpOnly) and the user id. */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, opened: OpenedSession): void {
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
