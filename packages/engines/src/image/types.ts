/**
 * The one interface every image engine implements (AUTOMATIC1111/Forge, ComfyUI,
 * OpenAI-compatible images, the offline preview renderer), so the image jobs run without
 * knowing which backend draws.
 */
export interface ImageRequest {
  prompt: string;
  negativePrompt: string;
  width: number;
  height: number;
  /** Images to make, 1 to 4. */
  count: number;
  /** Repeats a picture where the backend supports it. */
  seed: number;
  /** The quality tier: engines map it to a checkpoint, a workflow or a model name. */
  model: 'standard' | 'advanced';
  /** The job being cancelled or its worker stopping: the engine stops with 'aborted'. */
  signal?: AbortSignal;
  /** Limit on the whole generation unless the engine has its own (300 s by default). */
  timeoutMs?: number;
  /** Called with 0 to 1 as the backend reports progress. */
  onProgress?: (fraction: number) => void;
  /**
   * A picture of who to draw (a character's reference, issue 22), for an engine that takes one
   * (`takesReference`); the others draw from the prompt alone.
   */
  reference?: ReferenceImage | undefined;
}

export interface ReferenceImage {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
}

export interface GeneratedImage {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
}

export interface ImageEngine {
  readonly id: string;
  /** true for the offline preview renderer: the page and the file's metadata say so. */
  readonly preview: boolean;
  /**
   * Whether a request's `reference` reaches the model: A1111 (img2img, or IP-Adapter through
   * ControlNet), ComfyUI with a workflow that loads it. Otherwise (or unset) it is left out.
   */
  readonly takesReference?: boolean;
  /** Failures are thrown as EngineError. */
  generate(request: ImageRequest): Promise<GeneratedImage[]>;
}

export const IMAGE_TIMEOUT_MS = 300_000;
