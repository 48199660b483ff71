import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/**
 * A photo with one face: Eileen Collins, NASA, public domain (the picture Debian's
 * python3-skimage ships), kept by the engines' face swap tests.
 */
export const ASTRONAUT_PHOTO = path.join(
  import.meta.dirname,
  '../../../packages/engines/src/faceswap/fixtures/astronaut.png',
);

/** A picture of one colour in the format (PNG unless told): a stand-in for an upload. */
export function solidImage(
  width: number,
  height: number,
  background: string,
  format: 'png' | 'jpeg' | 'gif' = 'png',
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

/**
 * Every file a test app stored, public (`files/...`) and private (`private-files/...`), as paths
 * relative to its DATA_DIR, sorted; read from the disk, not through the code under test.
 */
export function storedFiles(dataDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.push(path.relative(dataDir, full));
    }
  };
  walk(path.join(dataDir, 'files'));
  walk(path.join(dataDir, 'private-files'));
  return found.sort();
}

/** Stored files whose path starts with one of the prefixes (`private-files/swap-inputs/`...). */
export function storedUnder(dataDir: string, ...prefixes: string[]): string[] {
  return storedFiles(dataDir).filter((f) => prefixes.some((p) => f.startsWith(p)));
}
