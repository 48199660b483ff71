import { randomBytes, randomInt } from 'node:crypto';
import {
  DEFAULT_IMAGE_SIZE,
  ErrorCode,
  girlBuilderPrompt,
  imageCost,
  parseImageSize,
  presetById,
  type ImageBody,
  type ImageHistoryItem,
  type ImageTool,
  type JobImage,
  type SharedImage,
} from '@lumi/contract';
import {
  isEngineError,
  sniffImage,
  type GeneratedImage,
  type ImageEngine,
  type ReferenceImage,
} from '@lumi/engines';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import type { JobRow, User } from '../../db/schema';
import { utcDay, type Clock } from '../../lib/clock';
import { BusinessError, forbidden, notFound } from '../../lib/errors';
import { jobFileName, type FileStorage, type PrivateFiles } from '../../lib/storage';
import type { CreditsService } from '../credits/credits.service';
import type { JobQueue } from '../jobs/job-queue';
import { JobRefused, type JobContext, type JobHandler } from '../jobs/worker';
import type { ModerationService } from '../safety/moderation.service';
import * as repo from './images.repository';
import { aiXmp, type CharacterPictureAsk, type ImageJobInput, type ImageJobResult } from './image-job';

export { aiXmp, type ImageJobInput, type ImageJobResult } from './image-job';
import { isExplicit, pictureRefused } from './picture-check';

/** Builder values that make an adult picture: only with the adult-content setting. */
const ADULT_BUILDER = new Set([
  'lingerie',
  'bridal lingerie',
  'latex bodysuit',
  'fishnet and leather',
  'bikini',
  'nympho',
  'temptress',
  'sex friend',
  'mistress',
  'huge',
]);

const DEFAULT_NEGATIVE = 'lowres, blurry, deformed, extra fingers, watermark, text, signature';
/** Added to the negative prompt when a picture is drawn again because it came out explicit. */
const SAFE_NEGATIVE = 'nsfw, nudity, naked, explicit, sexual';

export interface ImagesDeps {
  db: Db;
  clock: Clock;
  credits: CreditsService;
  queue: JobQueue;
  engine: ImageEngine;
  files: PrivateFiles;
  /** Public storage, for shared images. */
  storage: FileStorage;
  freeFastPerDay: number;
  maxOpenPerUser: number;
  timeoutMs: number;
  /** Checks prompts and builder choices, and classifies every picture drawn (issue 18). */
  moderation: ModerationService;
}

/**
 * The image tools: a generation is a job (its credits spent in the same transaction), drawn by
 * the configured engine, stored as WEBP with the 'AI generated' metadata and no visible mark,
 * private to its owner (signed URLs) until shared.
 */
export class ImagesService {
  constructor(private readonly deps: ImagesDeps) {}

  /** The offline preview renderer draws: the pages say so, and its pictures cost nothing. */
  get preview(): boolean {
    return this.deps.engine.preview;
  }

