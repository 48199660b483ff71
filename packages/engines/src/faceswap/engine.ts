import sharp from 'sharp';
import { detectFaces, type DetectedFace } from './detector';
import {
  erode,
  matchColour,
  multiBandBlend,
  triangulate,
  warpFace,
  type RgbImage,
  type Region,
} from './swap';
import { NoFaceError, type FaceSwapEngine, type FaceSwapRequest, type FaceSwapResult } from './types';

const DETECT_MAX = 416;

/** The faces of a photo as the swap finds them: detection on a copy at most 416 px wide. */
export async function faces(image: RgbImage): Promise<DetectedFace[]> {
  const scale = Math.max(1, Math.max(image.width, image.height) / DETECT_MAX);
  if (scale === 1) return detectFaces(image, image, 1);
  const width = Math.round(image.width / scale);
  const height = Math.round(image.height / scale);
  const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(width, height)
    .raw()
    .toBuffer();
  return detectFaces(image, { data: new Uint8Array(data), width, height }, image.width / width);
}

/**
 * The embedded face swap: the largest face of each photo (or the one picked in the base) with
 * its 68 landmarks (face-api on TensorFlow.js WASM); the face photo warped onto the base face
 * through Delaunay triangles of the landmarks; its colour matched to the base skin; blended with
 * a multi-band (Laplacian pyramid) blend inside a slightly shrunk mask. The base keeps its size.
 */
export class LandmarkFaceSwapEngine implements FaceSwapEngine {
  readonly id = 'landmarks';

  async swap(request: FaceSwapRequest): Promise<FaceSwapResult> {
    const [baseFaces, faceFaces] = await Promise.all([faces(request.base), faces(request.face)]);
    const target = baseFaces[Math.min(request.baseFaceIndex ?? 0, baseFaces.length - 1)];
    if (!target) throw new NoFaceError('base');
    const source = faceFaces[0];
    if (!source) throw new NoFaceError('face');
    if (request.signal?.aborted) throw new Error('stopped');

    const { base } = request;
    const xs = target.landmarks.map((p) => p[0]);
    const ys = target.landmarks.map((p) => p[1]);
    const size = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
    const margin = Math.ceil(size * 0.25) + 8;
    const x0 = Math.max(0, Math.floor(Math.min(...xs)) - margin);
    const y0 = Math.max(0, Math.floor(Math.min(...ys)) - margin);
    const x1 = Math.min(base.width, Math.ceil(Math.max(...xs)) + margin);
    const y1 = Math.min(base.height, Math.ceil(Math.max(...ys)) + margin);
    const region: Region = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };

    const triangles = triangulate(target.landmarks);
    const warped = warpFace(request.face, source.landmarks, target.landmarks, triangles, region);
    const bottom = new Float32Array(region.width * region.height * 3);
    for (let y = 0; y < region.height; y++) {
      for (let x = 0; x < region.width; x++) {
        const src = ((y + region.y) * base.width + (x + region.x)) * 3;
        const dst = (y * region.width + x) * 3;
        bottom[dst] = base.data[src]!;
        bottom[dst + 1] = base.data[src + 1]!;
        bottom[dst + 2] = base.data[src + 2]!;
      }
    }
    matchColour(warped.pixels, bottom, warped.mask);
    const mask = erode(warped.mask, region.width, region.height, Math.max(2, Math.round(size * 0.03)));
    // Outside the mask the top layer is the base itself, so nothing outside the face changes.
    for (let i = 0; i < mask.length; i++) {
      if (warped.mask[i] === 0) {
        warped.pixels[i * 3] = bottom[i * 3]!;
        warped.pixels[i * 3 + 1] = bottom[i * 3 + 1]!;
        warped.pixels[i * 3 + 2] = bottom[i * 3 + 2]!;
      }
    }
    const levels = Math.max(2, Math.min(6, Math.floor(Math.log2(Math.min(region.width, region.height) / 8))));
    const blended = multiBandBlend(bottom, warped.pixels, mask, region.width, region.height, levels);
    const out = new Uint8Array(base.data);
    for (let y = 0; y < region.height; y++) {
      for (let x = 0; x < region.width; x++) {
        const dst = ((y + region.y) * base.width + (x + region.x)) * 3;
        const src = (y * region.width + x) * 3;
        for (let c = 0; c < 3; c++) out[dst + c] = Math.max(0, Math.min(255, Math.round(blended[src + c]!)));
      }
    }
    return {
      image: { data: out, width: base.width, height: base.height },
      baseFaces: baseFaces.map((f) => f.box),
    };
  }
}
