import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode, TOURIST_CODE_PATTERN } from '@lumi/contract';
import type { Db } from '../../db/client';
import type { User } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { BusinessError } from '../../lib/errors';
import * as repo from './session.repository';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export interface OpenedSession {
  ticket: string;
  expiresAt: Date;
  user: User;
}

export interface SessionDeps {
  db: Db;
  clock: Clock;
  ttlMs: number;
}

/**
 * Sessions: a ticket of 256 random bits lives only in the browser's HttpOnly cookie; the
 * database keeps its SHA-256, so a leaked table opens no account.
 */
export class SessionService {
  constructor(private readonly deps: SessionDeps) {}

  /** Creates or resumes the tourist account bound to a 40-character code (spec §4). */
  async touristLogin(code: string): Promise<OpenedSession> {
    if (!TOURIST_CODE_PATTERN.test(code)) {
      throw new BusinessError(ErrorCode.INVALID_TOURIST_CODE, 'invalid_tourist_code');
    }
    const user = await repo.findOrCreateTourist(this.deps.db, sha256(`tourist:${code}`));
    if (user.deletedAt) throw new BusinessError(ErrorCode.LOGIN_FAILED, 'login_failed');
    return this.open(user);
  }

  private async open(user: User): Promise<OpenedSession> {
    const ticket = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.deps.clock().getTime() + this.deps.ttlMs);
    await repo.insertSession(this.deps.db, user.id, sha256(ticket), expiresAt);
    return { ticket, expiresAt, user };
  }

  async authenticate(ticket: string): Promise<{ sessionId: string; user: User } | undefined> {
    if (!ticket || ticket.length > 128) return undefined;
    return repo.findLiveSession(this.deps.db, sha256(ticket), this.deps.clock());
  }

  async logout(sessionId: string): Promise<void> {
    await repo.revokeSession(this.deps.db, sessionId, this.deps.clock());
  }
}
