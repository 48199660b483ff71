import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Starts a TensorFlow.js copy on its WebAssembly backend (tfjs-node cannot be installed here),
 * with the .wasm files of the installed @tensorflow/tfjs-backend-wasm: the face swap detector's
 * (face-api's own) and nsfwjs's.
 */
export async function startWasmBackend(
  tf: { setBackend(name: string): Promise<boolean>; ready(): Promise<void> },
  setWasmPaths: (prefix: string) => void,
): Promise<void> {
  setWasmPaths(
    `${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'))}/`,
  );
  if (!(await tf.setBackend('wasm'))) throw new Error('the TensorFlow.js WASM backend did not start');
  await tf.ready();
}
