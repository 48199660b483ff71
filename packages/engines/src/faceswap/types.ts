import type { RgbImage } from './swap';

export interface FaceSwapRequest {
  base: RgbImage;
  face: RgbImage;
  /** Which face of the base photo to replace (largest first); the largest by default. */
  baseFaceIndex?: number;
  signal?: AbortSignal;
}

export interface FaceSwapResult {
  image: RgbImage;
  /** Faces found in the base photo (their boxes), so the page can let the user pick. */
  baseFaces: { x: number; y: number; width: number; height: number }[];
}

/** A face swap engine: the embedded landmark one, or later a remote service with the same shape. */
export interface FaceSwapEngine {
  readonly id: string;
  swap(request: FaceSwapRequest): Promise<FaceSwapResult>;
}

/** No face where one is needed: the job fails with this and the credits come back. */
export class NoFaceError extends Error {
  override name = 'NoFaceError';
  constructor(readonly which: 'base' | 'face') {
    super(`no face found in the ${which} photo`);
  }
}
