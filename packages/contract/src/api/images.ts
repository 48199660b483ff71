import { z } from 'zod';
import {
  GIRL_BUILDER,
  IMAGE_LIMITS,
  IMAGE_MODELS,
  IMAGE_PRESETS,
  IMAGE_SIZES,
  IMAGE_SPEEDS,
  type GirlBuilderField,
} from '../images';

const presetIds = IMAGE_PRESETS.map((p) => p.id) as [string, ...string[]];

const builderShape: Record<string, z.ZodType> = Object.fromEntries(
  (Object.keys(GIRL_BUILDER) as GirlBuilderField[]).map((field) => {
    const one = z.enum(GIRL_BUILDER[field] as readonly string[] as [string, ...string[]]);
    return [field, (field === 'hobbies' ? z.array(one).max(5) : one).optional()];
  }),
);

/** The girl builder's choices: each field one of its values (hobbies: up to 5). */
export const girlBuilderSchema = z.strictObject(builderShape) as unknown as z.ZodType<
  Partial<Record<GirlBuilderField, string | string[]>>
>;

/**
 * POST /cgi-bin/auth/aigc/image (JSON): one generation of `count` images. The prompt may be
 * empty only with a preset (its default prompt) or a builder (the builder's prompt).
 */
export const imageBodySchema = z.strictObject({
  prompt: z.string().trim().max(IMAGE_LIMITS.prompt).default(''),
  negative_prompt: z.string().trim().max(IMAGE_LIMITS.negativePrompt).optional(),
  size: z.enum(IMAGE_SIZES).optional(),
  count: z.number().int().min(1).max(IMAGE_LIMITS.maxCount).default(1),
  speed: z.enum(IMAGE_SPEEDS).default('slow'),
  model: z.enum(IMAGE_MODELS).default('standard'),
  preset: z.enum(presetIds).optional(),
  builder: girlBuilderSchema.optional(),
  /** A fixed seed repeats a picture; none picks one. */
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
});
export type ImageBody = z.infer<typeof imageBodySchema>;

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface JobImage {
  /** A signed URL for the owner (a public one once shared). */
  url: string;
  width: number;
  height: number;
}

/** GET /cgi-bin/auth/aigc/status?id=: where a job is. */
export interface JobStatus {
  id: string;
  kind: 'image' | 'speech' | 'voice_clone' | 'faceswap';
  state: JobState;
  /** Queued: jobs ahead of this one, and the estimated wait. */
  position?: number;
  wait_seconds?: number;
  /** Running: 0 to 1 when the engine reports it. */
  progress?: number;
  /** Done: the results. */
  images?: JobImage[];
  /** Failed: what to tell the user (translated); the credits were refunded. */
  message?: string;
  /** The offline preview engine made it: the page says so. */
  preview: boolean;
  created_at: number;
  /** When a worker took it, and when it ended (ms since the epoch). */
  started_at?: number;
  finished_at?: number;
}

export const jobStatusQuerySchema = z.strictObject({ id: z.uuid() });

/** One of the caller's generations in the history, newest first. */
export interface ImageHistoryItem {
  id: string;
  state: JobState;
  prompt: string;
  preset: string | null;
  tool: 'image' | 'anime' | 'girl' | 'tattoo';
  model: 'standard' | 'advanced';
  size: string;
  images: (JobImage & { index: number; share_id: string | null })[];
  preview: boolean;
  created_at: number;
}

export const imageHistoryQuerySchema = z.strictObject({
  tool: z.enum(['image', 'anime', 'girl', 'tattoo']).optional(),
  before: z.coerce.number().int().positive().optional(),
});

/** POST /cgi-bin/auth/aigc/image/share: makes one result public at /share/<share_id>. */
export const shareBodySchema = z.strictObject({
  id: z.uuid(),
  index: z
    .number()
    .int()
    .min(0)
    .max(IMAGE_LIMITS.maxCount - 1),
});

/** A shared image, as the public share page and the explore gallery show it. */
export interface SharedImage {
  share_id: string;
  url: string;
  width: number;
  height: number;
  prompt: string;
  tool: 'image' | 'anime' | 'girl' | 'tattoo';
  preset: string | null;
  preview: boolean;
  created_at: number;
}

export const exploreQuerySchema = z.strictObject({
  tool: z.enum(['image', 'anime', 'girl', 'tattoo']).optional(),
  page: z.coerce.number().int().min(1).max(500).default(1),
});
