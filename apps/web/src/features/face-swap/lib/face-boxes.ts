/** A face found in the base photo, in its pixels (the status's `faces`, largest first). */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const percent = (part: number, whole: number) =>
  `${(Math.min(Math.max(part / whole, 0), 1) * 100).toFixed(3)}%`;

/**
 * Where a face's box sits over the photo shown at any size, in percent of the photo. Physical
 * left and top: a photo is not mirrored in right-to-left pages, so its faces are not either.
 */
export function boxPosition(
  box: FaceBox,
  photo: { width: number; height: number },
): { left: string; top: string; width: string; height: string } {
  const x = Math.max(0, box.x);
  const y = Math.max(0, box.y);
  const right = Math.min(photo.width, box.x + box.width);
  const bottom = Math.min(photo.height, box.y + box.height);
  return {
    left: percent(x, photo.width),
    top: percent(y, photo.height),
    width: percent(Math.max(0, right - x), photo.width),
    height: percent(Math.max(0, bottom - y), photo.height),
  };
}

/** The faces to offer: a choice only makes sense with more than one. */
export const choosableFaces = (faces: readonly FaceBox[] | undefined): readonly FaceBox[] =>
  faces && faces.length > 1 ? faces : [];
