import Delaunator from 'delaunator';

/** An RGB picture, 3 bytes a pixel, row by row. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export type Point = [number, number];

/** Triangles (index triples) over the base face's landmarks, used on both faces. */
export function triangulate(points: readonly Point[]): [number, number, number][] {
  const d = Delaunator.from(points as Point[]);
  const out: [number, number, number][] = [];
  for (let i = 0; i < d.triangles.length; i += 3)
    out.push([d.triangles[i]!, d.triangles[i + 1]!, d.triangles[i + 2]!]);
  return out;
}

function sample(img: RgbImage, x: number, y: number, out: Float32Array, o: number): void {
  const x0 = Math.max(0, Math.min(img.width - 1, Math.floor(x)));
  const y0 = Math.max(0, Math.min(img.height - 1, Math.floor(y)));
  const x1 = Math.min(img.width - 1, x0 + 1);
  const y1 = Math.min(img.height - 1, y0 + 1);
  const fx = Math.max(0, Math.min(1, x - x0));
  const fy = Math.max(0, Math.min(1, y - y0));
  for (let c = 0; c < 3; c++) {
    const a = img.data[(y0 * img.width + x0) * 3 + c]!;
    const b = img.data[(y0 * img.width + x1) * 3 + c]!;
    const d = img.data[(y1 * img.width + x0) * 3 + c]!;
    const e = img.data[(y1 * img.width + x1) * 3 + c]!;
    out[o + c] = (a * (1 - fx) + b * fx) * (1 - fy) + (d * (1 - fx) + e * fx) * fy;
  }
}

/** A region of the base picture: where the face goes, with a margin for blending. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Warps the face picture onto the base's geometry, triangle by triangle (an affine map each),
 * inside `region` of the base. Answers the warped pixels (float RGB) and the mask (1 inside).
 */
export function warpFace(
  face: RgbImage,
  facePoints: readonly Point[],
  basePoints: readonly Point[],
  triangles: readonly [number, number, number][],
  region: Region,
): { pixels: Float32Array; mask: Float32Array } {
  const pixels = new Float32Array(region.width * region.height * 3);
  const mask = new Float32Array(region.width * region.height);
  for (const [i, j, k] of triangles) {
    const [ax, ay] = basePoints[i]!;
    const [bx, by] = basePoints[j]!;
    const [cx, cy] = basePoints[k]!;
    const det = (by - cy) * (ax - cx) + (cx - bx) * (ay - cy);
    if (Math.abs(det) < 1e-6) continue;
    const [fa, fb, fc] = [facePoints[i]!, facePoints[j]!, facePoints[k]!];
    const minX = Math.max(region.x, Math.floor(Math.min(ax, bx, cx)));
    const maxX = Math.min(region.x + region.width - 1, Math.ceil(Math.max(ax, bx, cx)));
    const minY = Math.max(region.y, Math.floor(Math.min(ay, by, cy)));
    const maxY = Math.min(region.y + region.height - 1, Math.ceil(Math.max(ay, by, cy)));
    for (let y = minY; y <= maxY; y++) {
      for (let x = minX; x <= maxX; x++) {
        const px = x + 0.5;
        const py = y + 0.5;
        const l1 = ((by - cy) * (px - cx) + (cx - bx) * (py - cy)) / det;
        const l2 = ((cy - ay) * (px - cx) + (ax - cx) * (py - cy)) / det;
        const l3 = 1 - l1 - l2;
        if (l1 < -0.001 || l2 < -0.001 || l3 < -0.001) continue;
        const sx = l1 * fa[0] + l2 * fb[0] + l3 * fc[0];
        const sy = l1 * fa[1] + l2 * fb[1] + l3 * fc[1];
        const o = (y - region.y) * region.width + (x - region.x);
        sample(face, sx - 0.5, sy - 0.5, pixels, o * 3);
        mask[o] = 1;
      }
    }
  }
  return { pixels, mask };
}

/**
 * Brings the warped face's colour to the base skin's: per channel, the mean and spread inside
 * the mask moved to the base's (spread ratio kept between 0.5 and 2).
 */
export function matchColour(pixels: Float32Array, base: Float32Array, mask: Float32Array): void {
  for (let c = 0; c < 3; c++) {
    let n = 0;
    let sw = 0;
    let sb = 0;
    for (let i = 0; i < mask.length; i++) {
      if (mask[i]! < 0.99) continue;
      n++;
      sw += pixels[i * 3 + c]!;
      sb += base[i * 3 + c]!;
    }
    if (n === 0) return;
    const mw = sw / n;
    const mb = sb / n;
    let vw = 0;
    let vb = 0;
    for (let i = 0; i < mask.length; i++) {
      if (mask[i]! < 0.99) continue;
      vw += (pixels[i * 3 + c]! - mw) ** 2;
      vb += (base[i * 3 + c]! - mb) ** 2;
    }
    // The mean moves all the way to the skin's; the spread half-way (in log), so the face keeps
    // some of its own contrast.
    const ratio = Math.sqrt(
      Math.min(2, Math.max(0.5, Math.sqrt(vb / n) / Math.max(1e-3, Math.sqrt(vw / n)))),
    );
    for (let i = 0; i < mask.length; i++) {
      if (mask[i]! > 0) pixels[i * 3 + c] = (pixels[i * 3 + c]! - mw) * ratio + mb;
    }
  }
}

