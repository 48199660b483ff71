import { COSTS, ErrorCode, type JobStatus } from '@lumi/contract';
import { NoFaceError, type FaceSwapEngine } from '@lumi/engines';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import type { JobRow, User } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { BusinessError } from '../../lib/errors';
import { checkImage, reencodeImage } from '../../lib/images';
import { jobFileName, randomName, type PrivateFiles } from '../../lib/storage';
import type { CreditsService } from '../credits/credits.service';
import type { JobQueue } from '../jobs/job-queue';
import { JobRefused, settledBy, type JobHandler } from '../jobs/worker';
import type { ModerationService } from '../safety/moderation.service';
import { aiXmp } from './images.service';
import { requireUploadAllowed } from './picture-check';

interface FaceSwapInput {
  baseKey: string;
  faceKey: string;
  baseFace: number;
  consent: { at: number; ip: string };
}

interface FaceSwapJobResult {
  images: { key: string; width: number; height: number }[];
  engine: string;
  baseFaces: { x: number; y: number; width: number; height: number }[];
}

export interface FaceSwapDeps {
  db: Db;
  clock: Clock;
  credits: CreditsService;
  queue: JobQueue;
  engine: FaceSwapEngine;
  files: PrivateFiles;
  maxOpenPerUser: number;
  /** Classifies both photos: explicit ones only for a user with adult content on (issue 18). */
  moderation: ModerationService;
}

/**
 * Face swap (POST /cgi-bin/auth/aigc/image, multipart type=faceswap): the photos are checked by
 * content and by the NSFW classifier, encoded again without their metadata and kept privately
 * with the job and the user's consent, only while the job needs them; the swap runs as a job
 * like every generation, and fails with a clear message (credits back) when a photo has no face.
 */
export class FaceSwapService {
  constructor(private readonly deps: FaceSwapDeps) {}

  async create(
    user: User,
    input: { base: Buffer; face: Buffer; consent: boolean; baseFace: number; ip: string },
  ): Promise<{ id: string }> {
    if (!input.consent) throw new BusinessError(ErrorCode.INVALID_INPUT, 'faceswap_consent_required');
    // JPG, PNG or WEBP by content, at most 10 MB and 40 megapixels (the upload limits of the site);
    // kept upright, without EXIF (a position, a name) or anything appended to the picture.
    const base = await reencodeImage(input.base, (await checkImage(input.base)).format);
    const face = await reencodeImage(input.face, (await checkImage(input.face)).format);
    // Before anything is stored or spent: an explicit photo needs adult content on.
    for (const photo of [base, face]) {
      await requireUploadAllowed(this.deps.moderation, photo, user.enableNsfw, user.id);
    }
    const baseKey = `swap-inputs/${randomName()}`;
    const faceKey = `swap-inputs/${randomName()}`;
    const job: FaceSwapInput = {
      baseKey,
      faceKey,
      baseFace: input.baseFace,
      consent: { at: this.deps.clock().getTime(), ip: input.ip },
    };
    try {
      await this.deps.files.storage.put(baseKey, base, 'application/octet-stream');
      await this.deps.files.storage.put(faceKey, face, 'application/octet-stream');
      const made = await this.deps.queue.submit(
        {
          userId: user.id,
          kind: 'faceswap',
          lane: 0,
          input: job,
          cost: COSTS.faceSwap,
          reason: 'face swap',
          preview: false,
        },
        { maxOpen: this.deps.maxOpenPerUser },
      );
      return { id: made.id };
    } catch (err) {
      // Refused (not enough credits...): no photo of a request that made no job stays.
      await this.dropInputs(job).catch(() => undefined);
      throw err;
    }
  }

  /** The photos are needed only while the swap runs: gone once it is done or failed. */
  private async dropInputs(input: FaceSwapInput): Promise<void> {
    await Promise.all([input.baseKey, input.faceKey].map((key) => this.deps.files.storage.delete(key)));
  }

  private dropJobInputs(job: JobRow): Promise<void> {
    return this.dropInputs(job.input as FaceSwapInput);
  }

  readonly handler: JobHandler = settledBy(this.dropJobInputs.bind(this), async (job, context) => {
    const input = job.input as FaceSwapInput;
    const load = async (key: string) => {
      const bytes = await this.deps.files.storage.get(key);
      if (!bytes) throw new JobRefused('generation_failed');
      // Turned upright by its EXIF orientation, as people see it.
      const { data, info } = await sharp(bytes)
        .rotate()
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { data: new Uint8Array(data), width: info.width, height: info.height };
    };
    const [base, face] = await Promise.all([load(input.baseKey), load(input.faceKey)]);
    context.progress(0.2);
    let swapped;
    try {
      swapped = await this.deps.engine.swap({
        base,
        face,
        baseFaceIndex: input.baseFace,
        signal: context.signal,
      });
    } catch (err) {
      if (err instanceof NoFaceError)
        throw new JobRefused(err.which === 'base' ? 'no_face_base' : 'no_face_face');
      throw err;
    }
    const webp = await sharp(swapped.image.data, {
      raw: { width: swapped.image.width, height: swapped.image.height, channels: 3 },
    })
      .webp({ quality: 92 })
      .withXmp(aiXmp(false))
      .toBuffer();
    const key = `images/${jobFileName(job.id, 0)}.webp`;
    await this.deps.files.storage.put(key, webp, 'image/webp');
    const result: FaceSwapJobResult = {
      images: [{ key, width: swapped.image.width, height: swapped.image.height }],
      engine: this.deps.engine.id,
      baseFaces: swapped.baseFaces,
    };
    return { result, preview: false };
  });

  /** The faces found in the base photo, for the page to offer a choice when there are several. */
  static statusExtras(job: JobRow): Partial<JobStatus> & { faces?: FaceSwapJobResult['baseFaces'] } {
    const result = job.result as FaceSwapJobResult | null;
    return result?.baseFaces && result.baseFaces.length > 1 ? { faces: result.baseFaces } : {};
  }
}
