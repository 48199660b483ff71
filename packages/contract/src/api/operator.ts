import { z } from 'zod';
import { ORDER_STATUSES, PAY_METHODS } from '../credits';
import { JOB_STATES } from './images';
import * as API from './routes/operator';
import { endpoint } from './endpoint';

/** The operator console's bounds (issue 23). */
export const OPERATOR_LIMITS = {
  /** Credits one grant or take-back moves at most. */
  maxCredits: 1_000_000,
  /** Days a granted pack lasts by default, and at most. */
  grantDays: 365,
  maxGrantDays: 3650,
  reasonMin: 3,
  reasonMax: 500,
  ledgerPageSize: 30,
  jobsPageSize: 30,
  logPageSize: 30,
  maxPageSize: 100,
  /** Users a search answers at most. */
  searchResults: 20,
} as const;

/** The operator actions the audit log names. */
export const OPERATOR_ACTIONS = [
  'credits_grant',
  'credits_take_back',
  'order_refund',
  'user_ban',
  'user_unban',
  'job_retry',
  'job_cancel',
] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

export const OPERATOR_TARGET_TYPES = ['user', 'order', 'job'] as const;
export type OperatorTargetType = (typeof OPERATOR_TARGET_TYPES)[number];

/** The job states the queue view lists ('queued' is what the console calls waiting). */
export const OPERATOR_JOB_STATES = ['queued', 'running', 'failed'] as const;
export const OPERATOR_JOB_KINDS = ['image', 'speech', 'voice_clone', 'faceswap'] as const;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const page = z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1));
const pageSize = (fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(OPERATOR_LIMITS.maxPageSize).default(fallback),
  );
/** Why the operator acts: required, written to the audit log. */
const reason = z.string().trim().min(OPERATOR_LIMITS.reasonMin).max(OPERATOR_LIMITS.reasonMax);
const credits = z.number().int().min(1).max(OPERATOR_LIMITS.maxCredits);

/** GET /cgi-bin/admin/operator/users?q=: users by id (exact) or email (exact, or its beginning). */
export const operatorUsersQuerySchema = z.strictObject({
  q: z.string().trim().min(1).max(254),
});

export const operatorUserSummarySchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  /** Login type (spec §3): 0 tourist, 1 Google, 2 Facebook, 4 other. */
  type: z.number().int(),
  banned: z.boolean(),
  deleted: z.boolean(),
  created_at: z.number(),
});
export type OperatorUserSummary = z.infer<typeof operatorUserSummarySchema>;

export const operatorUsersSchema = z.object({ users: z.array(operatorUserSummarySchema) });

/** GET /cgi-bin/admin/operator/user?id=: one user, with a page of their ledger. */
export const operatorUserQuerySchema = z.strictObject({
  id: z.uuid(),
  ledger_page: page,
});

export const operatorBucketSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['daily', 'paid']),
  /** What granted it: daily, order, redeem, admin... */
  source: z.string(),
  amount: z.number().int(),
  remaining: z.number().int(),
  expires_at: z.number(),
  expired: z.boolean(),
});

export const operatorLedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['grant', 'spend', 'refund', 'revoke']),
  delta: z.number().int(),
  reason: z.string(),
  bucket_id: z.number().int(),
  operation_id: z.string(),
  created_at: z.number(),
});
export type OperatorLedgerEntry = z.infer<typeof operatorLedgerEntrySchema>;

export const operatorOrderSchema = z.object({
  id: z.string(),
  plan: z.string(),
  method: z.enum(PAY_METHODS),
  provider: z.enum(['stripe', 'nowpayments']),
  status: z.enum(ORDER_STATUSES),
  test_mode: z.boolean(),
  amount_cents: z.number().int(),
  currency: z.string(),
  credits: z.number().int(),
  created_at: z.number(),
  paid_at: z.number().nullable(),
  refunded_at: z.number().nullable(),
  /** The provider's checkout (Stripe session, NOWPayments invoice) and payment. */
  provider_ref: z.string().nullable(),
  payment_ref: z.string().nullable(),
  /** Stripe's refund id, or 'manual' for a crypto order refunded by hand. */
  refund_ref: z.string().nullable(),
  /** The provider's last signed notice about it (e.g. checkout.session.completed, payment.finished). */
  provider_state: z.string().nullable(),
  /** Refunding calls Stripe's refunds API ('stripe'), is recorded by hand ('manual'), or moves no money ('test'). */
  refund_via: z.enum(['stripe', 'manual', 'test']),
});
export type OperatorOrder = z.infer<typeof operatorOrderSchema>;

