import { EngineError } from '../errors';
import { deadline, kindForStatus, sniffImage } from './http';
import { IMAGE_TIMEOUT_MS, type GeneratedImage, type ImageEngine, type ImageRequest } from './types';

/** What every engine on an image server is given: where it is, and its own time limit. */
export interface RemoteImageOptions {
  baseUrl: string;
  timeoutMs?: number;
}

/**
 * An image engine on a server of its own (AUTOMATIC1111, ComfyUI, OpenAI-compatible): each
 * generation runs within the request's time limit (else the engine's, else IMAGE_TIMEOUT_MS) and
 * the caller's signal, and whatever it throws comes out as the EngineError it means, so that the
 * engines differ only in how they ask.
 */
export abstract class RemoteImageEngine<O extends RemoteImageOptions> implements ImageEngine {
  abstract readonly id: string;
  readonly preview = false;
  /** Whether a request's reference picture reaches the model (ImageEngine.takesReference). */
  abstract readonly takesReference: boolean;
  /** What a failure is named after: the call that failed, e.g. `A1111 txt2img`. */
  protected abstract readonly what: string;

  constructor(protected readonly options: O) {}

  async generate(request: ImageRequest): Promise<GeneratedImage[]> {
    const base = this.options.baseUrl.replace(/\/+$/, '');
    const limit = deadline(request.timeoutMs ?? this.options.timeoutMs ?? IMAGE_TIMEOUT_MS, request.signal);
    try {
      return await this.draw(request, base, limit.signal);
    } catch (err) {
      throw limit.failure(err, this.what);
    } finally {
      limit.done();
    }
  }

  /** The pictures of one request from the server at `base` (no trailing slash), stopping on `signal`. */
  protected abstract draw(
    request: ImageRequest,
    base: string,
    signal: AbortSignal,
  ): Promise<GeneratedImage[]>;
}

/** A picture the server serves at `url` (PNG, JPEG or WEBP by its bytes), or the typed error. */
export async function fetchImage(url: string, init: RequestInit, what: string): Promise<GeneratedImage> {
  const res = await fetch(url, init);
  if (!res.ok) throw new EngineError(kindForStatus(res.status), `${what}: HTTP ${res.status}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  const mime = sniffImage(bytes);
  if (!mime) throw new EngineError('protocol', `${what}: not an image`);
  return { bytes, mime };
}
