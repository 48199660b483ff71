// Voice engines (issue 8), offline: eSpeak NG (WASM) speed against real time for each preset
// voice, and the basic voice conversion on a 60 s script. The engines' TypeScript is bundled
// on the fly with esbuild (the server's own bundler, see lib.mjs) and run here.
import { importBundled } from './lib.mjs';

const bundle = await importBundled(
  `export * from '@lumi/engines'; export { VOICES, voiceById } from '@lumi/contract';`,
);
const { EspeakEngine, decodeWav, convertVoice, voiceProfile, medianPitch, VOICES, voiceById } = bundle.module;

const TEXT =
  'The lighthouse keeper climbed the stairs every evening, counting the steps and watching the ships come home. ' +
  'She wrote their names in a blue book, and when the fog came in she rang the bell until the last boat was safe. ';
const espeak = new EspeakEngine();
const rows = [];
for (const voice of VOICES) {
  const text = TEXT.repeat(3);
  const t0 = performance.now();
  const { bytes } = await espeak.synthesize({ text, voice });
  const ms = performance.now() - t0;
  const { pcm, sampleRate } = decodeWav(bytes);
  const audio = pcm.length / sampleRate;
  rows.push({
    voice: voice.voice_id,
    audioSeconds: +audio.toFixed(1),
    ms: Math.round(ms),
    realTime: +(audio / (ms / 1000)).toFixed(1),
  });
}
rows.sort((a, b) => a.realTime - b.realTime);
console.log('eSpeak NG, one call per voice (x real time):');
console.table(rows);

// A 60 s script converted toward a 15 s reference.
const reference = decodeWav((await espeak.synthesize({ text: TEXT, voice: voiceById('gordon') })).bytes);
let script = new Float32Array(0);
while (script.length < 60 * reference.sampleRate) {
  const piece = decodeWav((await espeak.synthesize({ text: TEXT, voice: voiceById('daisy') })).bytes).pcm;
  const next = new Float32Array(script.length + piece.length);
  next.set(script);
  next.set(piece, script.length);
  script = next;
}
script = script.subarray(0, 60 * reference.sampleRate);
const sr = reference.sampleRate;
const ref = reference.pcm.subarray(0, 15 * sr);
const t0 = performance.now();
const converted = convertVoice(script, voiceProfile(ref, sr), sr);
const ms = performance.now() - t0;
console.log('voice conversion of a 60 s script:', {
  seconds: +(ms / 1000).toFixed(2),
  medianPitchHz: {
    reference: Math.round(medianPitch(ref, sr)),
    script: Math.round(medianPitch(script, sr)),
    converted: Math.round(medianPitch(converted, sr)),
  },
});
bundle.cleanup();
