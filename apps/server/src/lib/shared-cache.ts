import type { Redis } from 'ioredis';
import { LruMap } from './lru';

/**
 * A cache of what every visitor sees, shared by the processes (Redis) or kept by one (memory),
 * with one generation for all its entries: `bump()` makes every entry stale at once, in every
 * process. Each entry carries the generation it was computed in; a read fetches the entry and
 * the current generation together (one MGET on Redis) and answers only an entry of the current
 * generation. An entry computed while a bump happened is written under the older generation, so
 * it is never served: no change is lost to a race between a miss and an edit.
 */
export interface GenerationCache<T> {
  /** The entry of the current generation, if any, and the generation a miss should write under. */
  read(key: string): Promise<{ value: T | undefined; generation: number }>;
  write(key: string, generation: number, value: T): Promise<void>;
  /** Every entry stale, here and in the other processes. */
  bump(): Promise<void>;
}

export interface CacheCodec<T> {
  encode(value: T): string;
  decode(text: string): T;
}

/** One process's cache: at most `maxEntries`, the least recently used going first. */
export class MemoryGenerationCache<T> implements GenerationCache<T> {
  private generation = 0;
  private readonly entries: LruMap<string, { generation: number; value: T; until: number }>;

  constructor(
    private readonly ttlMs: number,
    maxEntries = 2000,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new LruMap(maxEntries);
  }

  read(key: string): Promise<{ value: T | undefined; generation: number }> {
    const entry = this.entries.get(key);
    if (!entry || entry.generation !== this.generation || entry.until <= this.now()) {
      if (entry) this.entries.delete(key);
      return Promise.resolve({ value: undefined, generation: this.generation });
    }
    this.entries.touch(key);
    return Promise.resolve({ value: entry.value, generation: this.generation });
  }

  write(key: string, generation: number, value: T): Promise<void> {
    if (generation !== this.generation) return Promise.resolve();
    this.entries.set(key, { generation, value, until: this.now() + this.ttlMs });
    return Promise.resolve();
  }

  bump(): Promise<void> {
    this.generation += 1;
    this.entries.clear();
    return Promise.resolve();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * The processes' shared cache in Redis: `<prefix>gen` holds the generation (INCR bumps it),
 * `<prefix>e:<key>` an entry as `<generation>|<encoded value>` with the TTL. Redis failing is a
 * miss (the caller computes the value), never an error for the visitor.
 *
 * Each process also keeps, for a second at most, the entries it decoded or wrote: a read of one
 * of them asks Redis for the generation alone (a few bytes instead of the page, and no JSON to
 * parse), and serves it only while the generation is the same. A bump anywhere is seen by the
 * next read everywhere, as without the copies.
 */
export class RedisGenerationCache<T> implements GenerationCache<T> {
  private readonly decoded: LruMap<string, { generation: number; value: T; until: number }>;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlSeconds: number,
    private readonly codec: CacheCodec<T>,
    private readonly warn: (err: unknown, message: string) => void,
    private readonly localMs = 1000,
    maxLocal = 2000,
    private readonly now: () => number = Date.now,
  ) {
    this.decoded = new LruMap(maxLocal);
  }

  private get genKey(): string {
    return `${this.prefix}gen`;
  }

  private keep(key: string, generation: number, value: T): void {
    this.decoded.set(key, {
      generation,
      value,
      until: this.now() + Math.min(this.localMs, this.ttlSeconds * 1000),
    });
  }

  async read(key: string): Promise<{ value: T | undefined; generation: number }> {
    const local = this.decoded.get(key);
    if (local && local.until > this.now()) {
      let gen: string | null;
      try {
        gen = await this.redis.get(this.genKey);
      } catch (err) {
        this.warn(err, 'list cache unavailable');
        return { value: undefined, generation: -1 };
      }
      const generation = Number(gen ?? 0);
      if (generation === local.generation) return { value: local.value, generation };
    }
    // Expired, or of an older generation: never served again.
    if (local) this.decoded.delete(key);
    let gen: string | null | undefined;
    let entry: string | null | undefined;
    try {
      [gen, entry] = await this.redis.mget(this.genKey, `${this.prefix}e:${key}`);
    } catch (err) {
      this.warn(err, 'list cache unavailable');
      // No generation known: the caller's write goes nowhere (see write).
      return { value: undefined, generation: -1 };
    }
    const generation = Number(gen ?? 0);
    if (!entry) return { value: undefined, generation };
    const bar = entry.indexOf('|');
    if (bar < 0 || Number(entry.slice(0, bar)) !== generation) return { value: undefined, generation };
    try {
      const value = this.codec.decode(entry.slice(bar + 1));
      this.keep(key, generation, value);
      return { value, generation };
    } catch (err) {
      this.warn(err, 'list cache entry unreadable');
      return { value: undefined, generation };
    }
  }

  async write(key: string, generation: number, value: T): Promise<void> {
    if (generation < 0) return;
    try {
      await this.redis.set(
        `${this.prefix}e:${key}`,
        `${generation}|${this.codec.encode(value)}`,
        'EX',
        this.ttlSeconds,
      );
      this.keep(key, generation, value);
    } catch (err) {
      this.warn(err, 'list cache unavailable');
    }
  }

  async bump(): Promise<void> {
    try {
      await this.redis.incr(this.genKey);
    } catch (err) {
      // The other processes serve what they have until the entries' TTL runs out.
      this.warn(err, 'list cache not cleared (Redis unavailable)');
    }
  }
}