export const operatorUserDetailSchema = z.object({
  user: operatorUserSummarySchema.extend({
    email_verified: z.boolean(),
    subscription: z.boolean(),
    banned_at: z.number().nullable(),
    is_admin: z.boolean(),
  }),
  balance: z.object({
    /** What they can spend now: today's free credits and live paid packs. */
    remain: z.number().int(),
    free: z.number().int(),
    paid: z.number().int(),
  }),
  buckets: z.array(operatorBucketSchema),
  ledger: z.object({
    entries: z.array(operatorLedgerEntrySchema),
    page: z.number().int(),
    has_more: z.boolean(),
  }),
  orders: z.array(operatorOrderSchema),
});
export type OperatorUserDetail = z.infer<typeof operatorUserDetailSchema>;

/**
 * POST /cgi-bin/admin/operator/credits: grant a pack (lasting `days`) or take credits back. A
 * take-back takes from paid packs first, then today's free credits, and never below zero: asking
 * for more than the user has takes nothing and says so.
 */
export const operatorCreditsBodySchema = z.strictObject({
  user_id: z.uuid(),
  action: z.enum(['grant', 'take_back']),
  amount: credits,
  reason,
  days: z.number().int().min(1).max(OPERATOR_LIMITS.maxGrantDays).default(OPERATOR_LIMITS.grantDays),
});
export type OperatorCreditsBody = z.input<typeof operatorCreditsBodySchema>;

export const operatorCreditsResultSchema = z.object({
  /** Credits moved (positive for a grant, negative for a take-back). */
  delta: z.number().int(),
  remain: z.number().int(),
  log_id: z.number().int(),
});

/**
 * POST /cgi-bin/admin/operator/order/refund: a paid order refunded (Stripe: through its refunds
 * API; NOWPayments: recorded as refunded by hand, `reason` says how) and its credits taken back,
 * as many as the user still has. Once: a refunded order refuses.
 */
export const operatorRefundBodySchema = z.strictObject({
  order_id: z.uuid(),
  reason,
});

export const operatorRefundResultSchema = z.object({
  order: operatorOrderSchema,
  /** Credits taken back, and those the user had spent already (not taken). */
  credits_reversed: z.number().int(),
  credits_short: z.number().int(),
  log_id: z.number().int(),
});

/** POST /cgi-bin/admin/operator/ban: ban (true) or lift the ban (false), with the reason. */
export const operatorBanBodySchema = z.strictObject({
  user_id: z.uuid(),
  banned: z.boolean(),
  reason,
});

export const operatorBanResultSchema = z.object({
  banned: z.boolean(),
  /** False when it already was as asked (nothing changed, nothing logged). */
  changed: z.boolean(),
  log_id: z.number().int().nullable(),
});

/** GET /cgi-bin/admin/operator/jobs: the queue, by state, oldest first (failed: newest first). */
export const operatorJobsQuerySchema = z.strictObject({
  state: z.preprocess(blankToUndefined, z.enum(OPERATOR_JOB_STATES).default('queued')),
  kind: z.preprocess(blankToUndefined, z.enum(OPERATOR_JOB_KINDS).optional()),
  user_id: z.preprocess(blankToUndefined, z.uuid().optional()),
  page,
  page_size: pageSize(OPERATOR_LIMITS.jobsPageSize),
});

export const operatorJobSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  kind: z.enum(OPERATOR_JOB_KINDS),
  state: z.enum(JOB_STATES),
  lane: z.number().int(),
  cost: z.number().int(),
  attempts: z.number().int(),
  /** The message key a failed job shows its owner. */
  error: z.string().nullable(),
  worker: z.string().nullable(),
  created_at: z.number(),
  started_at: z.number().nullable(),
  finished_at: z.number().nullable(),
  /** Seconds since it was made. */
  age_seconds: z.number(),
  /** Its credits went back to the user (failed or cancelled). */
  refunded: z.boolean(),
});
export type OperatorJob = z.infer<typeof operatorJobSchema>;

export const operatorJobsSchema = z.object({
  jobs: z.array(operatorJobSchema),
  has_more: z.boolean(),
  counts: z.object({ queued: z.number().int(), running: z.number().int(), failed: z.number().int() }),
});

/**
 * POST /cgi-bin/admin/operator/job: `retry` puts a failed job back in the queue, charging its
 * cost again (its first charge was refunded when it failed); `cancel` ends a waiting or running
 * job as failed and refunds it, once, even against a worker finishing it at the same moment.
 */
export const operatorJobActionBodySchema = z.strictObject({
  job_id: z.uuid(),
  action: z.enum(['retry', 'cancel']),
  reason,
});

export const operatorJobActionResultSchema = z.object({
  job: operatorJobSchema,
  log_id: z.number().int(),
});

