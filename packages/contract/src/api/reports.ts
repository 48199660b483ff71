import { z } from 'zod';
import {
  REPORT_LIMITS,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
  MODERATION_ACTIONS,
  type ReportTargetType,
  type ReportReason,
  type ModerationActionKind,
  type LogAction,
  type SafetyVerdict,
} from '../reports';

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
export interface ReportedCreator {
  id: string;
  /** Their public name ('' when they show none). */
  name: string;
  banned: boolean;
  hidden: boolean;
}

/** What the reviewer sees of the item itself, read when the queue is listed. */
export interface ReportedItem {
  /** Character name, the creator's name, a picture's prompt, the character a message came from. */
  title: string;
  /** Avatar or picture URL. */
  image: string | null;
  /** Description, prompt. */
  text: string;
  adult: boolean;
  /** The character to open (character, message), when there is one. */
  character_id: number | null;
  /** The shared picture's page id. */
  share_id: string | null;
  creator: ReportedCreator | null;
}

export interface ReportQueueItem {
  target_type: ReportTargetType;
  target_id: string;
  /** Open reports, one per reporter. */
  open_reports: number;
  reasons: Partial<Record<ReportReason, number>>;
  /** The reporters' own words, newest first (a few). */
  details: string[];
  /** A reported message's text as its reader saw it ('' otherwise). */
  excerpt: string;
  first_reported_at: number;
  last_reported_at: number;
  /** Hidden from the public (by reports or an admin). */
  hidden: boolean;
  /** Deleted, or no longer there. */
  gone: boolean;
  item: ReportedItem;
}

export interface ReportQueuePage {
  items: ReportQueueItem[];
  has_more: boolean;
  /** Items with open reports, in all pages. */
  total_count: number;
}

export interface ReportActionResult {
  target_type: ReportTargetType;
  target_id: string;
  action: ModerationActionKind;
  hidden: boolean;
  gone: boolean;
  /** Open reports the action closed. */
  closed_reports: number;
}

export interface ModerationLogEntry {
  id: number;
  /** The admin; null for an automatic action. */
  actor: { id: string; name: string } | null;
  action: LogAction;
  target_type: ReportTargetType;
  target_id: string;
  /** The item's name as it reads now ('' when gone). */
  target_label: string;
  note: string;
  created_at: number;
}

export interface ModerationLogPage {
  entries: ModerationLogEntry[];
  has_more: boolean;
}

/** The operator's safety figures: moderation decisions per UTC day, open reports, hidden and banned. */
export interface SafetyCounts {
  /** YYYY-MM-DD, oldest first; every series below has one number per day. */
  days: string[];
  verdicts: Record<SafetyVerdict, number[]>;
  /** Every decision per surface (chat, reply, character, image_prompt, upload...). */
  surfaces: Record<string, number[]>;
  totals: Record<SafetyVerdict, number>;
  open_reports: {
    /** Items with open reports. */
    items: number;
    reports: number;
    by_type: Record<ReportTargetType, number>;
    by_reason: Record<ReportReason, number>;
  };
  hidden: { characters: number; shares: number; profiles: number };
  banned_users: number;
  /** The moderation engines in use (the offline floor first). */
  engines: string[];
}
