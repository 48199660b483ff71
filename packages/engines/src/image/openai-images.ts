import { EngineError } from '../errors';
import { authHeaders, deadline, decodeImage, fetchJson, kindForStatus, sniffImage } from './http';
import { IMAGE_TIMEOUT_MS, type GeneratedImage, type ImageEngine, type ImageRequest } from './types';

export interface OpenAIImagesOptions {
  /** The API base including /v1, e.g. https://api.openai.com/v1 or a LocalAI server. */
  baseUrl: string;
  apiKey?: string | undefined;
  models: { standard: string; advanced: string };
  timeoutMs?: number;
}

interface ImagesResponse {
  data?: { b64_json?: string; url?: string }[];
}

/** OpenAI-compatible `POST /v1/images/generations` (OpenAI, LocalAI, and the like), as base64. */
export class OpenAIImagesEngine implements ImageEngine {
  readonly id = 'openai-images';
  readonly preview = false;

  constructor(private readonly options: OpenAIImagesOptions) {}

  async generate(request: ImageRequest): Promise<GeneratedImage[]> {
    const base = this.options.baseUrl.replace(/\/+$/, '');
    const limit = deadline(request.timeoutMs ?? this.options.timeoutMs ?? IMAGE_TIMEOUT_MS, request.signal);
    try {
      const prompt = request.negativePrompt
        ? `${request.prompt}\n\nAvoid: ${request.negativePrompt}`
        : request.prompt;
      const answer = await fetchJson<ImagesResponse>(
        `${base}/images/generations`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...authHeaders(this.options.apiKey) },
          body: JSON.stringify({
            model: this.options.models[request.model],
            prompt,
            n: request.count,
            size: `${request.width}x${request.height}`,
            response_format: 'b64_json',
          }),
          signal: limit.signal,
        },
        'images/generations',
      );
      const data = answer.data ?? [];
      if (data.length === 0) throw new EngineError('protocol', 'images/generations: no images');
      const images: GeneratedImage[] = [];
      for (const item of data.slice(0, request.count)) {
        if (item.b64_json) {
          images.push(decodeImage(item.b64_json, 'images/generations'));
        } else if (item.url) {
          const res = await fetch(item.url, { signal: limit.signal });
          if (!res.ok) throw new EngineError(kindForStatus(res.status), `image url: HTTP ${res.status}`);
          const bytes = Buffer.from(await res.arrayBuffer());
          const mime = sniffImage(bytes);
          if (!mime) throw new EngineError('protocol', 'image url: not an image');
          images.push({ bytes, mime });
        } else {
          throw new EngineError('protocol', 'images/generations: an item with neither b64_json nor url');
        }
      }
      return images;
    } catch (err) {
      throw limit.failure(err, 'images/generations');
    } finally {
      limit.done();
    }
  }
}
