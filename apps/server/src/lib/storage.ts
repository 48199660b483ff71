import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where files live (avatars now; generated images and audio later). The embedded default is a
 * directory under DATA_DIR served at /files; an S3-compatible bucket implements the same
 * interface. Keys are opaque, unguessable paths like `avatars/<uuid>.webp`.
 */
export interface FileStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or undefined when there is no such file. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
  /** The URL a browser loads the file from. */
  url(key: string): string;
}

const KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

export function assertKey(key: string): void {
  if (!KEY.test(key) || key.includes('..') || key.includes('//')) throw new Error(`bad storage key: ${key}`);
}

export class LocalStorage implements FileStorage {
  constructor(
    readonly root: string,
    private readonly urlPrefix = '/files',
  ) {}

  private file(key: string): string {
    assertKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, file);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  url(key: string): string {
    assertKey(key);
    return `${this.urlPrefix}/${key}`;
  }
}

/**
 * Files only their owner may load (generated images and audio): kept in a storage of their own,
 * never served as they are, but through URLs signed with HMAC-SHA256 that expire. Expiry times
 * are rounded up to the hour so a page shows the same URL for a while and the browser caches it.
 */
export class PrivateFiles {
  constructor(
    readonly storage: FileStorage,
    private readonly secret: string,
    private readonly urlPrefix = '/files/private',
    private readonly ttlMs = 6 * 3_600_000,
  ) {}

  private sign(key: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${key}\n${expires}`).digest('base64url');
  }

  /** A URL that works until a few hours from `now`. */
  url(key: string, now: number): string {
    assertKey(key);
    const expires = Math.ceil((now + this.ttlMs) / 3_600_000) * 3_600_000;
    return `${this.urlPrefix}/${key}?e=${expires}&s=${this.sign(key, expires)}`;
  }

  /** Whether a URL's key, expiry and signature are ours and still good. */
  verify(key: string, expires: string | undefined, signature: string | undefined, now: number): boolean {
    const at = Number(expires);
    if (!signature || !Number.isSafeInteger(at) || at < now || !KEY.test(key)) return false;
    const expected = Buffer.from(this.sign(key, at));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
