import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JobStatus, SharedImage } from '@lumi/contract';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, loginTourist } from '../../test/helpers';
import { S3Storage } from './storage';

/**
 * S3rver: a local S3-compatible server (the S3 REST API and its XML errors). It does not
 * recompute Signature V4, so signing itself is aws4fetch's, tested there.
 */
describe('files on S3-compatible storage', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumi-s3-'));
  let s3: S3rver;
  let endpoint = '';
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

  beforeAll(async () => {
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'lumi', configs: [] }],
    });
    const { port } = (await s3.run()) as { port: number };
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await s3.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const t = useTestApp(() => ({
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'lumi',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
  }));

  it('puts, reads and deletes objects, and serves public ones at their public address', async () => {
    const storage = new S3Storage({
      endpoint,
      bucket: 'lumi',
      region: 'us-east-1',
      publicUrl: `${endpoint}/lumi`,
      ...credentials,
      prefix: 'public/',
    });
    await storage.put('avatars/a.webp', Buffer.from('hello'), 'image/webp');
    expect((await storage.get('avatars/a.webp'))?.toString()).toBe('hello');
    const direct = await fetch(storage.url('avatars/a.webp'));
    expect(await direct.text()).toBe('hello');
    await storage.delete('avatars/a.webp');
    expect(await storage.get('avatars/a.webp')).toBeUndefined();
  });

  it('keeps generated images private in the bucket and shares a public copy', async () => {
    const me = await loginTourist(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/auth/aigc/image',
      headers: { cookie: me.cookie },
      payload: { prompt: 'a harbour at night', size: '576x1024' },
    });
    const id = created.json<{ data: { id: string } }>().data.id;
    let status: JobStatus | undefined;
    await expect
      .poll(
        async () => {
          const res = await t.app.inject({
            method: 'GET',
            url: `/cgi-bin/auth/aigc/status?id=${id}`,
            headers: { cookie: me.cookie },
          });
          status = res.json<{ data: JobStatus }>().data;
          return status.state;
        },
        { timeout: 10_000 },
      )
      .toBe('done');
    const url = status?.images?.[0]?.url ?? '';
    expect(url).toMatch(/^\/files\/private\/images\//);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    // The object sits in the bucket under private/, apart from the public files, under the name
    // its signed URL gives (no user id in it).
    const key = url.slice('/files/private/'.length).split('?')[0] ?? '';
    expect(key).not.toContain(me.uid);
    const stored = fs.readdirSync(dir, { recursive: true }).map(String);
    expect(stored.some((f) => f.includes(path.join('private', ...key.split('/'))))).toBe(true);

    const shared = await t.app.inject({
      method: 'POST',
      url: '/cgi-bin/auth/aigc/image/share',
      headers: { cookie: me.cookie },
      payload: { id, index: 0 },
    });
    const image = shared.json<{ data: SharedImage }>().data;
    expect(image.url.startsWith(`${endpoint}/lumi/public/shared/`)).toBe(true);
    const publicCopy = await fetch(image.url);
    expect(publicCopy.status).toBe(200);
    expect(Buffer.from(await publicCopy.arrayBuffer()).equals(served.rawPayload)).toBe(true);
  });

  it('is ready when the bucket answers (GET /readyz), and not for a bucket that is not there', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ checks: { storage: { ok: true } } });
    const missing = new S3Storage({
      endpoint,
      bucket: 'missing',
      region: 'us-east-1',
      publicUrl: endpoint,
      ...credentials,
    });
    await expect(missing.probe(AbortSignal.timeout(1000))).rejects.toThrow(/HTTP 404/);
  });
});