  async create(user: User, body: ImageBody): Promise<{ id: string }> {
    const preset = body.preset ? presetById(body.preset) : undefined;
    const builder = body.builder && Object.keys(body.builder).length > 0 ? body.builder : undefined;
    const tool: ImageTool = builder ? 'girl' : (preset?.tool ?? 'image');
    let prompt: string;
    if (builder) {
      prompt = [girlBuilderPrompt(builder), body.prompt].filter(Boolean).join(', ');
    } else if (preset) {
      prompt = `${preset.prefix}, ${body.prompt || preset.defaultPrompt}`;
    } else {
      if (!body.prompt)
        throw new BusinessError(ErrorCode.INVALID_INPUT, 'missing_field', { field: 'prompt' });
      prompt = body.prompt;
    }
    const negative = body.negative_prompt ?? '';
    const builderValues = builder ? Object.values(builder).flat().map(String) : [];
    // Before anything is spent or queued: a refusal (100009) charges nothing.
    const checked = await this.deps.moderation.requireText(
      [prompt, negative, ...builderValues],
      { surface: 'image_prompt', adult: user.enableNsfw },
      user.id,
      'content_refused',
    );
    const adult = checked.categories.includes('sexual') || builderValues.some((v) => ADULT_BUILDER.has(v));
    if (adult && !user.enableNsfw) throw new BusinessError(ErrorCode.NSFW_REQUIRED, 'nsfw_required');

    const balance = await this.deps.credits.balance(user.id);
    if (body.model === 'advanced' && !balance.isVip) {
      throw new BusinessError(ErrorCode.FORBIDDEN, 'advanced_paid_only');
    }
    const { width, height } = parseImageSize(body.size ?? DEFAULT_IMAGE_SIZE);
    const input: ImageJobInput = {
      tool,
      prompt,
      userPrompt: body.prompt,
      negativePrompt: [negative, DEFAULT_NEGATIVE].filter(Boolean).join(', '),
      preset: preset?.id ?? null,
      builder: builder ?? null,
      width,
      height,
      count: body.count,
      seed: body.seed ?? randomInt(0, 2 ** 31 - 1),
      model: body.model,
      adult,
    };
    // The preview renderer is no AI model: what it draws is free (issue 18, honest defaults).
    const cost = this.deps.engine.preview ? 0 : imageCost(body.model, body.count);
    const job = await this.deps.queue.submit(
      {
        userId: user.id,
        kind: 'image',
        lane: body.speed === 'fast' ? 0 : 1,
        input,
        cost,
        reason: `image ${tool} x${body.count}`,
        preview: this.deps.engine.preview,
      },
      {
        maxOpen: this.deps.maxOpenPerUser,
        // Fast is free for the first few a day for non-paying users (decisions.md); always for payers.
        ...(balance.isVip
          ? {}
          : {
              fast: {
                since: new Date(`${utcDay(this.deps.clock())}T00:00:00Z`),
                max: this.deps.freeFastPerDay,
              },
            }),
      },
    );
    return { id: job.id };
  }

  /**
   * A picture of a character for a chat: one standard image (its credits spent with the job,
   * refunded if it fails), under the image tools' rules: the prompt passes the moderation chain
   * first (nothing spent on a refusal), an adult prompt or an adult character needs adult content
   * on, and the handler classifies the result as it does every picture.
   */
  async createCharacterPicture(user: User, ask: CharacterPictureAsk): Promise<JobRow> {
    const checked = await this.deps.moderation.requireText(
      [ask.prompt],
      { surface: 'image_prompt', adult: user.enableNsfw },
      user.id,
      'content_refused',
    );
    const adult = ask.adultCharacter || checked.categories.includes('sexual');
    if (adult && !user.enableNsfw) throw new BusinessError(ErrorCode.NSFW_REQUIRED, 'nsfw_required');
    const { width, height } = parseImageSize(DEFAULT_IMAGE_SIZE);
    const input: ImageJobInput = {
      tool: 'image',
      prompt: ask.prompt,
      userPrompt: ask.prompt,
      negativePrompt: DEFAULT_NEGATIVE,
      preset: null,
      builder: null,
      width,
      height,
      count: 1,
      seed: randomInt(0, 2 ** 31 - 1),
      model: 'standard',
      adult,
      characterReferenceKey: this.deps.engine.takesReference ? ask.referenceKey : null,
    };
    return this.deps.queue.submit(
      {
        userId: user.id,
        kind: 'image',
        lane: 1,
        input,
        cost: this.deps.engine.preview ? 0 : imageCost('standard', 1),
        reason: 'image chat picture',
        preview: this.deps.engine.preview,
      },
      { maxOpen: this.deps.maxOpenPerUser },
      ask.alongside,
    );
  }

  /** Whether the engine draws from a reference picture (A1111, ComfyUI with its workflow). */
  get takesReference(): boolean {
    return this.deps.engine.takesReference ?? false;
  }

