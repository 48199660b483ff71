/**
 * A Map that holds at most `max` entries and drops the least recently used first. Map keeps
 * insertion order, so moving a key to the end (`touch`, `set`) makes the first key the least
 * recent. `get` does not count as a use: callers touch what they actually serve.
 */
export class LruMap<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  /** Marks `key` as just used. */
  touch(key: K): void {
    const value = this.map.get(key);
    if (value === undefined) return;
    this.map.delete(key);
    this.map.set(key, value);
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}
