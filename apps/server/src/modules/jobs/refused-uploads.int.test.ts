import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@lumi/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { speechWav } from '../../../test/audio';
import { ASTRONAUT_PHOTO, storedFiles } from '../../../test/files';
import {
  useTestApp,
  loginTourist,
  type MultipartFields,
  postMultipart,
  type Envelope,
} from '../../../test/helpers';

describe('refused face swaps and voice clones', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lumi-refused-'));
  let photo: Buffer;
  let reference = '';
  let script = '';

  afterAll(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  // No worker: accepted jobs stay queued with their inputs, and count as open.
  const t = useTestApp({
    env: { RUN_WORKERS: 'false', DAILY_FREE_CREDITS: '0', MAX_OPEN_JOBS_PER_USER: '2' },
  });
  beforeAll(async () => {
    photo = await sharp(ASTRONAUT_PHOTO).jpeg().toBuffer();
    reference = await speechWav(tmp, 'gordon', 15);
    script = await speechWav(tmp, 'daisy', 5);
  }, 60_000);

  const withCredits = async (amount: number) => {
    const who = await loginTourist(t.app);
    await t.app.services.credits.grant(who.uid, {
      amount,
      expiresAt: new Date(Date.now() + 86_400_000),
      source: 'admin',
      sourceRef: `refused-${who.uid}`,
      reason: 'test credits',
    });
    return who;
  };
  const post = async (cookie: string, url: string, fields: MultipartFields) => {
    const res = await postMultipart(t.app, `/cgi-bin/auth${url}`, cookie, fields);
    return res.json<Envelope<unknown>>();
  };
  const swap = (cookie: string) =>
    post(cookie, '/aigc/image', {
      type: 'faceswap',
      base: { filename: 'b.jpg', contentType: 'image/jpeg', data: photo },
      face: { filename: 'f.jpg', contentType: 'image/jpeg', data: photo },
      consent: 'true',
    });
  const clone = (cookie: string) =>
    post(cookie, '/aigc/speech/custom', {
      voice: { filename: 'ref.wav', contentType: 'audio/wav', data: fs.readFileSync(reference) },
      script: { filename: 'script.wav', contentType: 'audio/wav', data: fs.readFileSync(script) },
      consent: 'true',
    });

  it('keeps no photo or recording of a request it refuses', async () => {
    // 8 credits: one swap (5), then neither another swap nor a clone (10).
    const poor = await withCredits(8);
    expect((await swap(poor.cookie)).code).toBe(0);
    expect((await swap(poor.cookie)).code).toBe(ErrorCode.NOT_ENOUGH_CREDITS);
    expect((await clone(poor.cookie)).code).toBe(ErrorCode.NOT_ENOUGH_CREDITS);
    // Credits enough, but two open jobs already.
    const busy = await withCredits(100);
    expect((await swap(busy.cookie)).code).toBe(0);
    expect((await swap(busy.cookie)).code).toBe(0);
    expect((await swap(busy.cookie)).code).toBe(ErrorCode.TOO_FREQUENT);
    expect((await swap(busy.cookie)).code).toBe(ErrorCode.TOO_FREQUENT);
    expect((await clone(busy.cookie)).code).toBe(ErrorCode.TOO_FREQUENT);

    // On disk: the two photos of each of the three swaps that became jobs, nothing else.
    const rows = await t.database.db.select().from(jobs);
    expect(rows.map((r) => r.kind)).toEqual(['faceswap', 'faceswap', 'faceswap']);
    const kept = rows
      .flatMap((r) => {
        const input = r.input as { baseKey: string; faceKey: string };
        return [input.baseKey, input.faceKey];
      })
      .map((key) => `private-files/${key}`)
      .sort();
    expect(storedFiles(t.dataDir)).toEqual(kept);
    expect(kept).toHaveLength(6);
  });
});
