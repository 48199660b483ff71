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
import { CHARACTER_LIMITS } from '../characters';
import * as API from './routes/images';
import { endpoint } from './endpoint';

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

export const jobImageSchema = z.object({
  /** A signed URL for the owner (a public one once shared). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type JobImage = z.infer<typeof jobImageSchema>;

/** A face found in a face swap's base photo (pixels), when there are several to choose from. */
export const faceBoxSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});

/** Audio a speech job made: its signed URL, format and length. */
export const spokenAudioSchema = z.object({
  url: z.string(),
  format: z.enum(['mp3', 'wav']),
  seconds: z.number(),
});
export type SpokenAudio = z.infer<typeof spokenAudioSchema>;

/** GET /cgi-bin/auth/aigc/status?id=: where a job is. */
export const jobStatusSchema = z.object({
  id: z.string(),
  kind: z.enum(['image', 'speech', 'voice_clone', 'faceswap']),
  state: z.enum(JOB_STATES),
  /** Queued: jobs ahead of this one, and the estimated wait. */
  position: z.number().int().optional(),
  wait_seconds: z.number().optional(),
  /** Running: 0 to 1 when the engine reports it. */
  progress: z.number().optional(),
  /** Done: the results. */
  images: z.array(jobImageSchema).optional(),
  /** Done speech (a reply read aloud, character_msg/speech): the audio, a signed URL. */
  audio: spokenAudioSchema.optional(),
  /** A face swap's base photo with several faces: which one was swapped can be changed. */
  faces: z.array(faceBoxSchema).optional(),
  /** Failed: what to tell the user (translated); the credits were refunded. */
  message: z.string().optional(),
  /** The offline preview engine made it: the page says so. */
  preview: z.boolean(),
  created_at: z.number(),
  /** When a worker took it, and when it ended (ms since the epoch). */
  started_at: z.number().optional(),
  finished_at: z.number().optional(),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const jobStatusQuerySchema = z.strictObject({ id: z.uuid() });

const IMAGE_TOOLS = ['image', 'anime', 'girl', 'tattoo'] as const;

/** One of the caller's generations in the history, newest first. */
export const imageHistoryItemSchema = z.object({
  id: z.string(),
  state: z.enum(JOB_STATES),
  prompt: z.string(),
  preset: z.string().nullable(),
  tool: z.enum(IMAGE_TOOLS),
  model: z.enum(IMAGE_MODELS),
  size: z.string(),
  images: z.array(jobImageSchema.extend({ index: z.number().int(), share_id: z.string().nullable() })),
  preview: z.boolean(),
  created_at: z.number(),
});
export type ImageHistoryItem = z.infer<typeof imageHistoryItemSchema>;

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
export const sharedImageSchema = z.object({
  share_id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  prompt: z.string(),
  tool: z.enum(IMAGE_TOOLS),
  preset: z.string().nullable(),
  preview: z.boolean(),
  created_at: z.number(),
});
export type SharedImage = z.infer<typeof sharedImageSchema>;

export const exploreQuerySchema = z.strictObject({
  tool: z.enum(['image', 'anime', 'girl', 'tattoo']).optional(),
  page: z.coerce.number().int().min(1).max(500).default(1),
});

/**
 * POST /cgi-bin/auth/aigc/image as multipart: a face swap (spec §7), the two photos with these
 * fields. The consent box must be ticked (the service says so); a face number out of range
 * means the first face.
 */
export const faceSwapFieldsSchema = z.object({
  type: z.literal('faceswap'),
  consent: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()),
  base_face: z.preprocess((v) => {
    const n = Number(v ?? 0);
    return Number.isInteger(n) && n >= 0 && n < 20 ? n : 0;
  }, z.number().int()),
});

const jobIdSchema = z.object({ id: z.string() });

/** The image tools (image, anime, girl, tattoo and face swap), their jobs, history and sharing. */
export const IMAGE_ENDPOINTS = {
  imageCreate: endpoint({
    ...API.imageCreate,
    summary: 'Start a generation (JSON), or a face swap (multipart with type=faceswap, base and face)',
    tag: 'images',
    access: 'session',
    body: imageBodySchema,
    upload: {
      fields: faceSwapFieldsSchema,
      files: {
        base: { maxBytes: CHARACTER_LIMITS.avatarBytes, kind: 'image', required: true },
        face: { maxBytes: CHARACTER_LIMITS.avatarBytes, kind: 'image', required: true },
      },
    },
    response: jobIdSchema,
  }),
  jobStatus: endpoint({
    ...API.jobStatus,
    summary: 'Where one of your jobs is: queued, running, done (with its results) or failed',
    tag: 'images',
    access: 'session',
    query: jobStatusQuerySchema,
    response: jobStatusSchema,
  }),
  imageHistory: endpoint({
    ...API.imageHistory,
    summary: 'Your generations, newest first, 20 at a time',
    tag: 'images',
    access: 'session',
    query: imageHistoryQuerySchema,
    response: z.object({ items: z.array(imageHistoryItemSchema) }),
  }),
  imageShare: endpoint({
    ...API.imageShare,
    summary: 'Make one result public at /share/<share_id> and in the explore gallery',
    tag: 'images',
    access: 'session',
    body: shareBodySchema,
    response: sharedImageSchema,
  }),
  imageShared: endpoint({
    ...API.imageShared,
    summary: 'A shared picture, for its public page',
    tag: 'images',
    access: 'public',
    params: z.strictObject({ id: z.string().min(1).max(64) }),
    response: sharedImageSchema,
  }),
  explore: endpoint({
    ...API.explore,
    summary: 'The explore gallery: shared pictures, newest first, 24 a page',
    tag: 'images',
    access: 'public',
    query: exploreQuerySchema,
    response: z.object({ images: z.array(sharedImageSchema), has_more: z.boolean() }),
  }),
  presetSample: endpoint({
    ...API.presetSample,
    summary: "A style's sample tile (<style id>.webp)",
    tag: 'images',
    access: 'public',
    params: z.strictObject({ file: z.string().min(1).max(100) }),
    answer: { type: 'image/webp', description: 'The tile' },
    response: z.null(),
  }),
};
