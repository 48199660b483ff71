import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Tf from '@tensorflow/tfjs';
import type * as FaceApi from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import { startWasmBackend } from '../tf-wasm';
import type { Point, RgbImage } from './swap';

export interface DetectedFace {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  /** The 68 landmarks (jaw 0-16, brows 17-26, nose 27-35, eyes 36-47, mouth 48-67). */
  landmarks: Point[];
}

const require = createRequire(import.meta.url);
/**
 * face-api's Node WASM build, loaded as the CommonJS module it is: it brings its own TensorFlow.js
 * (`faceapi.tf`, with the WASM backend), so there is exactly one copy whatever imports it.
 */
const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as typeof FaceApi;
const tf = faceapi.tf as unknown as typeof Tf & { setWasmPaths(prefix: string): void };
let ready: Promise<void> | undefined;

/**
 * Loads TensorFlow.js on its WebAssembly backend (tfjs-node can't be installed here) and the
 * face-api models that ship inside the @vladmandic/face-api package: once per process.
 */
export function loadFaceModels(): Promise<void> {
  ready ??= (async () => {
    await startWasmBackend(tf, (prefix) => tf.setWasmPaths(prefix));
    const models = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await faceapi.nets.tinyFaceDetector.loadFromDisk(models);
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
  })();
  return ready;
}

/** Faces in a picture, largest first. Detection runs on a copy at most 416 px wide. */
export async function detectFaces(image: RgbImage, small: RgbImage, scale: number): Promise<DetectedFace[]> {
  await loadFaceModels();
  const tensor = tf.tensor3d(small.data, [small.height, small.width, 3], 'int32');
  try {
    // face-api types its input through tfjs types the linter cannot resolve from this build.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
    const input = tensor as unknown as Parameters<typeof faceapi.detectAllFaces>[0];
    // The tiny detector first (several times faster); the SSD one when it finds nothing.
    type Found = FaceApi.WithFaceLandmarks<{ detection: FaceApi.FaceDetection }, FaceApi.FaceLandmarks68>;
    let found: Found[] = await faceapi
      .detectAllFaces(input, new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.5 }))
      .withFaceLandmarks();
    if (found.length === 0) {
      found = await faceapi
        .detectAllFaces(input, new faceapi.SsdMobilenetv1Options({ minConfidence: 0.4 }))
        .withFaceLandmarks();
    }
    return found
      .map((f) => ({
        box: {
          x: f.detection.box.x * scale,
          y: f.detection.box.y * scale,
          width: f.detection.box.width * scale,
          height: f.detection.box.height * scale,
        },
        score: f.detection.score,
        landmarks: f.landmarks.positions.map((p): Point => [p.x * scale, p.y * scale]),
      }))
      .filter((f) => f.box.width > 8 && f.box.height > 8 && f.box.x < image.width && f.box.y < image.height)
      .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
  } finally {
    tensor.dispose();
  }
}
