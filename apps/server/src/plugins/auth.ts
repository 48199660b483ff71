import { ErrorCode } from '@lumi/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { User } from '../db/schema';
import { BusinessError } from '../lib/errors';
import type { SessionService } from '../modules/session/session.service';

export interface AuthContext {
  sessionId: string;
  user: User;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const TICKET_COOKIE = 'ticket';
export const UID_COOKIE = 'uid';
/**
 * The cookie binding a sign-in to the browser that started it: an email code, a provider's
 * flow, and the access token either ends with are good only with it (POST /cgi-bin/login
 * checks). Sent only to /cgi-bin/login and below.
 */
export const LOGIN_BINDING_COOKIE = 'login_binding';

/** The ticket from the HttpOnly cookie, or a Bearer header for clients that are not browsers. */
function ticketOf(request: FastifyRequest): string | undefined {
  const cookie = request.cookies[TICKET_COOKIE];
  if (cookie) return cookie;
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

/** Guards every /cgi-bin/auth/* call: without a live ticket, code 100000 'no user uid'. */
export function authHook(sessions: SessionService): onRequestAsyncHookHandler {
  return async (request) => {
    const ticket = ticketOf(request);
    const found = ticket ? await sessions.authenticate(ticket) : undefined;
    if (!found) throw new BusinessError(ErrorCode.NO_SESSION, 'forbidden');
    request.auth = found;
  };
}

/** The caller of an authenticated route (the hook guarantees it is there). */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new BusinessError(ErrorCode.NO_SESSION, 'forbidden');
  return request.auth;
}
