import { z } from 'zod';
import {
  REPORT_LIMITS,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
  MODERATION_ACTIONS,
  LOG_ACTIONS,
  SAFETY_VERDICTS,
} from '../reports';
import * as API from './routes/reports';
import { endpoint, noData } from './endpoint';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const page = z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1));
const pageSize = z.preprocess(
  blankToUndefined,
  z.coerce.number().int().min(1).max(REPORT_LIMITS.maxPageSize).default(REPORT_LIMITS.pageSize),
);
/** An item's id as the page knows it: a number (character, message) or a text (share). */
const targetId = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z
    .string()
    .trim()
    .regex(/^[\w-]{1,64}$/),
);

/**
 * POST /cgi-bin/auth/report/create: anyone with a session reports something they can see. For
 * a `profile`, `target_id` is the id of one of the creator's characters: the pages know creators
 * only through what they made.
 */
export const reportCreateBodySchema = z.strictObject({
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: targetId,
  reason: z.enum(REPORT_REASONS),
  details: z.string().trim().max(REPORT_LIMITS.details).default(''),
});
export type ReportCreateBody = z.infer<typeof reportCreateBodySchema>;

/** GET /cgi-bin/admin/report/list: the queue, items with open reports. */
export const reportListQuerySchema = z.strictObject({
  page,
  page_size: pageSize,
  /** `reports`: most reported first; `newest`: latest report first. */
  sort: z.preprocess(blankToUndefined, z.enum(['reports', 'newest']).default('reports')),
  target_type: z.preprocess(blankToUndefined, z.enum(REPORT_TARGET_TYPES).optional()),
});
export type ReportListQuery = z.infer<typeof reportListQuerySchema>;

/** POST /cgi-bin/admin/report/action: one action on one item, with the admin's note. */
export const reportActionBodySchema = z.strictObject({
  target_type: z.enum(REPORT_TARGET_TYPES),
  /** As the queue gives it (a profile's is the user's id). */
  target_id: targetId,
  action: z.enum(MODERATION_ACTIONS),
  note: z.string().trim().max(REPORT_LIMITS.note).default(''),
});
export type ReportActionBody = z.infer<typeof reportActionBodySchema>;

/** GET /cgi-bin/admin/report/log: the audit log, newest first. */
export const reportLogQuerySchema = z.strictObject({ page, page_size: pageSize });

/** GET /cgi-bin/admin/safety/counts: the operator's figures over the last `days` (UTC days). */
export const safetyCountsQuerySchema = z.strictObject({
  days: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(REPORT_LIMITS.maxDays).default(30)),
});

/** The creator behind a reported item. */
export const reportedCreatorSchema = z.object({
  id: z.string(),
  /** Their public name ('' when they show none). */
  name: z.string(),
  banned: z.boolean(),
  hidden: z.boolean(),
});
export type ReportedCreator = z.infer<typeof reportedCreatorSchema>;

/** What the reviewer sees of the item itself, read when the queue is listed. */
export const reportedItemSchema = z.object({
  /** Character name, the creator's name, a picture's prompt, the character a message came from. */
  title: z.string(),
  /** Avatar or picture URL. */
  image: z.string().nullable(),
  /** Description, prompt. */
  text: z.string(),
  adult: z.boolean(),
  /** The character to open (character, message), when there is one. */
  character_id: z.number().int().nullable(),
  /** The shared picture's page id. */
  share_id: z.string().nullable(),
  creator: reportedCreatorSchema.nullable(),
});
export type ReportedItem = z.infer<typeof reportedItemSchema>;

const targetType = z.enum(REPORT_TARGET_TYPES);

export const reportQueueItemSchema = z.object({
  target_type: targetType,
  target_id: z.string(),
  /** Open reports, one per reporter. */
  open_reports: z.number().int(),
  reasons: z.partialRecord(z.enum(REPORT_REASONS), z.number().int()),
  /** The reporters' own words, newest first (a few). */
  details: z.array(z.string()),
  /** A reported message's text as its reader saw it ('' otherwise). */
  excerpt: z.string(),
  first_reported_at: z.number(),
  last_reported_at: z.number(),
  /** Hidden from the public (by reports or an admin). */
  hidden: z.boolean(),
  /** Deleted, or no longer there. */
  gone: z.boolean(),
  item: reportedItemSchema,
});
export type ReportQueueItem = z.infer<typeof reportQueueItemSchema>;

