// Makes the face swap page's sample photos (its "Random photo" button) from one public-domain
// portrait: Eileen Collins, NASA (the engines' test fixture). Reproducible; run from the
// repository root after changing it: node apps/web/scripts/render-faceswap-samples.mjs
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const SOURCE = path.join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'packages',
  'engines',
  'src',
  'faceswap',
  'fixtures',
  'astronaut.png',
);
const out = path.join(import.meta.dirname, '..', 'public', 'faceswap-samples');
const MAX = 768;
const jpeg = (image) => image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
// Never upscaled; no metadata is copied, so no EXIF orientation to think about.
const fit = (image) => image.resize(MAX, MAX, { fit: 'inside', withoutEnlargement: true });

const samples = {
  // The portrait as it is.
  'astronaut.jpg': () => fit(sharp(SOURCE)),
  // Mirrored, with warmer tones: the same face, but plainly another photo. (Some other warm
  // grades made the face detector see a large second "face" in the mirrored orange suit.)
  'astronaut-warm.jpg': () =>
    fit(
      sharp(SOURCE)
        .flop()
        .modulate({ hue: -8 })
        .recomb([
          [1.05, 0.03, 0],
          [0.01, 1, 0],
          [0, 0.01, 0.9],
        ]),
    ),
  // A tighter crop around the head, in black and white.
  'astronaut-mono.jpg': () =>
    sharp(SOURCE)
      .extract({ left: 112, top: 0, width: 288, height: 336 })
      .resize(360, 420, { kernel: 'lanczos3' })
      .grayscale()
      .linear(1.1, -8),
};

await fs.mkdir(out, { recursive: true });
for (const [name, make] of Object.entries(samples)) {
  const bytes = await jpeg(make());
  await fs.writeFile(path.join(out, name), bytes);
  const { width, height } = await sharp(bytes).metadata();
  console.log(`${name}: ${width}x${height}, ${(bytes.length / 1024).toFixed(1)} KiB`);
}
