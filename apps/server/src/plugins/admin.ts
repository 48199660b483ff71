import { ErrorCode } from '@lumi/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { User } from '../db/schema';
import { BusinessError, forbidden } from '../lib/errors';
import { caller } from './auth';

/**
 * Who is an admin (ADMIN_UIDS, ADMIN_EMAILS), decided here and nowhere else. An address counts
 * only when it is proven: by our own email code, or by an OpenID provider's `email_verified:
 * true`; a Facebook address or one a provider merely claims never does.
 */
export class AdminPolicy {
  constructor(
    private readonly admins: { uids: ReadonlySet<string>; emails: ReadonlySet<string> },
    /** Hosts (a staging copy of the site) where no admin call is served (MANAGE_BLOCKED_HOSTS). */
    private readonly blockedHosts: ReadonlySet<string> = new Set(),
  ) {}

  /** Whether management is refused on the host this request was made to. */
  blockedHost(request: FastifyRequest): boolean {
    const host = (request.hostname || '').split(':')[0]?.toLowerCase() ?? '';
    return this.blockedHosts.has(host);
  }

  isAdmin(user: User): boolean {
    if (user.deletedAt) return false;
    if (this.admins.uids.has(user.id)) return true;
    return user.emailVerified && !!user.email && this.admins.emails.has(user.email.toLowerCase());
  }

  /**
   * The hook of every admin call, after the session is known: on a blocked host nobody gets
   * through ('manage_blocked'); elsewhere anyone but an admin gets 'forbidden', before the call's
   * own code runs.
   */
  hook(): onRequestAsyncHookHandler {
    return async (request) => {
      if (this.blockedHost(request)) throw new BusinessError(ErrorCode.FORBIDDEN, 'manage_blocked');
      if (!this.isAdmin(caller(request).user)) throw forbidden();
    };
  }
}
