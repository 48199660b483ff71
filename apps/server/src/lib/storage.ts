import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';

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
  /** Throws when the storage cannot be reached (GET /readyz): the directory, or the bucket. */
  probe?(signal: AbortSignal): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

/**
 * An unguessable file name: 128 random bits in hex. Private files are named with it alone, so
 * a signed URL says nothing about whose file it is (no user id, no job id, no time).
 */
export function randomName(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The name of a job's result file: as unguessable as `randomName` (a hash of the job's random
 * id), and the same on every try, so a job run again after its worker died writes over its first
 * try's file instead of leaving one behind that nothing refers to.
 */
export function jobFileName(jobId: string, part: number): string {
  return createHash('sha256').update(`job-file:${jobId}:${part}`).digest('hex').slice(0, 32);
}

/** Whether a key may name a file: no `..` or empty segment, so it never leaves its directory. */
export function isKey(key: string): boolean {
  return KEY.test(key) && !key.includes('..') && !key.includes('//');
}

export function assertKey(key: string): void {
  if (!isKey(key)) throw new Error(`bad storage key: ${key}`);
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

  /** The directory is there (made if need be, as the first file would) and writable. */
  async probe(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
    await fs.access(this.root, fs.constants.W_OK);
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
    // A key from a URL that could never name a file (`../x`) is refused here, before storage.
    if (!signature || !Number.isSafeInteger(at) || at < now || !isKey(key)) return false;
    const expected = Buffer.from(this.sign(key, at));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

export interface S3Options {
  /** The S3 API endpoint: https://s3.<region>.amazonaws.com, an R2 or MinIO address… */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers load public files from (a CDN, or the bucket's public address). */
  publicUrl: string;
  /** Objects under this prefix, e.g. `public/` or `private/` (one bucket may hold both). */
  prefix?: string;
}

/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2…), path-style requests
 * signed with AWS Signature V4 (aws4fetch). Keys map to objects under `prefix`.
 */
export class S3Storage implements FileStorage {
  private readonly client: AwsClient;

  constructor(private readonly options: S3Options) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: 's3',
      retries: 2,
    });
  }

  private objectUrl(key: string): string {
    assertKey(key);
    const base = this.options.endpoint.replace(/\/+$/, '');
    return `${base}/${encodeURIComponent(this.options.bucket)}/${this.options.prefix ?? ''}${key}`;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const res = await this.client.fetch(this.objectUrl(key), {
      method: 'PUT',
      body: bytes,
      headers: { 'content-type': contentType, 'cache-control': 'public, max-age=31536000, immutable' },
    });
    if (!res.ok) throw new Error(`S3 PUT ${key}: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
  }

  async get(key: string): Promise<Buffer | undefined> {
    const res = await this.client.fetch(this.objectUrl(key));
    if (res.status === 404) return undefined;
    if (!res.ok) throw new Error(`S3 GET ${key}: HTTP ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const res = await this.client.fetch(this.objectUrl(key), { method: 'DELETE' });
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key}: HTTP ${res.status}`);
  }

  url(key: string): string {
    assertKey(key);
    return `${this.options.publicUrl.replace(/\/+$/, '')}/${this.options.prefix ?? ''}${key}`;
  }

  /** HeadBucket: the bucket answers, and these keys may use it. */
  async probe(signal: AbortSignal): Promise<void> {
    const base = this.options.endpoint.replace(/\/+$/, '');
    const res = await this.client.fetch(`${base}/${encodeURIComponent(this.options.bucket)}`, {
      method: 'HEAD',
      signal,
    });
    if (!res.ok) throw new Error(`S3 HEAD bucket: HTTP ${res.status}`);
  }
}
