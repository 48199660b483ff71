// Report and moderation constants the pages and the server share; the schemas are in api/reports.ts.

/** What can be reported (issue 18): a character, a reply in one's own chat, a shared picture, a creator. */
export const REPORT_TARGET_TYPES = ['character', 'message', 'share', 'profile'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** Why: a fixed list, so the queue can be sorted and counted (web `reports.json` `reasons.*`). */
export const REPORT_REASONS = [
  'minor_safety',
  'sexual_content',
  'violence',
  'hate',
  'self_harm',
  'spam',
  'impersonation',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * How much one report weighs towards hiding a public item until review (REPORT_HIDE_THRESHOLD
 * distinct reporters, 3 by default): a report of a minor at risk counts twice, so two people
 * hide an item while one alone still can't (docs/decisions.md).
 */
export const REPORT_WEIGHT: Record<ReportReason, number> = {
  minor_safety: 2,
  sexual_content: 1,
  violence: 1,
  hate: 1,
  self_harm: 1,
  spam: 1,
  impersonation: 1,
  other: 1,
};

/** What an admin can do about a reported item. */
export const MODERATION_ACTIONS = ['hide', 'restore', 'delete', 'ban', 'unban', 'dismiss'] as const;
export type ModerationActionKind = (typeof MODERATION_ACTIONS)[number];

/**
 * The actions each kind of item takes. A message lives in a private chat: nothing public to
 * hide or delete, so it is dismissed or its character's creator banned. A profile is hidden
 * (default name and picture), never deleted here.
 */
export const ACTIONS_FOR: Record<ReportTargetType, readonly ModerationActionKind[]> = {
  character: ['hide', 'restore', 'delete', 'ban', 'unban', 'dismiss'],
  share: ['hide', 'restore', 'delete', 'ban', 'unban', 'dismiss'],
  profile: ['hide', 'restore', 'ban', 'unban', 'dismiss'],
  message: ['ban', 'unban', 'dismiss'],
};

/** Entries of the audit log: the admins' actions, and `auto_hide` (hidden by reports, no actor). */
export const LOG_ACTIONS = [...MODERATION_ACTIONS, 'auto_hide'] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

export const REPORT_LIMITS = {
  details: 1000,
  note: 500,
  /** Longest excerpt kept of a reported message. */
  excerpt: 4000,
  pageSize: 20,
  maxPageSize: 50,
  /** Days of safety counts at most. */
  maxDays: 90,
} as const;

export const SAFETY_VERDICTS = ['refuse', 'crisis', 'explicit'] as const;
export type SafetyVerdict = (typeof SAFETY_VERDICTS)[number];
