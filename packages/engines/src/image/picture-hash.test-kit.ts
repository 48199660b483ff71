import sharp from 'sharp';

/**
 * A 64-bit difference hash of a picture (a file or its bytes), grey: each bit says whether a pixel
 * of a 9x8 copy is brighter than its right neighbour. Tints and small edits keep it; another
 * picture changes about half of the bits. For the tests that hold pictures to being different.
 */
export async function dHash(picture: string | Buffer): Promise<bigint> {
  const px = await sharp(picture).greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
  let hash = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) hash = (hash << 1n) | (px[y * 9 + x]! > px[y * 9 + x + 1]! ? 1n : 0n);
  }
  return hash;
}

/** How many bits are set: of two hashes XORed, how many differ. */
export const bits = (n: bigint) => n.toString(2).replace(/0/g, '').length;
