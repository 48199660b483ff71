import { createRequire } from 'node:module';
import type * as Tf from '@tensorflow/tfjs';
import type { NSFWJS } from 'nsfwjs/core';
import sharp from 'sharp';
import { EngineError } from '../errors';
import { startWasmBackend } from '../tf-wasm';
import type { ModerationContext, ModerationEngine, ModerationInput, ModerationResult } from './types';

/** The five classes of the nsfwjs models, each with its probability (they sum to 1). */
export type NsfwClass = 'Drawing' | 'Hentai' | 'Neutral' | 'Porn' | 'Sexy';
export type NsfwScores = Record<NsfwClass, number>;
export const NSFW_CLASSES: readonly NsfwClass[] = ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy'];

/** Porn + Hentai from which a picture counts as explicit. */
export const NSFW_THRESHOLD = 0.7;
/** The input side of nsfwjs's bundled MobileNetV2 model. */
const SIZE = 224;

const require = createRequire(import.meta.url);
/**
 * The same TensorFlow.js module the face swap detector and nsfwjs itself load (require's cache
 * makes it one copy), on its WebAssembly backend: tfjs-node cannot be installed here.
 */
const tf = require('@tensorflow/tfjs') as typeof Tf;
const tfWasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(prefix: string): void };

let model: Promise<NSFWJS> | undefined;

/**
 * nsfwjs's MobileNetV2 (224 px, about 90 % accurate by its authors' figures), from the weights
 * bundled inside the npm package, given to TensorFlow.js from memory: nothing is fetched, ever.
 * Loaded once per process, on first use; every caller waits for the same load.
 */
export function loadNsfwModel(): Promise<NSFWJS> {
  model ??= (async () => {
    await startWasmBackend(tf, (prefix) => tfWasm.setWasmPaths(prefix));
    const { NSFWJS } = await import('nsfwjs/core');
    const { MobileNetV2Model } = await import('nsfwjs/models/mobilenet_v2');
    const json = (await MobileNetV2Model.modelJson()).default;
    // The package keeps each weight shard as base64 in a JS module named after the shard.
    const shards = await Promise.all(
      MobileNetV2Model.weightBundles.map(async (load) => (await load()).default),
    );
    const names = (json.weightsManifest ?? []).flatMap((group) => group.paths);
    if (names.length !== shards.length) throw new Error('nsfwjs: the bundled weights do not match the model');
    const weightData = Buffer.concat(shards.map((b64) => Buffer.from(b64, 'base64')));
    const handler = tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: (json.weightsManifest ?? []).flatMap((group) => group.weights),
      weightData: weightData.buffer.slice(
        weightData.byteOffset,
        weightData.byteOffset + weightData.byteLength,
      ),
    });
    const net = new NSFWJS(handler, { size: SIZE });
    await net.load();
    return net;
  })();
  // A failed load is tried again by the next picture, not remembered forever.
  model.catch(() => (model = undefined));
  return model;
}

/** The picture as the model's input: 224×224 RGB, transparency on white, EXIF rotation applied. */
async function pixels(image: Uint8Array): Promise<Int32Array> {
  try {
    const { data, info } = await sharp(image)
      .rotate()
      .resize(SIZE, SIZE, { fit: 'fill' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`${info.channels} channels`);
    return Int32Array.from(data);
  } catch (err) {
    throw new EngineError('rejected', 'nsfwjs: not a picture it can read', { cause: err });
  }
}

/** The class probabilities of one picture (PNG, JPEG, WEBP, GIF, AVIF, TIFF: what sharp reads). */
export async function classifyNsfw(image: Uint8Array): Promise<NsfwScores> {
  const [net, input] = await Promise.all([loadNsfwModel(), pixels(image)]);
  const tensor = tf.tensor3d(input, [SIZE, SIZE, 3], 'int32');
  try {
    const predictions = await net.classify(tensor, NSFW_CLASSES.length);
    const scores: NsfwScores = { Drawing: 0, Hentai: 0, Neutral: 0, Porn: 0, Sexy: 0 };
    for (const p of predictions) scores[p.className] = p.probability;
    return scores;
  } finally {
    tensor.dispose();
  }
}

/**
 * The verdict for a picture's scores: explicit (Porn + Hentai at or over the threshold) is
 * refused where adult content is off and allowed, marked `sexual`, where it is on. Suggestive
 * (`Sexy`) pictures are not explicit and pass.
 */
export function nsfwVerdict(
  scores: NsfwScores,
  context: Pick<ModerationContext, 'adult'>,
  threshold = NSFW_THRESHOLD,
  engine = 'nsfwjs',
): ModerationResult {
  const score = scores.Porn + scores.Hentai;
  if (score < threshold) return { verdict: 'allow', categories: [], score, engine };
  return { verdict: context.adult ? 'allow' : 'refuse', categories: ['sexual'], score, engine };
}

export interface NsfwImageOptions {
  /** Porn + Hentai from which a picture is explicit (NSFW_THRESHOLD by default). */
  threshold?: number;
  /** The classifier; the bundled nsfwjs model by default (a test gives its own scores). */
  classify?: (image: Uint8Array) => Promise<NsfwScores>;
}

/** The offline NSFW image classifier: nsfwjs on TensorFlow.js WASM, about 60 ms a picture. */
export class NsfwImageEngine implements ModerationEngine {
  readonly id = 'nsfwjs';
  readonly accepts = ['image'] as const;

  constructor(private readonly options: NsfwImageOptions = {}) {}

  async check(input: ModerationInput, context: ModerationContext): Promise<ModerationResult> {
    if (input.kind !== 'image') throw new EngineError('config', 'nsfwjs: checks pictures only');
    if (context.signal?.aborted) throw new EngineError('aborted', 'nsfwjs: stopped');
    const scores = await (this.options.classify ?? classifyNsfw)(input.image);
    return nsfwVerdict(scores, context, this.options.threshold ?? NSFW_THRESHOLD, this.id);
  }
}
