import type { Redis } from 'ioredis';
import { MemoryGenerationCache, RedisGenerationCache, type GenerationCache } from '../../lib/shared-cache';
import type { ListRow } from './characters.repository';

/**
 * A page of a public list or search as every visitor gets it: listed characters only, without
 * what depends on the viewer (their likes, whether they own one, whether adult content is on:
 * CharacterReads adds those on every request).
 */
export interface CachedPage {
  rows: ListRow[];
  hasMore: boolean;
  /** The New list's total_count. */
  total?: number;
}

/** Entries one process keeps at most (about 20 rows each: a few tens of MB at worst). */
const MEMORY_ENTRIES = 2000;

const codec = {
  encode: (page: CachedPage) => JSON.stringify(page),
  decode(text: string): CachedPage {
    const page = JSON.parse(text) as CachedPage;
    for (const row of page.rows) row.c.createdAt = new Date(row.c.createdAt); // JSON made it a string
    return page;
  },
};

/**
 * The public lists' cache (the Hot and New lists with their filters, and search), shared
 * through Redis when REDIS_URL is set: `bump()` after any change to what the lists show
 * (docs/architecture.md, "Shared caches"). `undefined` when LIST_CACHE_SECONDS is 0.
 */
export function listCacheFor(
  ttlSeconds: number,
  redis: Redis | undefined,
  warn: (err: unknown, message: string) => void,
): GenerationCache<CachedPage> | undefined {
  if (ttlSeconds <= 0) return undefined;
  if (redis) return new RedisGenerationCache(redis, 'lumi:lists:', ttlSeconds, codec, warn);
  return new MemoryGenerationCache<CachedPage>(ttlSeconds * 1000, MEMORY_ENTRIES);
}
