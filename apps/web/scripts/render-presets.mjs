// Draws each image preset's sample tile with the offline preview renderer (the same pictures the
// preview engine makes) into public/presets/<id>.webp. Run once after presets change, from the
// repository root: npx tsx apps/web/scripts/render-presets.mjs
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_PRESETS } from '../../../packages/contract/src/images.ts';
import { previewSvg } from '../../../packages/engines/src/image/preview.ts';

const WIDTH = 256;
const HEIGHT = 320;
const SEED = 7;
const out = path.join(import.meta.dirname, '..', 'public', 'presets');
await fs.mkdir(out, { recursive: true });

let total = 0;
for (const preset of IMAGE_PRESETS) {
  const svg = previewSvg(`${preset.prefix}, ${preset.defaultPrompt}`, SEED, WIDTH, HEIGHT);
  const webp = await sharp(Buffer.from(svg)).webp({ quality: 70, effort: 6 }).toBuffer();
  await fs.writeFile(path.join(out, `${preset.id}.webp`), webp);
  total += webp.length;
}
console.log(`${IMAGE_PRESETS.length} presets, ${(total / 1024).toFixed(1)} KiB in ${out}`);
