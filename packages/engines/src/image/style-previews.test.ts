import fs from 'node:fs';
import path from 'node:path';
import { IMAGE_PRESETS } from '@lumi/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bits, dHash } from './picture-hash.test-kit';
import { previewSvg } from './preview';
import { STYLE_PREVIEW_IDS, stylePreviewSvg } from './style-previews';

/** A 16x20 colour copy: layout and palette together. */
const small = (png: Buffer) => sharp(png).removeAlpha().resize(16, 20, { fit: 'fill' }).raw().toBuffer();

/** Mean absolute difference of two small copies, 0-255. */
function meanDifference(pa: Buffer, pb: Buffer): number {
  let sum = 0;
  for (let i = 0; i < pa.length; i++) sum += Math.abs(pa[i]! - pb[i]!);
  return sum / pa.length;
}

async function colourDistance(a: Buffer, b: Buffer): Promise<number> {
  return meanDifference(await small(a), await small(b));
}

const render = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

describe('style previews', () => {
  const pictures = new Map<string, Buffer>();
  beforeAll(async () => {
    for (const id of STYLE_PREVIEW_IDS) pictures.set(id, await render(stylePreviewSvg(id)!));
  });

  it('draw every anime, girl and tattoo style, and nothing else', () => {
    expect([...STYLE_PREVIEW_IDS].sort()).toEqual(IMAGE_PRESETS.map((p) => p.id).sort());
    expect(stylePreviewSvg('no-such-style')).toBeUndefined();
  });

  it('are each unlike every other (perceptual hash and colour layout)', async () => {
    const ids = [...pictures.keys()];
    const hashes = new Map<string, bigint>();
    const smalls = new Map<string, Buffer>();
    for (const id of ids) {
      hashes.set(id, await dHash(pictures.get(id)!));
      smalls.set(id, await small(pictures.get(id)!));
    }
    const tooClose: string[] = [];
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        const [a, b] = [ids[i]!, ids[j]!];
        const hamming = bits(hashes.get(a)! ^ hashes.get(b)!);
        const colour = meanDifference(smalls.get(a)!, smalls.get(b)!);
        // The closest pair of the drawings as made: 17 bits, colour 24.
        if (hamming < 10 || colour < 18)
          tooClose.push(`${a} / ${b}: ${hamming} bits, colour ${colour.toFixed(1)}`);
      }
    }
    expect(tooClose).toEqual([]);
  });

  it('are not the generic landscape the preview engine draws for any prompt', async () => {
    const preset = IMAGE_PRESETS.find((p) => p.id === 'anime-mecha')!;
    const generic = await render(previewSvg(`${preset.prefix}, ${preset.defaultPrompt}`, 7, 256, 320));
    expect(await colourDistance(generic, pictures.get('anime-mecha')!)).toBeGreaterThan(18);
  });

  it('the shipped tiles (apps/web/public/presets) are these drawings', async () => {
    const dir = path.join(import.meta.dirname, '..', '..', '..', '..', 'apps', 'web', 'public', 'presets');
    for (const id of STYLE_PREVIEW_IDS) {
      const tile = fs.readFileSync(path.join(dir, `${id}.webp`));
      const png = await sharp(tile).png().toBuffer();
      // WEBP at quality 70 moves pixels a little; another picture moves them a lot.
      expect(await colourDistance(png, pictures.get(id)!), id).toBeLessThan(6);
    }
  });

  it('keep the line weight of the tattoo styles apart: fine line is thin, blackwork is solid', async () => {
    const darkShare = async (id: string) => {
      const px = await sharp(pictures.get(id)).greyscale().raw().toBuffer();
      return px.filter((v) => v < 80).length / px.length;
    };
    expect(await darkShare('tattoo-fineline')).toBeLessThan(0.03);
    expect(await darkShare('tattoo-minimal')).toBeLessThan(0.02);
    expect(await darkShare('tattoo-blackwork')).toBeGreaterThan(0.2);
  });
});
