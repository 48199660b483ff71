import { EngineError } from '../errors';
import { authHeaders, decodeImage, fetchJson } from './http';
import { fetchImage, RemoteImageEngine, type RemoteImageOptions } from './remote-engine';
import type { GeneratedImage, ImageRequest } from './types';

export interface OpenAIImagesOptions extends RemoteImageOptions {
  /** The API base including /v1, e.g. https://api.openai.com/v1 or a LocalAI server. */
  baseUrl: string;
  apiKey?: string | undefined;
  models: { standard: string; advanced: string };
}

interface ImagesResponse {
  data?: { b64_json?: string; url?: string }[];
}

/** OpenAI-compatible `POST /v1/images/generations` (OpenAI, LocalAI, and the like), as base64. */
export class OpenAIImagesEngine extends RemoteImageEngine<OpenAIImagesOptions> {
  readonly id = 'openai-images';
  /** images/generations takes a prompt only (images/edits would be another call). */
  readonly takesReference = false;
  protected readonly what = 'images/generations';

  protected async draw(request: ImageRequest, base: string, signal: AbortSignal): Promise<GeneratedImage[]> {
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
        signal,
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
        images.push(await fetchImage(item.url, { signal }, 'image url'));
      } else {
        throw new EngineError('protocol', 'images/generations: an item with neither b64_json nor url');
      }
    }
    return images;
  }
}
