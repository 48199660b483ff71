import fs from 'node:fs';
import path from 'node:path';
import type * as Tf from '@tensorflow/tfjs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../errors';
import { NSFW_CLASSES, NsfwImageEngine, classifyNsfw, loadNsfwModel, type NsfwScores } from './nsfw-image';

/** The photo the face swap tests use (Eileen Collins, NASA, public domain). */
const ASTRONAUT = path.join(import.meta.dirname, '..', 'faceswap', 'fixtures', 'astronaut.png');
const tf = createRequire(import.meta.url)('@tensorflow/tfjs') as typeof Tf;

const flat = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 70, g: 130, b: 180 } } })
    .png()
    .toBuffer();

/** A left-to-right gradient with an alpha channel (transparency goes on white). */
const gradient = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><defs><linearGradient id="g">
       <stop offset="0" stop-color="#ff8800" stop-opacity="0.6"/><stop offset="1" stop-color="#2244cc"/>
       </linearGradient></defs><rect width="400" height="300" fill="url(#g)"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

/** A drawn landscape: sky, sun, mountains, a lake and grass, as JPEG. */
const landscape = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
       <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b9bd5"/>
       <stop offset="1" stop-color="#dcefff"/></linearGradient></defs>
       <rect width="640" height="400" fill="url(#sky)"/><circle cx="520" cy="80" r="40" fill="#ffd94a"/>
       <polygon points="0,260 140,110 260,240 380,90 520,230 640,150 640,400 0,400" fill="#6b7b8c"/>
       <polygon points="120,130 140,110 160,130" fill="#ffffff"/><polygon points="360,110 380,90 400,110" fill="#ffffff"/>
       <rect y="280" width="640" height="120" fill="#4f8f3a"/><ellipse cx="300" cy="330" rx="170" ry="30" fill="#3f7fbf"/>
       </svg>`,
    ),
  )
    .jpeg()
    .toBuffer();

const sum = (s: NsfwScores) => NSFW_CLASSES.reduce((t, c) => t + s[c], 0);

describe('nsfwjs classifier (the real model, bundled in the npm package)', () => {
  // Loaded once for the file; every test after this one reuses it.
  beforeAll(() => loadNsfwModel(), 30_000);

  it('loads once however many callers ask at the same time', () => {
    expect(loadNsfwModel()).toBe(loadNsfwModel());
  });

  it('returns the five classes, summing to 1', async () => {
    const scores = await classifyNsfw(await gradient());
    expect(Object.keys(scores).sort()).toEqual([...NSFW_CLASSES].sort());
    for (const c of NSFW_CLASSES) expect(scores[c]).toBeGreaterThanOrEqual(0);
    expect(sum(scores)).toBeCloseTo(1, 3);
  });

  it.each([
    ['a flat colour', flat],
    ['a gradient with transparency', gradient],
    ['a drawn landscape', landscape],
    ['the astronaut photo', () => fs.promises.readFile(ASTRONAUT)],
  ])('lets %s through, even where adult content is off', async (_name, make) => {
    const engine = new NsfwImageEngine();
    const result = await engine.check(
      { kind: 'image', image: await make() },
      { surface: 'upload', adult: false },
    );
    expect(result).toMatchObject({ verdict: 'allow', categories: [], engine: 'nsfwjs' });
    expect(result.score).toBeLessThan(0.2);
  });

  it('sees the astronaut photo as a neutral photo', async () => {
    const scores = await classifyNsfw(await fs.promises.readFile(ASTRONAUT));
    const top = NSFW_CLASSES.reduce((a, b) => (scores[b] > scores[a] ? b : a));
    expect(top).toBe('Neutral');
  });

  it('checks pictures side by side and keeps no tensors behind', async () => {
    const image = await landscape();
    await classifyNsfw(image);
    const before = tf.memory().numTensors;
    const results = await Promise.all([1, 2, 3].map(() => classifyNsfw(image)));
    expect(tf.memory().numTensors).toBe(before);
    // The same picture gets the same scores, whichever check ran first.
    for (const r of results) expect(r.Neutral).toBeCloseTo(results[0]!.Neutral, 5);
  });

  it('refuses bytes that are not a picture as rejected input', async () => {
    const engine = new NsfwImageEngine();
    const error = await engine
      .check(
        { kind: 'image', image: Buffer.from('not a picture at all') },
        { surface: 'upload', adult: false },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).kind).toBe('rejected');
  });
});

describe('nsfwjs verdicts (given scores)', () => {
  const scores = (s: Partial<NsfwScores>): NsfwScores => ({
    Drawing: 0,
    Hentai: 0,
    Neutral: 0,
    Porn: 0,
    Sexy: 0,
    ...s,
  });
  const image = { kind: 'image' as const, image: new Uint8Array([1]) };
  const engineWith = (s: NsfwScores, threshold?: number) =>
    new NsfwImageEngine({ classify: () => Promise.resolve(s), ...(threshold ? { threshold } : {}) });

  it('refuses an explicit picture where adult content is off', async () => {
    const result = await engineWith(scores({ Porn: 0.5, Hentai: 0.25, Neutral: 0.25 })).check(image, {
      surface: 'image',
      adult: false,
    });
    expect(result).toEqual({ verdict: 'refuse', categories: ['sexual'], score: 0.75, engine: 'nsfwjs' });
  });

  it('allows it, marked sexual, where adult content is on', async () => {
    const result = await engineWith(scores({ Porn: 0.9, Neutral: 0.1 })).check(image, {
      surface: 'image',
      adult: true,
    });
    expect(result).toEqual({ verdict: 'allow', categories: ['sexual'], score: 0.9, engine: 'nsfwjs' });
  });

  it('lets a picture under the threshold through, suggestive ones included', async () => {
    const result = await engineWith(scores({ Porn: 0.4, Hentai: 0.29, Sexy: 0.31 })).check(image, {
      surface: 'upload',
      adult: false,
    });
    expect(result.verdict).toBe('allow');
    expect(result.categories).toEqual([]);
    expect(result.score).toBeCloseTo(0.69);
    expect(
      (await engineWith(scores({ Sexy: 1 })).check(image, { surface: 'upload', adult: false })).verdict,
    ).toBe('allow');
  });

  it('takes the configured threshold', async () => {
    const s = scores({ Porn: 0.8, Neutral: 0.2 });
    expect((await engineWith(s, 0.9).check(image, { surface: 'image', adult: false })).verdict).toBe('allow');
    expect((await engineWith(s, 0.5).check(image, { surface: 'image', adult: false })).verdict).toBe(
      'refuse',
    );
  });

  it('checks pictures only, and not for a caller who left', async () => {
    const engine = engineWith(scores({ Neutral: 1 }));
    await expect(
      engine.check({ kind: 'text', text: 'hi' }, { surface: 'chat', adult: false }),
    ).rejects.toMatchObject({
      kind: 'config',
    });
    await expect(
      engine.check(image, { surface: 'upload', adult: false, signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ kind: 'aborted' });
  });
});
