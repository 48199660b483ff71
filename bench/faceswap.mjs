// Face swap (issue 9), the embedded engine: models loaded once, then swaps of a 1024 px base
// photo (NASA's public-domain astronaut portrait, upscaled) with a 640 px face photo made from
// it. Timed: detection of both faces, triangle warp, colour match and multi-band blend.
import path from 'node:path';
import sharp from 'sharp';
import { importBundled, percentile } from './lib.mjs';

const bundle = await importBundled(`export { LandmarkFaceSwapEngine, loadFaceModels } from '@lumi/engines';`);
const { LandmarkFaceSwapEngine, loadFaceModels } = bundle.module;
const photo = path.resolve(import.meta.dirname, '../packages/engines/src/faceswap/fixtures/astronaut.png');
const rgb = async (s) => {
  const { data, info } = await s.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
};
let t = performance.now();
await loadFaceModels();
const loadMs = performance.now() - t;
const base = await rgb(sharp(photo).resize(1024, 1024));
const face = await rgb(sharp(photo).flop().modulate({ hue: 30 }).resize(640, 640));
const engine = new LandmarkFaceSwapEngine();
await engine.swap({ base, face }); // warm-up
const times = [];
for (let i = 0; i < 10; i++) {
  t = performance.now();
  await engine.swap({ base, face });
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log('face swap, 1024 px base, models loaded once:', {
  modelLoadMs: Math.round(loadMs),
  p50Ms: Math.round(percentile(times, 50)),
  p95Ms: Math.round(percentile(times, 95)),
  runs: times.length,
});
bundle.cleanup();