  /**
   * The worker's handler: draw, mark as AI-made, classify, store privately. A picture that comes
   * out explicit for a user without adult content on is never stored: it is drawn once more with
   * another seed and a safer negative prompt, and if that one is explicit too the whole job fails
   * and is refunded (the user gets every picture paid for, or every credit back). For a user with
   * adult content on, explicit pictures are kept and marked, so they can never be shared.
   */
  readonly handler: JobHandler = async (job, context) => {
    const input = job.input as ImageJobInput;
    const engine = this.deps.engine;
    const adult = await this.userAdult(job.userId);
    const reference = input.characterReferenceKey
      ? await this.referenceOf(input.characterReferenceKey)
      : undefined;
    const draw = (count: number, seed: number, negative: string) =>
      this.draw(input, context, count, seed, negative, reference);
    const drawn = await draw(input.count, input.seed, input.negativePrompt);
    const kept: { webp: Buffer; explicit: boolean }[] = [];
    let redraw = 0;
    for (const image of drawn) {
      const picture = await this.classified(image, input, job.userId, adult);
      if (picture) kept.push(picture);
      else redraw++;
    }
    if (redraw > 0) {
      const again = await draw(
        redraw,
        (input.seed + 7919) % 2 ** 31,
        [input.negativePrompt, SAFE_NEGATIVE].join(', '),
      );
      for (const image of again.slice(0, redraw)) {
        const picture = await this.classified(image, input, job.userId, adult);
        if (picture) kept.push(picture);
      }
    }
    if (kept.length < input.count) throw new JobRefused('generation_refused');
    // Explicit ones last: hiding them (adult content turned off) keeps the others' indexes.
    kept.sort((a, b) => Number(a.explicit) - Number(b.explicit));
    const stored: ImageJobResult['images'] = [];
    for (const [i, picture] of kept.entries()) {
      const key = `images/${jobFileName(job.id, i)}.webp`;
      await this.deps.files.storage.put(key, picture.webp, 'image/webp');
      stored.push({
        key,
        width: input.width,
        height: input.height,
        ...(picture.explicit ? { explicit: true } : {}),
      });
    }
    const result: ImageJobResult = { images: stored, engine: engine.id };
    return { result, preview: engine.preview };
  };

  private async draw(
    input: ImageJobInput,
    context: JobContext,
    count: number,
    seed: number,
    negativePrompt: string,
    reference?: ReferenceImage,
  ): Promise<GeneratedImage[]> {
    try {
      return await this.deps.engine.generate({
        ...(reference ? { reference } : {}),
        prompt: input.prompt,
        negativePrompt,
        width: input.width,
        height: input.height,
        count,
        seed,
        model: input.model,
        signal: context.signal,
        timeoutMs: this.deps.timeoutMs,
        onProgress: (f) => context.progress(f * 0.9),
      });
    } catch (err) {
      if (isEngineError(err) && err.kind === 'rejected') throw new JobRefused('generation_refused');
      throw err;
    }
  }

  /** The picture as stored (WEBP, marked as AI-made) and whether it is explicit; undefined when refused. */
  private async classified(
    image: GeneratedImage,
    input: ImageJobInput,
    userId: string,
    adult: boolean,
  ): Promise<{ webp: Buffer; explicit: boolean } | undefined> {
    const webp = await sharp(image.bytes)
      .resize(input.width, input.height, { fit: 'cover' })
      .webp({ quality: 90 })
      .withXmp(aiXmp(this.deps.engine.preview))
      .toBuffer();
    const result = await this.deps.moderation.checkImage(webp, { surface: 'image', adult }, userId);
    if (pictureRefused(result, adult)) return undefined;
    return { webp, explicit: isExplicit(result) };
  }

  /** A character's reference picture as the engine takes it (gone since: none). */
  private async referenceOf(key: string): Promise<ReferenceImage | undefined> {
    const bytes = await this.deps.storage.get(key);
    const mime = bytes ? sniffImage(bytes) : undefined;
    return bytes && mime ? { bytes, mime } : undefined;
  }

  /** Whether the user has adult content on now (a job runs after it was asked for). */
  private async userAdult(userId: string): Promise<boolean> {
    return repo.userAdult(this.deps.db, userId);
  }

  /**
   * A job's pictures with their index in the result; explicit ones only for a viewer with adult
   * content on (turning it off hides the ones made while it was on).
   */
  private jobImages(job: JobRow, viewer: User): (JobImage & { index: number })[] {
    const result = job.result as ImageJobResult | null;
    const now = this.deps.clock().getTime();
    return (result?.images ?? []).flatMap((img, index) =>
      img.explicit && !viewer.enableNsfw
        ? []
        : [{ url: this.deps.files.url(img.key, now), width: img.width, height: img.height, index }],
    );
  }

  /** The caller's own job, any kind. */
  async ownJob(user: User, id: string): Promise<JobRow> {
    const job = await this.deps.queue.find(id);
    if (job?.userId !== user.id) throw notFound();
    return job;
  }

  statusResults = (job: JobRow, viewer: User) =>
    job.kind === 'image' || job.kind === 'faceswap'
      ? { images: this.jobImages(job, viewer).map(({ index: _index, ...img }) => img) }
      : {};

