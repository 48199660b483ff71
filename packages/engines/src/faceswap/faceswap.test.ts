import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { detectFaces, loadFaceModels } from './detector';
import { LandmarkFaceSwapEngine } from './engine';
import type { RgbImage } from './swap';
import { NoFaceError } from './types';

/**
 * astronaut.png: Eileen Collins, NASA, public domain; shipped by Debian's python3-skimage and
 * copied here. The second face is made from it reproducibly: mirrored, hue turned, with harsh
 * contrast, on a bigger canvas, so its pixels are unlike the base's where it lands.
 */
const ASTRONAUT = path.join(import.meta.dirname, 'fixtures', 'astronaut.png');

async function rgb(input: ReturnType<typeof sharp>): Promise<RgbImage> {
  const { data, info } = await input.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

async function stripedFace(): Promise<RgbImage> {
  // Harsh contrast and sharpening: the same person, but a photo with far more contrast.
  const face = await sharp(ASTRONAUT)
    .flop()
    .modulate({ hue: 40 })
    .linear(2.2, -140)
    .sharpen({ sigma: 2 })
    .png()
    .toBuffer();
  return rgb(
    sharp(face).resize(640, 640).extend({ top: 80, left: 40, right: 120, bottom: 0, background: '#334' }),
  );
}

/** Luminance spread inside a box: the stripes raise it. */
function spread(img: RgbImage, box: { x: number; y: number; width: number; height: number }): number {
  const values: number[] = [];
  for (let y = Math.round(box.y); y < box.y + box.height; y++) {
    for (let x = Math.round(box.x); x < box.x + box.width; x++) {
      const i = (y * img.width + x) * 3;
      values.push(0.299 * img.data[i]! + 0.587 * img.data[i + 1]! + 0.114 * img.data[i + 2]!);
    }
  }
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
}

describe('landmark face swap', () => {
  let base: RgbImage;
  let face: RgbImage;
  beforeAll(async () => {
    await loadFaceModels();
    base = await rgb(sharp(ASTRONAUT));
    face = await stripedFace();
  });

  it('finds the face and 68 landmarks in a sane layout', async () => {
    const [found] = await detectFaces(base, base, 1);
    expect(found?.landmarks).toHaveLength(68);
    const [jawLeft, , , , , , , , chin] = found!.landmarks;
    const leftEye = found!.landmarks[36]!;
    const rightEye = found!.landmarks[45]!;
    const mouth = found!.landmarks[62]!;
    // Eyes above the mouth, the mouth above the chin, left eye left of the right one.
    expect(leftEye[1]).toBeLessThan(mouth[1]);
    expect(mouth[1]).toBeLessThan(chin![1]);
    expect(leftEye[0]).toBeLessThan(rightEye[0]);
    expect(jawLeft![0]).toBeLessThan(leftEye[0]);
    // The landmarks sit inside the detected box (with a little slack).
    const { x, y, width, height } = found!.box;
    for (const [px, py] of found!.landmarks) {
      expect(px).toBeGreaterThan(x - width * 0.2);
      expect(px).toBeLessThan(x + width * 1.2);
      expect(py).toBeGreaterThan(y - height * 0.3);
      expect(py).toBeLessThan(y + height * 1.2);
    }
  });

  it('puts the face photo onto the base face: same size, the face region changed toward the face photo, the rest untouched', async () => {
    const engine = new LandmarkFaceSwapEngine();
    const { image, baseFaces } = await engine.swap({ base, face });
    expect([image.width, image.height]).toEqual([base.width, base.height]);
    const box = baseFaces[0]!;
    const inner = {
      x: box.x + box.width * 0.3,
      y: box.y + box.height * 0.35,
      width: box.width * 0.4,
      height: box.height * 0.3,
    };
    const [faceBox] = (await detectFaces(face, face, 1)).map((f) => f.box);
    const faceInner = {
      x: faceBox!.x + faceBox!.width * 0.3,
      y: faceBox!.y + faceBox!.height * 0.35,
      width: faceBox!.width * 0.4,
      height: faceBox!.height * 0.3,
    };
    const before = spread(base, inner);
    const after = spread(image, inner);
    const target = spread(face, faceInner);
    expect(target).toBeGreaterThan(before);
    expect(after - before).toBeGreaterThan(0.3 * (target - before));
    // The swapped face is still a face, where the base's was.
    const [again] = await detectFaces(image, image, 1);
    expect(Math.abs(again!.box.x - box.x)).toBeLessThan(box.width * 0.25);
    // Far from the face, nothing changed.
    for (const [x, y] of [
      [5, 5],
      [500, 500],
      [10, 480],
    ]) {
      const i = (y! * base.width + x!) * 3;
      expect([...image.data.subarray(i, i + 3)]).toEqual([...base.data.subarray(i, i + 3)]);
    }
  });

  it('with several faces, swaps the one asked for and reports them all, largest first', async () => {
    const small = await sharp(ASTRONAUT).resize(420, 420).png().toBuffer();
    const group = await rgb(
      sharp({ create: { width: 940, height: 520, channels: 3, background: '#dde' } }).composite([
        { input: await sharp(ASTRONAUT).png().toBuffer(), left: 0, top: 0 },
        { input: small, left: 520, top: 100 },
      ]),
    );
    const engine = new LandmarkFaceSwapEngine();
    const { image, baseFaces } = await engine.swap({ base: group, face, baseFaceIndex: 1 });
    expect(baseFaces).toHaveLength(2);
    expect(baseFaces[0]!.width).toBeGreaterThan(baseFaces[1]!.width);
    expect(baseFaces[1]!.x).toBeGreaterThan(520);
    // The large face (left) is untouched; the small one (right) changed.
    const changed = (box: { x: number; y: number; width: number; height: number }) => {
      let diff = 0;
      for (let y = Math.round(box.y + box.height * 0.4); y < box.y + box.height * 0.6; y++) {
        for (let x = Math.round(box.x + box.width * 0.3); x < box.x + box.width * 0.7; x++) {
          const i = (y * group.width + x) * 3;
          diff += Math.abs(image.data[i]! - group.data[i]!);
        }
      }
      return diff;
    };
    expect(changed(baseFaces[0]!)).toBe(0);
    expect(changed(baseFaces[1]!)).toBeGreaterThan(0);
  });

  it('says which photo has no face', async () => {
    const engine = new LandmarkFaceSwapEngine();
    const plain = await rgb(sharp({ create: { width: 400, height: 300, channels: 3, background: '#8a9' } }));
    await expect(engine.swap({ base: plain, face })).rejects.toEqual(new NoFaceError('base'));
    await expect(engine.swap({ base, face: plain })).rejects.toEqual(new NoFaceError('face'));
  });
});