/** GET /cgi-bin/admin/operator/engines?probe=: each engine, from its jobs and (asked) a live probe. */
export const operatorEnginesQuerySchema = z.strictObject({
  probe: z.preprocess(blankToUndefined, z.stringbool().default(false)),
});

export const operatorEngineSchema = z.object({
  /** What it does: chat, image, speech, voice_clone, faceswap, moderation. */
  capability: z.string(),
  /** The configured engine's id (e.g. openai-compatible, demo, espeak). */
  engine: z.string(),
  /** An offline engine built into the site (no server to be down). */
  offline: z.boolean(),
  /** From its jobs (job kinds only; null for chat and moderation). */
  last_success_at: z.number().nullable(),
  last_failure_at: z.number().nullable(),
  last_error: z.string().nullable(),
  failures_last_hour: z.number().int().nullable(),
  successes_last_hour: z.number().int().nullable(),
  /** A live probe of its server (when asked and possible): ok, its time, or why it failed. */
  probe: z.object({ ok: z.boolean(), ms: z.number(), error: z.string().optional() }).nullable(),
  /** ok: nothing wrong seen; degraded: failures in the last hour or a failed probe; idle: nothing yet. */
  status: z.enum(['ok', 'degraded', 'down', 'idle']),
});
export type OperatorEngine = z.infer<typeof operatorEngineSchema>;

export const operatorEnginesSchema = z.object({ engines: z.array(operatorEngineSchema) });

/** GET /cgi-bin/admin/operator/log: the audit log, newest first, optionally for one target. */
export const operatorLogQuerySchema = z.strictObject({
  page,
  page_size: pageSize(OPERATOR_LIMITS.logPageSize),
  target_type: z.preprocess(blankToUndefined, z.enum(OPERATOR_TARGET_TYPES).optional()),
  target_id: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[\w-]{1,64}$/)
      .optional(),
  ),
});

export const operatorLogEntrySchema = z.object({
  id: z.number().int(),
  admin: z.object({ id: z.string(), email: z.string().nullable(), name: z.string() }).nullable(),
  action: z.enum(OPERATOR_ACTIONS),
  target_type: z.enum(OPERATOR_TARGET_TYPES),
  target_id: z.string(),
  reason: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.number(),
});
export type OperatorLogEntry = z.infer<typeof operatorLogEntrySchema>;

export const operatorLogSchema = z.object({
  entries: z.array(operatorLogEntrySchema),
  has_more: z.boolean(),
});

const admin = { tag: 'admin', access: 'admin' } as const;

/** The operator console (issue 23): admins only, every change written to the audit log. */
export const OPERATOR_ENDPOINTS = {
  operatorUsers: endpoint({
    ...API.operatorUsers,
    ...admin,
    summary: 'Find users by id or email (admins)',
    query: operatorUsersQuerySchema,
    response: operatorUsersSchema,
  }),
  operatorUser: endpoint({
    ...API.operatorUser,
    ...admin,
    summary: 'One user: profile, balance by bucket, a page of the ledger, orders, ban (admins)',
    query: operatorUserQuerySchema,
    response: operatorUserDetailSchema,
  }),
  operatorCredits: endpoint({
    ...API.operatorCredits,
    ...admin,
    summary: 'Grant credits or take them back, with a reason (admins)',
    body: operatorCreditsBodySchema,
    response: operatorCreditsResultSchema,
  }),
  operatorRefund: endpoint({
    ...API.operatorRefund,
    ...admin,
    summary: 'Refund a paid order and take its credits back, once (admins)',
    body: operatorRefundBodySchema,
    response: operatorRefundResultSchema,
  }),
  operatorBan: endpoint({
    ...API.operatorBan,
    ...admin,
    summary: 'Ban a user or lift the ban, with a reason (admins)',
    body: operatorBanBodySchema,
    response: operatorBanResultSchema,
  }),
  operatorJobs: endpoint({
    ...API.operatorJobs,
    ...admin,
    summary: 'The job queue: waiting, running or failed jobs (admins)',
    query: operatorJobsQuerySchema,
    response: operatorJobsSchema,
  }),
  operatorJobAction: endpoint({
    ...API.operatorJobAction,
    ...admin,
    summary: 'Retry a failed job, or cancel a waiting or running one with its refund (admins)',
    body: operatorJobActionBodySchema,
    response: operatorJobActionResultSchema,
  }),
  operatorEngines: endpoint({
    ...API.operatorEngines,
    ...admin,
    summary: "Each engine's health: its recent jobs, optionally a live probe (admins)",
    query: operatorEnginesQuerySchema,
    response: operatorEnginesSchema,
  }),
  operatorLog: endpoint({
    ...API.operatorLog,
    ...admin,
    summary: "The operator console's audit log, newest first (admins)",
    query: operatorLogQuerySchema,
    response: operatorLogSchema,
  }),
};
