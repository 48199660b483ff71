// Draws each image preset's sample tile, its style's own drawing by the offline renderer
// (packages/engines/src/image/style-previews.ts), into public/presets/<id>.webp. Run after a
// preset or a drawing changes, from the repository root: npx tsx apps/web/scripts/render-presets.mjs
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_PRESETS } from '../../../packages/contract/src/images.ts';
import { stylePreviewSvg } from '../../../packages/engines/src/image/style-previews.ts';

const WIDTH = 256;
const HEIGHT = 320;
const out = path.join(import.meta.dirname, '..', 'public', 'presets');
await fs.mkdir(out, { recursive: true });

let total = 0;
for (const preset of IMAGE_PRESETS) {
  const svg = stylePreviewSvg(preset.id, WIDTH, HEIGHT);
  if (!svg) throw new Error(`no drawing for the style ${preset.id}`);
  const webp = await sharp(Buffer.from(svg)).webp({ quality: 70, effort: 6 }).toBuffer();
  await fs.writeFile(path.join(out, `${preset.id}.webp`), webp);
  total += webp.length;
}
console.log(`${IMAGE_PRESETS.length} presets, ${(total / 1024).toFixed(1)} KiB in ${out}`);
