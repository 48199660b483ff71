import { ErrorCode, type JobStatus, type SharedImage } from '@lumi/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ASTRONAUT_PHOTO, solidImage, storedFiles, storedUnder } from '../../../test/files';
import {
  useTestApp,
  creditsLeft,
  loginTourist,
  messagesFile,
  type MultipartFields,
  postMultipart,
  type Envelope,
} from '../../../test/helpers';

const en = messagesFile('en');

describe('face swap', () => {
  let base: Buffer;
  let face: Buffer;
  const t = useTestApp();
  beforeAll(async () => {
    base = await sharp(ASTRONAUT_PHOTO).jpeg({ quality: 90 }).toBuffer();
    face = await sharp(ASTRONAUT_PHOTO)
      .flop()
      .modulate({ hue: 40 })
      .linear(1.6, -60)
      .resize(600, 600)
      .webp()
      .toBuffer();
  });

  const swap = (cookie: string, fields: MultipartFields) =>
    postMultipart(t.app, '/cgi-bin/auth/aigc/image', cookie, fields);
  const status = async (cookie: string, id: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/cgi-bin/auth/aigc/status?id=${id}`, headers: { cookie } })
    ).json<Envelope<JobStatus>>().data;
  const remain = (cookie: string) => creditsLeft(t.app, cookie);
  const photo = (data: Buffer, name = 'p.jpg', type = 'image/jpeg') => ({
    filename: name,
    contentType: type,
    data,
  });

  it('swaps the face into the base photo as a job: 5 credits, same size, AI metadata', async () => {
    const me = await loginTourist(t.app);
    const res = await swap(me.cookie, {
      type: 'faceswap',
      base: photo(base),
      face: photo(face, 'f.webp', 'image/webp'),
      consent: 'true',
    });
    const { data } = res.json<Envelope<{ id: string }>>();
    expect(await remain(me.cookie)).toBe(25);
    await expect.poll(async () => (await status(me.cookie, data.id)).state, { timeout: 20_000 }).toBe('done');
    const done = await status(me.cookie, data.id);
    const file = await t.app.inject({ method: 'GET', url: done.images![0]!.url });
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
    expect(meta.xmpAsString ?? meta.xmp?.toString()).toContain('trainedAlgorithmicMedia');
    // One face in the base photo: no choice to offer.
    expect(done).not.toHaveProperty('faces');
  });

  it('reports every face of a group photo, and swaps the one asked for', async () => {
    const me = await loginTourist(t.app);
    const small = await sharp(ASTRONAUT_PHOTO).resize(420, 420).png().toBuffer();
    const group = await sharp({ create: { width: 940, height: 520, channels: 3, background: '#dde' } })
      .composite([
        { input: await sharp(ASTRONAUT_PHOTO).png().toBuffer(), left: 0, top: 0 },
        { input: small, left: 520, top: 100 },
      ])
      .png()
      .toBuffer();
    const res = await swap(me.cookie, {
      type: 'faceswap',
      base: photo(group, 'g.png', 'image/png'),
      face: photo(face),
      consent: 'true',
      base_face: '1',
    });
    const { id } = res.json<Envelope<{ id: string }>>().data;
    await expect.poll(async () => (await status(me.cookie, id)).state, { timeout: 20_000 }).toBe('done');
    const done = (await status(me.cookie, id)) as JobStatus & { faces?: { x: number; width: number }[] };
    expect(done.faces).toHaveLength(2);
    expect(done.faces![0]!.width).toBeGreaterThan(done.faces![1]!.width);
  });

  it('fails with a clear message and gives the credits back when a photo has no face', async () => {
    const me = await loginTourist(t.app);
    const wall = await solidImage(600, 400, '#9ab');
    const { data } = (
      await swap(me.cookie, {
        type: 'faceswap',
        base: photo(wall, 'w.png', 'image/png'),
        face: photo(face),
        consent: 'true',
      })
    ).json<Envelope<{ id: string }>>();
    await expect
      .poll(async () => (await status(me.cookie, data.id)).state, { timeout: 20_000 })
      .toBe('failed');
    expect((await status(me.cookie, data.id)).message).toBe(en.no_face_base);
    expect(await remain(me.cookie)).toBe(30);
    // The photos were needed only for the job: done or failed, they are gone.
    await expect.poll(() => storedUnder(t.dataDir, 'private-files/swap-inputs/')).toEqual([]);
  });

  it('never makes a face swap public, and writes no file trying; images still share', async () => {
    const me = await loginTourist(t.app);
    const share = async (id: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/cgi-bin/auth/aigc/image/share',
          headers: { cookie: me.cookie },
          payload: { id, index: 0 },
        })
      ).json<Envelope<SharedImage>>();
    const { data } = (
      await swap(me.cookie, { type: 'faceswap', base: photo(base), face: photo(face), consent: 'true' })
    ).json<Envelope<{ id: string }>>();
    await expect.poll(async () => (await status(me.cookie, data.id)).state, { timeout: 20_000 }).toBe('done');
    // The job's photos go just after it is done (its settled step): wait, so only the share counts.
    await expect.poll(() => storedUnder(t.dataDir, 'private-files/swap-inputs/')).toEqual([]);
    const before = storedFiles(t.dataDir);
    const refused = await share(data.id);
    expect(refused).toMatchObject({ code: ErrorCode.FORBIDDEN, message: en.forbidden, data: null });
    expect(storedFiles(t.dataDir)).toEqual(before);
    const explore = await t.app.inject({ method: 'GET', url: '/cgi-bin/explore' });
    expect(explore.json<Envelope<{ images: unknown[] }>>().data.images).toEqual([]);

    const image = (
      await t.app.inject({
        method: 'POST',
        url: '/cgi-bin/auth/aigc/image',
        headers: { cookie: me.cookie },
        payload: { prompt: 'a lighthouse at dusk' },
      })
    ).json<Envelope<{ id: string }>>().data;
    await expect
      .poll(async () => (await status(me.cookie, image.id)).state, { timeout: 20_000 })
      .toBe('done');
    const shared = await share(image.id);
    expect(shared.code, shared.message).toBe(0);
    expect(storedUnder(t.dataDir, 'files/shared/')).toEqual([
      `files${shared.data.url.replace('/files', '')}`,
    ]);
    const served = await t.app.inject({ method: 'GET', url: shared.data.url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it('refuses other formats by content, a missing photo and a missing consent, charging nothing', async () => {
    const me = await loginTourist(t.app);
    const gif = await solidImage(20, 20, '#000', 'gif');
    const cases: [MultipartFields, string | number][] = [
      [{ type: 'faceswap', base: photo(gif, 'x.jpg'), face: photo(face), consent: 'true' }, en.image_format],
      [
        {
          type: 'faceswap',
          base: photo(Buffer.from('plain text, not a picture'), 'x.png'),
          face: photo(face),
          consent: 'true',
        },
        en.image_format,
      ],
      [{ type: 'faceswap', base: photo(base), consent: 'true' }, ErrorCode.INVALID_INPUT],
      [{ type: 'faceswap', base: photo(base), face: photo(face) }, en.faceswap_consent_required],
    ];
    for (const [fields, expected] of cases) {
      const res = (await swap(me.cookie, fields)).json<Envelope<null>>();
      if (typeof expected === 'string') expect(res.message).toBe(expected);
      else expect(res.code).toBe(expected);
    }
    expect(await remain(me.cookie)).toBe(30);
  });
});
