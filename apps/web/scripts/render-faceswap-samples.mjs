// Makes the face swap page's sample photos (its "Random photo" button): seven public-domain
// portraits, each cropped to one face, at most 512 px, JPEG. Sources, authors and licences:
// apps/web/public/faceswap-samples/README.md and docs/assets.md.
//
// The astronaut comes from the engines' test fixture. The six paintings are reproductions of
// public-domain works as copied in github.com/JovanMilenkovic/FaceSwapTemplates (commit
// ad7edcc2b82367a12c7f553a0773e98cf6759a61, images/); put those originals in a folder and run,
// from the repository root:
//   node apps/web/scripts/render-faceswap-samples.mjs /path/to/originals
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const originals = process.argv[2];
if (!originals) {
  console.error('usage: node apps/web/scripts/render-faceswap-samples.mjs <folder of the originals>');
  process.exit(2);
}
const root = path.join(import.meta.dirname, '..', '..', '..');
const FIXTURE = path.join(root, 'packages', 'engines', 'src', 'faceswap', 'fixtures', 'astronaut.png');
const out = path.join(import.meta.dirname, '..', 'public', 'faceswap-samples');
const MAX = 512;

/** Output name: source file and the crop (in the original's pixels) that holds exactly one face. */
const samples = {
  'astronaut.jpg': { file: FIXTURE },
  'mona-lisa.jpg': { file: 'mona_lisa.jpg', crop: { left: 170, top: 120, width: 1020, height: 1275 } },
  'pearl-earring.jpg': {
    file: 'Girl_with_a_Pearl_Earring.jpg',
    crop: { left: 0, top: 160, width: 1730, height: 1730 },
  },
  'castiglione.jpg': {
    file: 'Baldassare_Castiglione.jpg',
    crop: { left: 0, top: 0, width: 1280, height: 1280 },
  },
  'vigee-le-brun.jpg': {
    file: 'Self-portrait_in_a_Straw_Hat.jpg',
    crop: { left: 120, top: 180, width: 1200, height: 1500 },
  },
  'klimt-adele.jpg': { file: 'Gustav_Klimt.jpg', crop: { left: 560, top: 0, width: 600, height: 750 } },
  // The farmer only: the painting has two faces.
  'american-gothic.jpg': {
    file: 'American_Gothic.jpg',
    crop: { left: 760, top: 150, width: 860, height: 1075 },
  },
};

await fs.mkdir(out, { recursive: true });
for (const [name, { file, crop }] of Object.entries(samples)) {
  let image = sharp(path.isAbsolute(file) ? file : path.join(originals, file));
  if (crop) image = image.extract(crop);
  // Never upscaled; no metadata is copied, so no EXIF orientation to think about.
  const bytes = await image
    .resize(MAX, MAX, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  await fs.writeFile(path.join(out, name), bytes);
  const { width, height } = await sharp(bytes).metadata();
  console.log(`${name}: ${width}x${height}, ${(bytes.length / 1024).toFixed(1)} KiB`);
}