export const reportQueuePageSchema = z.object({
  items: z.array(reportQueueItemSchema),
  has_more: z.boolean(),
  /** Items with open reports, in all pages. */
  total_count: z.number().int(),
});
export type ReportQueuePage = z.infer<typeof reportQueuePageSchema>;

export const reportActionResultSchema = z.object({
  target_type: targetType,
  target_id: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  hidden: z.boolean(),
  gone: z.boolean(),
  /** Open reports the action closed. */
  closed_reports: z.number().int(),
});
export type ReportActionResult = z.infer<typeof reportActionResultSchema>;

export const moderationLogEntrySchema = z.object({
  id: z.number().int(),
  /** The admin; null for an automatic action. */
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  action: z.enum(LOG_ACTIONS),
  target_type: targetType,
  target_id: z.string(),
  /** The item's name as it reads now ('' when gone). */
  target_label: z.string(),
  note: z.string(),
  created_at: z.number(),
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;

export const moderationLogPageSchema = z.object({
  entries: z.array(moderationLogEntrySchema),
  has_more: z.boolean(),
});
export type ModerationLogPage = z.infer<typeof moderationLogPageSchema>;

const perVerdict = <T extends z.ZodType>(value: T) => z.record(z.enum(SAFETY_VERDICTS), value);

/** The operator's safety figures: moderation decisions per UTC day, open reports, hidden and banned. */
export const safetyCountsSchema = z.object({
  /** YYYY-MM-DD, oldest first; every series below has one number per day. */
  days: z.array(z.string()),
  verdicts: perVerdict(z.array(z.number())),
  /** Every decision per surface (chat, reply, character, image_prompt, upload...). */
  surfaces: z.record(z.string(), z.array(z.number())),
  totals: perVerdict(z.number()),
  open_reports: z.object({
    /** Items with open reports. */
    items: z.number().int(),
    reports: z.number().int(),
    by_type: z.record(targetType, z.number().int()),
    by_reason: z.record(z.enum(REPORT_REASONS), z.number().int()),
  }),
  hidden: z.object({ characters: z.number().int(), shares: z.number().int(), profiles: z.number().int() }),
  banned_users: z.number().int(),
  /** The moderation engines in use (the offline floor first). */
  engines: z.array(z.string()),
});
export type SafetyCounts = z.infer<typeof safetyCountsSchema>;

/** Reports (spec: report a character, message, picture or profile) and the admin's queue. */
export const REPORT_ENDPOINTS = {
  reportCreate: endpoint({
    ...API.reportCreate,
    summary: 'Report a character, a message, a shared picture or a profile',
    tag: 'reports',
    access: 'session',
    body: reportCreateBodySchema,
    response: noData,
  }),
  reportQueue: endpoint({
    ...API.reportQueue,
    summary: 'The queue: items with open reports (admins)',
    tag: 'admin',
    access: 'admin',
    query: reportListQuerySchema,
    response: reportQueuePageSchema,
  }),
  reportAction: endpoint({
    ...API.reportAction,
    summary: 'Act on a reported item: hide, restore, delete, ban, unban or dismiss (admins)',
    tag: 'admin',
    access: 'admin',
    body: reportActionBodySchema,
    response: reportActionResultSchema,
  }),
  reportLog: endpoint({
    ...API.reportLog,
    summary: 'The moderation audit log, newest first (admins)',
    tag: 'admin',
    access: 'admin',
    query: reportLogQuerySchema,
    response: moderationLogPageSchema,
  }),
  safetyCounts: endpoint({
    ...API.safetyCounts,
    summary: "The operator's safety figures over the last days (admins)",
    tag: 'admin',
    access: 'admin',
    query: safetyCountsQuerySchema,
    response: safetyCountsSchema,
  }),
};