/** Shrinks the mask by `r` pixels (so the seam sits inside the face, away from its edge). */
export function erode(mask: Float32Array, width: number, height: number, r: number): Float32Array {
  let cur = mask;
  for (let step = 0; step < r; step++) {
    const next = new Float32Array(cur.length);
    for (let y = 1; y < height - 1; y++) {
      for (let x = 1; x < width - 1; x++) {
        const i = y * width + x;
        next[i] = Math.min(cur[i]!, cur[i - 1]!, cur[i + 1]!, cur[i - width]!, cur[i + width]!);
      }
    }
    cur = next;
  }
  return cur;
}

// Pyramids for multi-band blending: a 5-tap binomial filter, down and up by two.
const K = [1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16];

function blur(src: Float32Array, w: number, h: number, ch: number): Float32Array {
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      for (let c = 0; c < ch; c++) {
        let s = 0;
        for (let k = -2; k <= 2; k++)
          s += K[k + 2]! * src[(y * w + Math.min(w - 1, Math.max(0, x + k))) * ch + c]!;
        tmp[(y * w + x) * ch + c] = s;
      }
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      for (let c = 0; c < ch; c++) {
        let s = 0;
        for (let k = -2; k <= 2; k++)
          s += K[k + 2]! * tmp[(Math.min(h - 1, Math.max(0, y + k)) * w + x) * ch + c]!;
        out[(y * w + x) * ch + c] = s;
      }
    }
  }
  return out;
}

function down(src: Float32Array, w: number, h: number, ch: number) {
  const b = blur(src, w, h, ch);
  const nw = Math.ceil(w / 2);
  const nh = Math.ceil(h / 2);
  const out = new Float32Array(nw * nh * ch);
  for (let y = 0; y < nh; y++) {
    for (let x = 0; x < nw; x++) {
      for (let c = 0; c < ch; c++)
        out[(y * nw + x) * ch + c] = b[(Math.min(h - 1, y * 2) * w + Math.min(w - 1, x * 2)) * ch + c]!;
    }
  }
  return { data: out, w: nw, h: nh };
}

function up(src: Float32Array, w: number, h: number, tw: number, th: number, ch: number): Float32Array {
  const out = new Float32Array(tw * th * ch);
  for (let y = 0; y < th; y++) {
    for (let x = 0; x < tw; x++) {
      const sx = Math.min(w - 1, (x + 0.5) / 2 - 0.5 < 0 ? 0 : (x + 0.5) / 2 - 0.5);
      const sy = Math.min(h - 1, (y + 0.5) / 2 - 0.5 < 0 ? 0 : (y + 0.5) / 2 - 0.5);
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = Math.min(w - 1, x0 + 1);
      const y1 = Math.min(h - 1, y0 + 1);
      const fx = sx - x0;
      const fy = sy - y0;
      for (let c = 0; c < ch; c++) {
        const v =
          (src[(y0 * w + x0) * ch + c]! * (1 - fx) + src[(y0 * w + x1) * ch + c]! * fx) * (1 - fy) +
          (src[(y1 * w + x0) * ch + c]! * (1 - fx) + src[(y1 * w + x1) * ch + c]! * fx) * fy;
        out[(y * tw + x) * ch + c] = v;
      }
    }
  }
  return out;
}

/**
 * Multi-band (Laplacian pyramid) blending of `top` into `bottom` through `mask`: each band of
 * detail is mixed with a mask blurred to that band's scale, so there is no visible seam and the
 * face keeps its fine detail.
 */
export function multiBandBlend(
  bottom: Float32Array,
  top: Float32Array,
  mask: Float32Array,
  width: number,
  height: number,
  levels = 5,
): Float32Array {
  const lapA: Float32Array[] = [];
  const lapB: Float32Array[] = [];
  const masks: Float32Array[] = [];
  const sizes: [number, number][] = [];
  let a = bottom;
  let b = top;
  let m = mask;
  let w = width;
  let h = height;
  for (let l = 0; l < levels; l++) {
    sizes.push([w, h]);
    masks.push(blur(m, w, h, 1));
    if (l === levels - 1 || w < 8 || h < 8) {
      lapA.push(a);
      lapB.push(b);
      break;
    }
    const da = down(a, w, h, 3);
    const db = down(b, w, h, 3);
    const dm = down(m, w, h, 1);
    const ua = up(da.data, da.w, da.h, w, h, 3);
    const ub = up(db.data, db.w, db.h, w, h, 3);
    lapA.push(a.map((v, i) => v - ua[i]!));
    lapB.push(b.map((v, i) => v - ub[i]!));
    a = da.data;
    b = db.data;
    m = dm.data;
    w = da.w;
    h = da.h;
  }
  let result: Float32Array | undefined;
  for (let l = lapA.length - 1; l >= 0; l--) {
    const [lw, lh] = sizes[l]!;
    const mk = masks[l]!;
    const level = new Float32Array(lw * lh * 3);
    for (let i = 0; i < lw * lh; i++) {
      for (let c = 0; c < 3; c++)
        level[i * 3 + c] = lapA[l]![i * 3 + c]! * (1 - mk[i]!) + lapB[l]![i * 3 + c]! * mk[i]!;
    }
    if (result) {
      const [pw, ph] = sizes[l + 1]!;
      const upper = up(result, pw, ph, lw, lh, 3);
      for (let i = 0; i < level.length; i++) level[i]! += upper[i]!;
    }
    result = level;
  }
  return result ?? bottom;
}
