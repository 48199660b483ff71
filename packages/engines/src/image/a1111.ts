import { EngineError } from '../errors';
import { authHeaders, decodeImage, fetchJson, sleep } from './http';
import { RemoteImageEngine, type RemoteImageOptions } from './remote-engine';
import type { GeneratedImage, ImageRequest, ReferenceImage } from './types';

export interface A1111Options extends RemoteImageOptions {
  /** The WebUI's address, e.g. http://127.0.0.1:7860 (started with --api). */
  baseUrl: string;
  apiKey?: string | undefined;
  /** Checkpoint per quality tier (`sd_model_checkpoint`); unset keeps the loaded one. */
  checkpoints?: { standard?: string | undefined; advanced?: string | undefined };
  steps?: { standard: number; advanced: number };
  sampler?: string;
  cfgScale?: number;
  /** How often progress is asked for while an image is drawn. */
  progressEveryMs?: number;
  /**
   * How a reference picture is used: `img2img` (the default: `POST /sdapi/v1/img2img` from the
   * picture, `denoisingStrength` of it redrawn) or `ip-adapter` (txt2img with the picture as a
   * ControlNet IP-Adapter unit, the extension's `alwayson_scripts.controlnet`).
   */
  reference?: {
    mode: 'img2img' | 'ip-adapter' | 'off';
    /** img2img: how much of the reference is redrawn, 0 to 1 (0.65). */
    denoisingStrength?: number;
    /** ip-adapter: the ControlNet module and model, e.g. ip-adapter_clip_sd15 and ip-adapter_sd15. */
    module?: string;
    model?: string;
    weight?: number;
  };
}

interface Txt2ImgResponse {
  images?: string[];
  info?: string;
}

/**
 * AUTOMATIC1111 / Forge WebUI: `POST /sdapi/v1/txt2img`, with `GET /sdapi/v1/progress` polled
 * alongside for the progress bar. A batch answer may start with a grid image; the last `count`
 * images are the pictures.
 */
export class A1111Engine extends RemoteImageEngine<A1111Options> {
  readonly id = 'a1111';
  get takesReference(): boolean {
    return this.options.reference?.mode !== 'off';
  }
  protected readonly what = 'A1111 txt2img';

  protected async draw(request: ImageRequest, base: string, signal: AbortSignal): Promise<GeneratedImage[]> {
    const checkpoint = this.options.checkpoints?.[request.model];
    const steps = this.options.steps ?? { standard: 24, advanced: 40 };
    let finished = false;
    // Ends the progress loop's wait as soon as the pictures are in (not a second later).
    const done = new AbortController();
    const watch = (async () => {
      if (!request.onProgress) return;
      while (!finished && !signal.aborted) {
        await sleep(this.options.progressEveryMs ?? 1000, AbortSignal.any([signal, done.signal]));
        if (finished || signal.aborted) break;
        try {
          const p = await fetchJson<{ progress?: number }>(
            `${base}/sdapi/v1/progress?skip_current_image=true`,
            { headers: authHeaders(this.options.apiKey), signal },
            'A1111 progress',
          );
          if (!finished && typeof p.progress === 'number')
            request.onProgress(Math.min(1, Math.max(0, p.progress)));
        } catch {
          // Progress is a nicety; the generation itself decides success.
        }
      }
    })();
    const reference =
      request.reference && this.takesReference ? this.referenceFields(request.reference) : undefined;
    const call = reference?.call ?? 'txt2img';
    try {
      const answer = await fetchJson<Txt2ImgResponse>(
        `${base}/sdapi/v1/${call}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...authHeaders(this.options.apiKey) },
          body: JSON.stringify({
            ...reference?.fields,
            prompt: request.prompt,
            negative_prompt: request.negativePrompt,
            seed: request.seed,
            sampler_name: this.options.sampler ?? 'DPM++ 2M',
            batch_size: request.count,
            n_iter: 1,
            steps: steps[request.model],
            cfg_scale: this.options.cfgScale ?? 7,
            width: request.width,
            height: request.height,
            send_images: true,
            save_images: false,
            ...(checkpoint ? { override_settings: { sd_model_checkpoint: checkpoint } } : {}),
          }),
          signal,
        },
        `A1111 ${call}`,
      );
      const images = answer.images ?? [];
      if (images.length < request.count) {
        throw new EngineError(
          'protocol',
          `A1111 ${call}: ${images.length} images for ${request.count} asked`,
        );
      }
      // A ControlNet unit may add its detected map after the pictures: the pictures come first
      // after a batch's grid.
      const pictures =
        reference?.call === 'txt2img' ? images.slice(0, request.count + (request.count > 1 ? 1 : 0)) : images;
      return pictures.slice(-request.count).map((b64) => decodeImage(b64, `A1111 ${call}`));
    } finally {
      finished = true;
      done.abort();
      await watch;
    }
  }

  /** The call and the fields that carry a reference picture, as the option says. */
  private referenceFields(reference: ReferenceImage): { call: 'txt2img' | 'img2img'; fields: object } {
    const how = this.options.reference ?? { mode: 'img2img' };
    const image = reference.bytes.toString('base64');
    if (how.mode === 'img2img') {
      return {
        call: 'img2img',
        // Resize and crop to the asked size (resize_mode 1), then redraw that much of it.
        fields: { init_images: [image], denoising_strength: how.denoisingStrength ?? 0.65, resize_mode: 1 },
      };
    }
    return {
      call: 'txt2img',
      fields: {
        alwayson_scripts: {
          controlnet: {
            args: [
              {
                enabled: true,
                image,
                module: how.module ?? 'ip-adapter_clip_sd15',
                model: how.model ?? 'ip-adapter_sd15',
                weight: how.weight ?? 0.7,
              },
            ],
          },
        },
      },
    };
  }
}