  async history(
    user: User,
    tool: ImageTool | undefined,
    before: number | undefined,
  ): Promise<ImageHistoryItem[]> {
    const rows = await repo.imageJobs(this.deps.db, user.id, tool, before, 20);
    const shares = await repo.sharesOfJobs(
      this.deps.db,
      rows.map((r) => r.id),
    );
    return rows.map((job) => {
      const input = job.input as ImageJobInput;
      return {
        id: job.id,
        state: job.state,
        prompt: input.userPrompt || input.prompt,
        preset: input.preset,
        tool: input.tool,
        model: input.model,
        size: `${input.width}x${input.height}`,
        images: this.jobImages(job, user).map((img) => ({
          ...img,
          share_id: shares.find((s) => s.jobId === job.id && s.index === img.index)?.id ?? null,
        })),
        preview: job.preview,
        created_at: job.createdAt.getTime(),
      };
    });
  }

  /**
   * Makes one result public (a copy in public storage); the same image shares once. A face swap
   * shows a real person's face, so it is never made public. The copy is written only once its
   * row is in, and goes if writing it fails: a failed share leaves no public file.
   */
  async share(user: User, id: string, index: number): Promise<SharedImage> {
    const job = await this.ownJob(user, id);
    // A banned account (issue 18) makes nothing public.
    if (user.bannedAt) throw new BusinessError(ErrorCode.FORBIDDEN, 'account_banned');
    if (job.kind !== 'image') throw forbidden();
    const result = job.result as ImageJobResult | null;
    const image = job.state === 'done' ? result?.images[index] : undefined;
    if (!image || (image.explicit && !user.enableNsfw)) throw notFound();
    // Explicit pictures stay private: never public, never in the gallery.
    if (image.explicit) throw new BusinessError(ErrorCode.CONTENT_POLICY, 'image_explicit');
    const existing = await repo.findShareOf(this.deps.db, job.id, index);
    if (existing) return this.sharedView(existing);
    const bytes = await this.deps.files.storage.get(image.key);
    if (!bytes) throw notFound();
    const shareId = randomBytes(8).toString('hex');
    const fileKey = `shared/${shareId}.webp`;
    const input = job.input as ImageJobInput;
    const row = await repo.insertShare(this.deps.db, {
      id: shareId,
      jobId: job.id,
      index,
      userId: user.id,
      fileKey,
      width: image.width,
      height: image.height,
      prompt: input.userPrompt || input.prompt,
      tool: input.tool,
      preset: input.preset,
      adult: input.adult,
      preview: job.preview,
      createdAt: this.deps.clock(),
    });
    // Shared at the same moment by another request: that one writes the copy.
    if (!row) return this.share(user, id, index);
    try {
      await this.deps.storage.put(fileKey, bytes, 'image/webp');
    } catch (err) {
      await repo.deleteShare(this.deps.db, shareId);
      throw err;
    }
    return this.sharedView(row);
  }

  sharedView(row: repo.ImageShareRow): SharedImage {
    return {
      share_id: row.id,
      url: this.deps.storage.url(row.fileKey),
      width: row.width,
      height: row.height,
      prompt: row.prompt,
      tool: row.tool as ImageTool,
      preset: row.preset,
      preview: row.preview,
      created_at: row.createdAt.getTime(),
    };
  }

  /** A shared image for its public page; adult ones only for viewers with the setting on. */
  async shared(shareId: string, viewerNsfw: boolean): Promise<SharedImage> {
    const row = await repo.findShare(this.deps.db, shareId);
    // Hidden by reports or an admin (issue 18): gone for everyone until restored.
    if (!row || row.hiddenAt || (row.adult && !viewerNsfw)) throw notFound();
    return this.sharedView(row);
  }

  /** A shared picture for link previews (X, Facebook): never an adult one. */
  async sharePreview(
    shareId: string,
  ): Promise<{ description: string; image: string; imageWidth: number; imageHeight: number } | undefined> {
    const shared = await this.shared(shareId, false).catch(() => undefined);
    if (!shared) return undefined;
    return {
      description: shared.prompt,
      image: shared.url,
      imageWidth: shared.width,
      imageHeight: shared.height,
    };
  }

  async explore(tool: ImageTool | undefined, page: number, viewerNsfw: boolean) {
    const size = 24;
    const rows = await repo.exploreShares(this.deps.db, tool, viewerNsfw, size + 1, (page - 1) * size);
    return { images: rows.slice(0, size).map((r) => this.sharedView(r)), has_more: rows.length > size };
  }
}
