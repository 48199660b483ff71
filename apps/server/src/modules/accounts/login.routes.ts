import { LoginType, SESSION_ENDPOINTS as E, type LoginData } from '@lumi/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/endpoint';
import { ok } from '../../lib/envelope';
import { LOGIN_BINDING_COOKIE, TICKET_COOKIE } from '../../plugins/auth';
import { setSessionCookies, userInfo, type SessionRoutesOptions } from '../session/session.routes';
import type { OpenedSession } from '../session/session.service';
import type { AccountsService } from './accounts.service';

export interface LoginRoutesOptions extends SessionRoutesOptions {
  accounts: AccountsService;
}

/** POST /cgi-bin/login (spec §7): outside the auth scope, since it is how a session starts. */
export const loginRoutes: FastifyPluginAsync<LoginRoutesOptions> = async (
  app,
  { sessions, credits, accounts },
) => {
  route(app, E.login, async (request, reply) => {
    const body = request.body;
    let opened: OpenedSession;
    let method = 'tourist';
    if (body.type === LoginType.TOURIST) {
      opened = await sessions.touristLogin(body.code, request.ip);
    } else {
      // Types 1, 2 and 4: the access token of a proven identity (email code, Google, Facebook),
      // good only in the browser that started that sign-in: a token in a link someone else sent
      // signs nobody in, and moves nothing.
      const { user: account, provider } = await accounts.redeem(
        body.type,
        body.code,
        request.cookies[LOGIN_BINDING_COOKIE] ?? '',
      );
      method = provider;
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
    app.metrics.signIns.inc({ method });
    const { remain } = await credits.balance(opened.user.id);
    setSessionCookies(request, reply, opened);
    const data: LoginData = { ...userInfo(opened.user, remain), ticket: opened.ticket };
    return ok(data);
  });
};
