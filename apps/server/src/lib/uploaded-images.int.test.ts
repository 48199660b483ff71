import fs from 'node:fs';
import path from 'node:path';
import { readPngCard, writePngCard, type CharacterDetail, type UserInfo } from '@lumi/contract';
import sharp, { type Sharp } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ASTRONAUT_PHOTO, storedUnder } from '../../test/files';
import {
  useTestApp,
  loginTourist,
  type MultipartFields,
  postMultipart,
  signInByEmail,
  type Envelope,
  type FilePart,
} from '../../test/helpers';
import { DevOutbox } from './mailer';

const NAME = 'Jane Roe';
const TAIL = '<html><body><script>alert("lumi")</script>LUMI-APPENDED-TAIL</body></html>';

/** A JPEG as a phone writes it: EXIF with the owner's name and a GPS position, XMP, rotated. */
function withPersonalMetadata(image: Sharp): Promise<Buffer> {
  return image
    .jpeg()
    .withExif({
      IFD0: { Artist: NAME, Copyright: NAME },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 300/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .withXmp(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${NAME}</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`,
    )
    .toBuffer();
}

const withTail = (png: Buffer) => Buffer.concat([png, Buffer.from(TAIL)]);

/** Bytes that carry nothing but the picture: no metadata, no name, nothing appended. */
async function expectClean(bytes: Buffer, what: string) {
  const meta = await sharp(bytes).metadata();
  expect(
    { exif: meta.exif, iptc: meta.iptc, xmp: meta.xmp, orientation: meta.orientation, text: meta.comments },
    what,
  ).toEqual({ exif: undefined, iptc: undefined, xmp: undefined, orientation: undefined, text: undefined });
  expect(bytes.includes(NAME), what).toBe(false);
  expect(bytes.includes('LUMI-APPENDED-TAIL'), what).toBe(false);
  expect(bytes.includes('<script'), what).toBe(false);
}

describe('uploaded images are stored and served as their pixels only', () => {
  const outbox = new DevOutbox(() => undefined);
  /** 300x400 pixels, shown 400x300 (EXIF orientation 6). */
  let exifJpeg: Buffer;
  let tailedPng: Buffer;

  // No worker: a face swap's photos stay stored while its job waits.
  const t = useTestApp({ mailer: outbox, env: { RUN_WORKERS: 'false' } });
  beforeAll(async () => {
    exifJpeg = await withPersonalMetadata(
      sharp({ create: { width: 300, height: 400, channels: 3, background: '#c84' } }),
    );
    tailedPng = withTail(
      await sharp({ create: { width: 320, height: 480, channels: 3, background: '#48c' } })
        .png()
        .toBuffer(),
    );
    // The uploads do carry what must not survive.
    const meta = await sharp(exifJpeg).metadata();
    expect([meta.orientation, !!meta.exif, !!meta.xmp, exifJpeg.includes(NAME)]).toEqual([
      6,
      true,
      true,
      true,
    ]);
    expect((await sharp(tailedPng).metadata()).format).toBe('png');
    expect(tailedPng.includes('LUMI-APPENDED-TAIL')).toBe(true);
  });

  const file = (data: Buffer, filename: string, contentType: string): FilePart => ({
    filename,
    contentType,
    data,
  });
  const post = async <T>(cookie: string, url: string, fields: MultipartFields) => {
    const res = await postMultipart(t.app, `/cgi-bin/auth${url}`, cookie, fields);
    const env = res.json<Envelope<T>>();
    expect(env.code, env.message).toBe(0);
    return env.data;
  };
  const character = (cookie: string, fields: MultipartFields) =>
    post<CharacterDetail>(cookie, '/character/create', {
      name: 'Mira Solano',
      desc: 'A 29-year-old lighthouse keeper who collects stories from passing ships.',
      personality: 'Warm, curious, dry humour.',
      first_message: 'Another storm, another visitor. Tea?',
      visibility: 'private',
      ...fields,
    });
  /** The bytes as a browser gets them, and as they are on disk. */
  const servedAndStored = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    const stored = fs.readFileSync(path.join(t.dataDir, 'files', url.replace(/^\/files\//, '')));
    return [res.rawPayload, stored] as const;
  };

  it('character avatars, on create and modify: upright, same size, no EXIF, no appended bytes', async () => {
    const me = await loginTourist(t.app);
    const made = await character(me.cookie, { head: file(exifJpeg, 'me.jpg', 'image/jpeg') });
    for (const url of [made.head, made.listHead]) {
      for (const bytes of await servedAndStored(url)) await expectClean(bytes, url);
    }
    const [head] = await servedAndStored(made.head);
    const meta = await sharp(head).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 400, 300]);

    const tailed = await character(me.cookie, { head: file(tailedPng, 'a.png', 'image/png') });
    for (const bytes of await servedAndStored(tailed.head)) await expectClean(bytes, tailed.head);
    const modified = await post<CharacterDetail>(me.cookie, '/character/modify', {
      id: String(made.id),
      head: file(tailedPng, 'b.png', 'image/png'),
    });
    for (const bytes of await servedAndStored(modified.head)) {
      await expectClean(bytes, modified.head);
      const m = await sharp(bytes).metadata();
      expect([m.format, m.width, m.height]).toEqual(['png', 320, 480]);
    }
  });

  it("a card's PNG as the avatar: stored without its card text or tail, and the card still exports", async () => {
    const me = await loginTourist(t.app);
    const card = withTail(
      Buffer.from(
        writePngCard(
          await sharp({ create: { width: 400, height: 500, channels: 3, background: '#a66' } })
            .png()
            .toBuffer(),
          {
            spec: 'v2',
            data: {
              name: 'Card Corvina',
              description: 'A 30-year-old cartographer who draws coastlines from memory.',
              personality: 'Patient.',
              scenario: '',
              first_mes: 'Mind the ink.',
              mes_example: '',
              creator_notes: '',
              system_prompt: '',
              post_history_instructions: '',
              alternate_greetings: [],
              tags: [],
              creator: '',
              character_version: '',
              extensions: {},
            },
            extra: {},
          },
        ),
      ),
    );
    const made = await character(me.cookie, { card: file(card, 'card.png', 'image/png'), name: '' });
    expect(made.name).toBe('Card Corvina');
    for (const bytes of await servedAndStored(made.head)) {
      await expectClean(bytes, made.head);
      expect(bytes.includes('chara')).toBe(false);
      expect((await sharp(bytes).metadata()).width).toBe(400);
    }
    const exported = await t.app.inject({
      method: 'GET',
      url: `/cgi-bin/auth/character/card?id=${made.id}`,
      headers: { cookie: me.cookie },
    });
    expect(exported.headers['content-type']).toBe('image/png');
    expect(readPngCard(exported.rawPayload).data).toMatchObject({ name: 'Card Corvina' });
    expect(exported.rawPayload.includes('LUMI-APPENDED-TAIL')).toBe(false);
  });

  it('profile avatars keep no metadata', async () => {
    const me = await signInByEmail(t, outbox, 'avatar@example.com');
    const user = await post<UserInfo>(me.cookie, '/user/update', {
      head: file(exifJpeg, 'me.jpg', 'image/jpeg'),
    });
    for (const bytes of await servedAndStored(user.head)) await expectClean(bytes, user.head);
  });

  it('face swap photos are kept privately without their metadata or anything appended', async () => {
    const me = await loginTourist(t.app);
    const base = await withPersonalMetadata(sharp(ASTRONAUT_PHOTO));
    const face = withTail(await sharp(ASTRONAUT_PHOTO).flop().png().toBuffer());
    await post<{ id: string }>(me.cookie, '/aigc/image', {
      type: 'faceswap',
      base: file(base, 'base.jpg', 'image/jpeg'),
      face: file(face, 'face.png', 'image/png'),
      consent: 'true',
    });
    const stored = storedUnder(t.dataDir, 'private-files/swap-inputs/');
    expect(stored).toHaveLength(2);
    for (const f of stored) await expectClean(fs.readFileSync(path.join(t.dataDir, f)), f);
  });
});
