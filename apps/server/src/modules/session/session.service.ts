import { randomBytes } from 'node:crypto';
import { ErrorCode, TOURIST_CODE_PATTERN } from '@lumi/contract';
import type { Db } from '../../db/client';
import type { User } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { BusinessError } from '../../lib/errors';
import { sha256 } from '../../lib/hash';
import { networksOf } from '../../lib/network';
import { use as useQuota, windowOf } from '../limits/quota.repository';
import * as repo from './session.repository';

export interface OpenedSession {
  ticket: string;
  expiresAt: Date;
  user: User;
}

export interface SessionDeps {
  db: Db;
  clock: Clock;
  ttlMs: number;
  /** New tourists one network may make (the wide /24 or /48: three times as many). */
  touristsPerNetwork: { hour: number; day: number };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Sessions: a ticket of 256 random bits lives only in the browser's HttpOnly cookie; the
 * database keeps its SHA-256, so a leaked table opens no account.
 */
/** How long an authenticated ticket is trusted without asking the database again. */
export const AUTH_CACHE_MS = 5_000;
const AUTH_CACHE_SIZE = 10_000;

export class SessionService {
  private readonly cache = new Map<
    string,
    { value: { sessionId: string; user: User }; until: number; expiresAt: Date }
  >();

  constructor(private readonly deps: SessionDeps) {}

  /**
   * Creates or resumes the tourist account bound to a 40-character code (spec §4). A new one
   * counts against its network's quotas (a browser that clears its data is a new tourist, and
   * must not be a fresh supply of free credits); the tourist's network is kept as the pool its
   * free credits come from.
   */
  async touristLogin(code: string, ip: string): Promise<OpenedSession> {
    if (!TOURIST_CODE_PATTERN.test(code)) {
      throw new BusinessError(ErrorCode.INVALID_TOURIST_CODE, 'invalid_tourist_code');
    }
    const codeHash = sha256(`tourist:${code}`);
    const networks = networksOf(ip);
    const now = this.deps.clock();
    const { hour, day } = this.deps.touristsPerNetwork;
    const user = await this.deps.db.transaction(async (tx) => {
      const known = await repo.findTourist(tx, codeHash);
      if (known) {
        if (known.network !== networks.narrow && !known.deletedAt) {
          await repo.setNetwork(tx, known.id, networks.narrow);
        }
        return known;
      }
      const quotas: [string, number, number][] = [
        [`tourists:h:${networks.narrow}`, HOUR_MS, hour],
        [`tourists:d:${networks.narrow}`, DAY_MS, day],
        [`tourists:d:${networks.wide}`, DAY_MS, day * 3],
      ];
      for (const [key, ms, limit] of quotas) {
        // Refused: the transaction rolls back, and with it what the earlier quotas counted.
        if (!(await useQuota(tx, key, windowOf(now, ms), 1, limit))) return undefined;
      }
      return repo.findOrCreateTourist(tx, codeHash, networks.narrow);
    });
    if (!user) throw new BusinessError(ErrorCode.TOO_FREQUENT, 'tourist_limit', {}, 429);
    if (user.deletedAt) throw new BusinessError(ErrorCode.LOGIN_FAILED, 'login_failed');
    return this.open(user);
  }

  /** A new session for a user (a tourist login, or a sign-in that proved who they are). */
  async open(user: User): Promise<OpenedSession> {
    const ticket = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.deps.clock().getTime() + this.deps.ttlMs);
    await repo.insertSession(this.deps.db, user.id, sha256(ticket), expiresAt);
    return { ticket, expiresAt, user };
  }

  /**
   * The session of a ticket. Answers are kept for a few seconds per process (every API call
   * asks): a logout or account change here drops them at once; one in another process is seen
   * within AUTH_CACHE_MS.
   */
  async authenticate(ticket: string): Promise<{ sessionId: string; user: User } | undefined> {
    if (!ticket || ticket.length > 128) return undefined;
    const hash = sha256(ticket);
    const now = this.deps.clock();
    const hit = this.cache.get(hash);
    if (hit && hit.until > Date.now() && hit.expiresAt > now) return hit.value;
    const found = await repo.findLiveSession(this.deps.db, hash, now);
    if (found) {
      if (this.cache.size >= AUTH_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(hash, { value: found, until: Date.now() + AUTH_CACHE_MS, expiresAt: found.expiresAt });
    }
    return found && { sessionId: found.sessionId, user: found.user };
  }

  async logout(sessionId: string): Promise<void> {
    this.forget((v) => v.sessionId === sessionId);
    await repo.revokeSession(this.deps.db, sessionId, this.deps.clock());
  }

  /** After a change to a user (settings, deletion): their cached sessions are read again. */
  forgetUser(userId: string): void {
    this.forget((v) => v.user.id === userId);
  }

  private forget(match: (v: { sessionId: string; user: User }) => boolean): void {
    for (const [key, entry] of this.cache) if (match(entry.value)) this.cache.delete(key);
  }
}
