import type { Redis } from 'ioredis';
import { LruMap } from '../../lib/lru';

/** Likes of one user kept at most; someone with more has theirs read per page instead. */
export const MAX_CACHED_LIKES = 2000;

/** A user's liked character ids, or 'many' (more than MAX_CACHED_LIKES: ask per page). */
export type CachedLikes = ReadonlySet<number> | 'many';

/**
 * Each user's likes, so a cached list page needs no database query to show them: shared by the
 * processes through Redis like the lists (list-cache.ts), with a generation per user that a
 * like or an unlike bumps (after its database write). A read fetches the user's entry and
 * generation together; an entry computed while the user liked something is written under the
 * older generation and never served.
 */
export interface LikesCache {
  read(userId: string): Promise<{ value: CachedLikes | undefined; generation: number }>;
  write(userId: string, generation: number, value: CachedLikes): Promise<void>;
  bump(userId: string): Promise<void>;
}

/** One process's: up to `maxUsers` users, the least recently used going first. */
export class MemoryLikesCache implements LikesCache {
  private readonly users: LruMap<string, { generation: number; value?: CachedLikes; until: number }>;

  constructor(
    private readonly ttlMs: number,
    maxUsers = 20_000,
  ) {
    this.users = new LruMap(maxUsers);
  }

  read(userId: string) {
    const entry = this.users.get(userId);
    const generation = entry?.generation ?? 0;
    if (!entry?.value || entry.until <= Date.now()) return Promise.resolve({ value: undefined, generation });
    this.users.touch(userId);
    return Promise.resolve({ value: entry.value, generation });
  }

  write(userId: string, generation: number, value: CachedLikes) {
    if ((this.users.get(userId)?.generation ?? 0) !== generation) return Promise.resolve();
    this.users.set(userId, { generation, value, until: Date.now() + this.ttlMs });
    return Promise.resolve();
  }

  bump(userId: string) {
    const generation = (this.users.get(userId)?.generation ?? 0) + 1;
    // An evicted record starts again at 0: a write begun before the eviction still misses it,
    // since the eviction dropped the entry it would have replaced and generations only rise here.
    this.users.set(userId, { generation, until: 0 });
    return Promise.resolve();
  }
}

/** `lumi:likes:gen:<user>` (INCR, kept a day) and `lumi:likes:e:<user>` = `<generation>|<ids>`. */
export class RedisLikesCache implements LikesCache {
  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds: number,
    private readonly warn: (err: unknown, message: string) => void,
  ) {}

  async read(userId: string): Promise<{ value: CachedLikes | undefined; generation: number }> {
    let gen: string | null | undefined;
    let entry: string | null | undefined;
    try {
      [gen, entry] = await this.redis.mget(`lumi:likes:gen:${userId}`, `lumi:likes:e:${userId}`);
    } catch (err) {
      this.warn(err, 'likes cache unavailable');
      return { value: undefined, generation: -1 };
    }
    const generation = Number(gen ?? 0);
    const bar = entry ? entry.indexOf('|') : -1;
    if (!entry || bar < 0 || Number(entry.slice(0, bar)) !== generation)
      return { value: undefined, generation };
    const body = entry.slice(bar + 1);
    if (body === 'many') return { value: 'many', generation };
    return { value: new Set(body ? body.split(',').map(Number) : []), generation };
  }

  async write(userId: string, generation: number, value: CachedLikes): Promise<void> {
    if (generation < 0) return;
    const body = value === 'many' ? 'many' : [...value].join(',');
    try {
      await this.redis.set(`lumi:likes:e:${userId}`, `${generation}|${body}`, 'EX', this.ttlSeconds);
    } catch (err) {
      this.warn(err, 'likes cache unavailable');
    }
  }

  async bump(userId: string): Promise<void> {
    try {
      // The generation outlives any entry (TTL seconds); a day later it may start again at 0.
      await this.redis
        .multi()
        .incr(`lumi:likes:gen:${userId}`)
        .expire(`lumi:likes:gen:${userId}`, 86_400)
        .exec();
    } catch (err) {
      this.warn(err, 'likes cache not cleared (Redis unavailable)');
    }
  }
}

export function likesCacheFor(
  ttlSeconds: number,
  redis: Redis | undefined,
  warn: (err: unknown, message: string) => void,
): LikesCache | undefined {
  if (ttlSeconds <= 0) return undefined;
  return redis ? new RedisLikesCache(redis, ttlSeconds, warn) : new MemoryLikesCache(ttlSeconds * 1000);
}
