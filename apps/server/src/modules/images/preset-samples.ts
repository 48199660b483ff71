import { createHash } from 'node:crypto';
import { presetById, type ImagePreset } from '@lumi/contract';
import { stylePreviewSvg, type ImageEngine } from '@lumi/engines';
import sharp from 'sharp';
import type { FileStorage } from '../../lib/storage';
import type { ModerationService } from '../safety/moderation.service';
import { pictureRefused } from './picture-check';

/** The tiles' size (apps/web preset-picker), drawn at twice that by the engine. */
export const SAMPLE_SIZE = { width: 256, height: 320 } as const;
const DRAW_SIZE = { width: 512, height: 640 } as const;
const SEED = 7;
/** A sample that could not be made is not asked for again before this. */
const RETRY_MS = 10 * 60_000;
const SAFE_NEGATIVE = 'nsfw, nudity, naked, explicit, sexual, text, watermark';

export type SampleMode = 'lazy' | 'start' | 'off';

export interface PresetSample {
  bytes: Buffer;
  /** The configured engine made it (cached in storage), or the offline drawing stands in. */
  source: 'engine' | 'drawing';
}

export interface PresetSamplesDeps {
  engine: ImageEngine;
  storage: FileStorage;
  moderation: ModerationService;
  /** `off` keeps the offline drawings even with a real engine. */
  mode: SampleMode;
  timeoutMs: number;
  now?: () => number;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/**
 * The style tiles' pictures. With the offline renderer (or `IMAGE_STYLE_SAMPLES=off`) each style
 * shows its own drawing. With a real engine (A1111, ComfyUI, OpenAI) each style's tile is a real
 * sample of that style: drawn once by the engine from the preset's own prompt, checked like any
 * picture, stored (`preset-samples/<engine>-<hash>/<id>.webp`, the hash of the engine and the
 * prompt, so a changed prompt or engine draws anew), and read from storage from then on. Until it
 * exists, or when the engine fails, the drawing stands in.
 */
export class PresetSamples {
  private readonly drawings = new Map<string, Promise<Buffer>>();
  private readonly making = new Map<string, Promise<Buffer | undefined>>();
  private readonly failedAt = new Map<string, number>();

  constructor(private readonly deps: PresetSamplesDeps) {}

  /** Whether tiles come from the engine (the page then asks the server for them). */
  get real(): boolean {
    return !this.deps.engine.preview && this.deps.mode !== 'off';
  }

  /** Where a style's engine sample is kept. */
  keyOf(preset: ImagePreset): string {
    const hash = createHash('sha256')
      .update([this.deps.engine.id, preset.prefix, preset.defaultPrompt, SEED].join('\n'))
      .digest('hex')
      .slice(0, 12);
    return `preset-samples/${this.deps.engine.id}-${hash}/${preset.id}.webp`;
  }

  /** A style's tile; undefined for an unknown style. */
  async sample(id: string): Promise<PresetSample | undefined> {
    const preset = presetById(id);
    if (!preset) return undefined;
    if (this.real) {
      const made = await this.fromEngine(preset);
      if (made) return { bytes: made, source: 'engine' };
    }
    return { bytes: await this.drawing(preset.id), source: 'drawing' };
  }

  /** Makes every missing sample, one after another (IMAGE_STYLE_SAMPLES=start). */
  async warm(ids: readonly string[]): Promise<void> {
    if (!this.real) return;
    for (const id of ids) {
      const preset = presetById(id);
      if (preset) await this.fromEngine(preset);
    }
  }

  private drawing(id: string): Promise<Buffer> {
    let made = this.drawings.get(id);
    if (!made) {
      made = sharp(Buffer.from(stylePreviewSvg(id, SAMPLE_SIZE.width, SAMPLE_SIZE.height)!))
        .webp({ quality: 80 })
        .toBuffer();
      this.drawings.set(id, made);
    }
    return made;
  }

  private async fromEngine(preset: ImagePreset): Promise<Buffer | undefined> {
    const key = this.keyOf(preset);
    const stored = await this.deps.storage.get(key);
    if (stored) return stored;
    const now = this.deps.now?.() ?? Date.now();
    const failed = this.failedAt.get(key);
    if (failed !== undefined && now - failed < RETRY_MS) return undefined;
    // One generation per style however many ask at once.
    let making = this.making.get(key);
    if (!making) {
      making = this.make(preset, key).finally(() => this.making.delete(key));
      this.making.set(key, making);
    }
    return making;
  }

  private async make(preset: ImagePreset, key: string): Promise<Buffer | undefined> {
    try {
      const [image] = await this.deps.engine.generate({
        prompt: `${preset.prefix}, ${preset.defaultPrompt}`,
        negativePrompt: SAFE_NEGATIVE,
        ...DRAW_SIZE,
        count: 1,
        seed: SEED,
        model: 'standard',
        timeoutMs: this.deps.timeoutMs,
      });
      if (!image) throw new Error('the engine answered no picture');
      const webp = await sharp(image.bytes)
        .resize(SAMPLE_SIZE.width, SAMPLE_SIZE.height, { fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer();
      // Shown to everyone, adult content on or not.
      const checked = await this.deps.moderation.checkImage(webp, { surface: 'image', adult: false });
      if (pictureRefused(checked, false)) throw new Error('the sample was refused by image moderation');
      await this.deps.storage.put(key, webp, 'image/webp');
      this.failedAt.delete(key);
      this.deps.log?.info({ preset: preset.id, key }, 'style sample made by the image engine');
      return webp;
    } catch (err) {
      this.failedAt.set(key, this.deps.now?.() ?? Date.now());
      this.deps.log?.warn({ err, preset: preset.id }, 'style sample not made; the drawing stands in');
      return undefined;
    }
  }
}
