import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFaceModels } from './detector';
import { faces } from './engine';
import { bits, dHash } from '../image/picture-hash.test-kit';
import type { RgbImage } from './swap';

/**
 * The face swap page's "Random photo" pool (apps/web/public/faceswap-samples): each photo must
 * work as either side of a swap, so the swap's own detection finds exactly one face in it, and the
 * photos must be different pictures, not one portrait in several tints.
 */
const DIR = path.join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  '..',
  'apps',
  'web',
  'public',
  'faceswap-samples',
);
const photos = fs
  .readdirSync(DIR)
  .filter((f) => /\.(jpe?g|png|webp)$/i.test(f))
  .sort();

async function rgb(file: string): Promise<RgbImage> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

/** Colour-blind: the mean absolute grey difference of 32x32 copies, 0-255. */
async function greyDistance(a: string, b: string): Promise<number> {
  const grey = (f: string) => sharp(f).greyscale().resize(32, 32, { fit: 'fill' }).raw().toBuffer();
  const [pa, pb] = await Promise.all([grey(a), grey(b)]);
  let sum = 0;
  for (let i = 0; i < pa.length; i++) sum += Math.abs(pa[i]! - pb[i]!);
  return sum / pa.length;
}

describe('face swap sample photos', () => {
  beforeAll(() => loadFaceModels(), 60_000);

  it('are at least six, small and at most 512 px', async () => {
    expect(photos.length).toBeGreaterThanOrEqual(6);
    for (const photo of photos) {
      const file = path.join(DIR, photo);
      expect(fs.statSync(file).size, photo).toBeLessThan(80 * 1024);
      const { width = 0, height = 0 } = await sharp(file).metadata();
      expect(Math.max(width, height), photo).toBeLessThanOrEqual(512);
    }
  });

  it('each hold exactly one face for the swap', async () => {
    for (const photo of photos) {
      const found = await faces(await rgb(path.join(DIR, photo)));
      expect(found.length, photo).toBe(1);
      expect(found[0]!.landmarks, photo).toHaveLength(68);
    }
  }, 120_000);

  it('are pairwise different pictures, not tints of one', async () => {
    const hashes = await Promise.all(photos.map((p) => dHash(path.join(DIR, p))));
    for (let i = 0; i < photos.length; i++) {
      for (let j = i + 1; j < photos.length; j++) {
        const pair = `${photos[i]} / ${photos[j]}`;
        expect(bits(hashes[i]! ^ hashes[j]!), pair).toBeGreaterThanOrEqual(12);
        expect(
          await greyDistance(path.join(DIR, photos[i]!), path.join(DIR, photos[j]!)),
          pair,
        ).toBeGreaterThan(20);
      }
    }
  });

  it('would catch a tinted copy of one portrait', async () => {
    const original = path.join(DIR, photos[0]!);
    const tinted = await sharp(original).modulate({ hue: 40, brightness: 1.1 }).jpeg().toBuffer();
    const copy = path.join(import.meta.dirname, '.tinted-sample.jpg');
    fs.writeFileSync(copy, tinted);
    try {
      expect(bits((await dHash(original)) ^ (await dHash(copy)))).toBeLessThan(12);
      expect(await greyDistance(original, copy)).toBeLessThan(20);
    } finally {
      fs.rmSync(copy);
    }
  });
});
