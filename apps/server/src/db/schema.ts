import { sql } from 'drizzle-orm';
import {
  customType,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  primaryKey,
  real,
  serial,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Login type of the account (spec §3): 0 tourist, 1 Google, 2 Facebook, 4 other. */
    type: smallint('type').notNull(),
    /** SHA-256 of the tourist code; the code itself is never stored. */
    touristCodeHash: text('tourist_code_hash'),
    email: text('email'),
    /**
     * Whether `email` is proven: by our own email code, or `email_verified: true` from an OpenID
     * provider. Only a proven address may make its owner an admin (ADMIN_EMAILS); Facebook's never.
     */
    emailVerified: boolean('email_verified').notNull().default(false),
    /** A tourist's network (IPv4 address or IPv6 /64) at its last login: its free credits' pool. */
    network: text('network'),
    name: text('name').notNull().default(''),
    head: text('head').notNull().default(''),
    /** Storage key of an uploaded avatar (then `head` is its URL), for removing it with the account. */
    headKey: text('head_key'),
    enableNsfw: boolean('enable_nsfw').notNull().default(false),
    subscription: boolean('subscription').notNull().default(false),
    /** The Stripe subscription behind the subscription flag, for cancelling it. */
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** Banned by an admin (issue 18): may not publish characters or share pictures. */
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    /** The public profile (name and picture shown beside their characters) hidden by an admin. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_tourist_code_hash_idx').on(t.touristCodeHash),
    // Not unique: a Google account and an email-code account may share an address; users are
    // known by their identities (provider and subject), never by email alone.
    index('users_email_idx').on(t.email),
  ],
);
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * How a user signs in: 'email' (the address, lower-cased, is the subject), 'google',
 * 'facebook' or another OpenID provider with its `sub`. One user may have several.
 */
export const identities = pgTable(
  'identities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identities_provider_subject_idx').on(t.provider, t.subject),
    index('identities_user_idx').on(t.userId),
  ],
);

/**
 * Email sign-in codes (decisions.md): 6 digits, 10 minutes, single use, 5 tries. Only a hash of
 * the code is kept, and a hash of the nonce of the browser that asked for it (its cookie).
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    bindingHash: text('binding_hash').notNull(),
    /** The asker's network (IPv4 address or IPv6 /64), for the per-address limit. */
    ip: text('ip').notNull(),
    tries: smallint('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_codes_email_created_idx').on(t.email, t.createdAt),
    index('email_codes_ip_created_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * A proven identity waiting to open a session: the access token that email/verify (or a
 * provider's callback) answers, redeemed once by POST /cgi-bin/login within minutes.
 */
export const loginTokens = pgTable('login_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  /** SHA-256 of the login-binding cookie of the browser that started this sign-in. */
  bindingHash: text('binding_hash').notNull().default(''),
  provider: text('provider').notNull(),
  subject: text('subject').notNull(),
  email: text('email'),
  emailVerified: boolean('email_verified').notNull().default(false),
  name: text('name').notNull().default(''),
  head: text('head').notNull().default(''),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the ticket; the ticket itself only lives in the browser's cookie. */
    ticketHash: text('ticket_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_ticket_hash_idx').on(t.ticketHash),
    index('sessions_user_id_idx').on(t.userId),
  ],
);
export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

/**
 * A bucket of credits with its own expiry: the day's free credits (one per user and UTC day)
 * or a paid pack. Spending takes from buckets; `remaining` never goes below zero.
 */
export const creditBuckets = pgTable(
  'credit_buckets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['daily', 'paid'] }).notNull(),
    /** The UTC day of a daily bucket. */
    day: date('day', { mode: 'string' }),
    amount: integer('amount').notNull(),
    remaining: integer('remaining').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** What granted it (a plan, a redeem code, an admin) and that thing's id, for idempotency. */
    source: text('source').notNull(),
    sourceRef: text('source_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_buckets_user_day_idx').on(t.userId, t.day),
    uniqueIndex('credit_buckets_source_ref_idx').on(t.source, t.sourceRef),
    index('credit_buckets_user_expires_idx').on(t.userId, t.expiresAt),
    check('credit_buckets_remaining_check', sql`${t.remaining} >= 0 AND ${t.remaining} <= ${t.amount}`),
  ],
);
export type CreditBucket = typeof creditBuckets.$inferSelect;
export type NewCreditBucket = typeof creditBuckets.$inferInsert;

/**
 * The append-only ledger: every grant, spend and refund, one row per bucket touched. A spend
 * over several buckets shares one `operation_id`; its refund points back with `refund_of`.
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bucketId: bigint('bucket_id', { mode: 'number' })
      .notNull()
      .references(() => creditBuckets.id, { onDelete: 'cascade' }),
    operationId: uuid('operation_id').notNull(),
    kind: text('kind', { enum: ['grant', 'spend', 'refund'] }).notNull(),
    /** Signed: positive for grants and refunds, negative for spends. */
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    /** For a refund: the operation it reverses (at most one refund per spend). */
    refundOf: uuid('refund_of'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_entries_user_created_idx').on(t.userId, t.createdAt),
    index('credit_entries_operation_idx').on(t.operationId),
    uniqueIndex('credit_entries_refund_of_bucket_idx').on(t.refundOf, t.bucketId),
  ],
);
export type CreditEntry = typeof creditEntries.$inferSelect;
export type NewCreditEntry = typeof creditEntries.$inferInsert;

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A character (spec §3) with the fields of the create form and of imported cards. Public and
 * approved characters are listed; private ones exist only for their owner. Deleting sets
 * `deleted_at` so likes can still say the creator removed it.
 */
export const characters = pgTable(
  'characters',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    personality: text('personality').notNull().default(''),
    firstMessage: text('first_message').notNull(),
    alternateGreetings: jsonb('alternate_greetings').$type<string[]>().notNull().default([]),
    scenario: text('scenario').notNull().default(''),
    exampleDialogue: text('example_dialogue').notNull().default(''),
    systemPrompt: text('system_prompt').notNull().default(''),
    postHistoryInstructions: text('post_history_instructions').notNull().default(''),
    creatorNotes: text('creator_notes').notNull().default(''),
    chatStyle: text('chat_style', { enum: ['story', 'dialogue'] }).notNull(),
    model: text('model').notNull(),
    category: text('category', { enum: ['anime', 'realistic', 'girlfriend', 'boyfriend'] }).notNull(),
    gender: text('gender', { enum: ['Female', 'Male'] }).notNull(),
    nsfw: boolean('nsfw').notNull().default(false),
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull(),
    approval: text('approval', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
    /** Storage keys of the uploaded avatar and of its 402x402 webp list image. */
    headKey: text('head_key').notNull(),
    listHeadKey: text('list_head_key').notNull(),
    /** The spec's comma-separated `tag`, kept in step with character_tags. */
    tagLine: text('tag_line').notNull().default(''),
    /** Card data this table has no column for (extensions, character book, V3 keys, unknown keys). */
    cardExtra: jsonb('card_extra').$type<CardExtra>().notNull().default({ data: {}, top: {} }),
    /** The character it was cloned from, if any. */
    clonedFrom: bigint('cloned_from', { mode: 'number' }),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    ratingAvg: real('rating_avg').notNull().default(0),
    /** Messages exchanged with the character (spec's comment_num). */
    commentNum: integer('comment_num').notNull().default(0),
    /** Position in today's Hot order, recomputed once a UTC day. */
    hotKey: integer('hot_key').notNull().default(0),
    /** Hidden from everyone but its owner: by an admin, or by reports until one reviews it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(tag_line, '')), 'B') || setweight(to_tsvector('simple', coalesce(description, '')), 'C')`,
    ),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('characters_owner_idx').on(t.ownerId, t.createdAt),
    index('characters_hot_idx')
      .on(t.hotKey, t.id)
      .where(sql`deleted_at IS NULL AND visibility = 'public' AND approval = 'approved'`),
    index('characters_rating_idx')
      .on(t.ratingAvg.desc().nullsFirst(), t.ratingCount.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at IS NULL AND visibility = 'public' AND approval = 'approved'`),
    index('characters_new_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at IS NULL AND visibility = 'public' AND approval = 'approved'`),
    index('characters_pending_idx')
      .on(t.createdAt)
      .where(sql`deleted_at IS NULL AND approval = 'pending'`),
    index('characters_search_idx').using('gin', t.search),
    index('characters_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);
export type Character = typeof characters.$inferSelect;
export type NewCharacter = typeof characters.$inferInsert;
export interface CardExtra {
  /** Keys of the card's `data` without a column here. */
  data: Record<string, unknown>;
  /** Top-level keys besides spec, spec_version and data. */
  top: Record<string, unknown>;
}

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('tags_name_idx').on(sql`lower(${t.name})`)],
);

export const characterTags = pgTable(
  'character_tags',
  {
    characterId: bigint('character_id', { mode: 'number' })
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.characterId, t.tagId] }),
    index('character_tags_tag_idx').on(t.tagId, t.characterId),
  ],
);

/** One rating per user and character; the character keeps the sum, count and average. */
export const characterRatings = pgTable(
  'character_ratings',
  {
    characterId: bigint('character_id', { mode: 'number' })
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stars: smallint('stars').notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.characterId, t.userId] }),
    check('character_ratings_stars_check', sql`${t.stars} BETWEEN 1 AND 5`),
  ],
);

/** Likes ("collect" in the spec's calls). */
export const collects = pgTable(
  'collects',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    characterId: bigint('character_id', { mode: 'number' })
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('collects_user_character_idx').on(t.userId, t.characterId),
    index('collects_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** Recent chats: the last time a user opened a chat with a character. */
export const characterBrowses = pgTable(
  'character_browses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    characterId: bigint('character_id', { mode: 'number' })
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('character_browses_user_character_idx').on(t.userId, t.characterId),
    index('character_browses_user_last_idx').on(t.userId, t.lastAt),
  ],
);

/** Small facts the whole deployment shares, e.g. the UTC day the Hot order was drawn for. */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A chat: with a character, or an AI chat without one. Restarting a character chat starts a new
 * conversation; the latest one is the current one. `memory` is the rolling summary of the turns
 * that no longer fit the model's context, up to message `memory_upto`.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    characterId: bigint('character_id', { mode: 'number' }).references(() => characters.id, {
      onDelete: 'cascade',
    }),
    model: text('model').notNull(),
    personaName: text('persona_name').notNull().default(''),
    personaDescription: text('persona_description').notNull().default(''),
    memory: text('memory').notNull().default(''),
    memoryUpto: bigint('memory_upto', { mode: 'number' }).notNull().default(0),
    /**
     * Counts every change to the conversation's messages (a trigger on chat_messages keeps it):
     * a copy of the messages held by a process is good while the revision is the same.
     */
    revision: integer('revision').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('conversations_user_character_idx').on(t.userId, t.characterId, t.createdAt)],
);
export type Conversation = typeof conversations.$inferSelect;

/** A chat message; an assistant message keeps every alternative (swipe) and the chosen one. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    swipes: jsonb('swipes').$type<string[]>().notNull(),
    swipeIndex: integer('swipe_index').notNull().default(0),
    finishReason: text('finish_reason'),
    engine: text('engine'),
    /** A notice shown before the reply: 'crisis' (the crisis line of the reader's locale). */
    notice: text('notice'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.id)],
);
export type ChatMessageRow = typeof chatMessages.$inferSelect;

/**
 * A sign-in with Google, Facebook or another OpenID provider under way: `state`, `nonce` and the
 * PKCE verifier, found by the hash of the HttpOnly cookie of the browser that started it.
 */
export const oauthFlows = pgTable('oauth_flows', {
  idHash: text('id_hash').primaryKey(),
  provider: text('provider').notNull(),
  state: text('state').notNull(),
  nonce: text('nonce').notNull(),
  verifier: text('verifier').notNull(),
  popup: boolean('popup').notNull(),
  returnTo: text('return_to').notNull(),
  /** SHA-256 of the login-binding cookie of the browser that started it: its token is theirs. */
  bindingHash: text('binding_hash').notNull().default(''),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A purchase of a plan: made pending when the checkout starts, paid once the provider's signed
 * notice arrives (then its credits are granted in the same transaction). Price, credits and
 * expiry are copied from the catalogue at checkout, so a later catalogue change never alters an
 * order. Orders outlive a removed account without its id (kept for the books, nothing personal).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    plan: text('plan').notNull(),
    /** 'stripe' (card) or 'nowpayments' (crypto). */
    provider: text('provider', { enum: ['stripe', 'nowpayments'] }).notNull(),
    /** Made in the built-in test checkout: no money moves. */
    testMode: boolean('test_mode').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'canceled'] })
      .notNull()
      .default('pending'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    credits: integer('credits').notNull(),
    expiryDays: integer('expiry_days').notNull(),
    /** The buyer's language, for the receipt. */
    locale: text('locale').notNull(),
    /** The provider's checkout: Stripe's session id or NOWPayments' invoice id. */
    providerRef: text('provider_ref'),
    /** The payment that paid it: Stripe's payment intent or NOWPayments' payment id. */
    paymentRef: text('payment_ref'),
    /** Test-mode crypto orders: the status the test checkout's payment API answers. */
    testPaymentStatus: text('test_payment_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    creditsExpireAt: timestamp('credits_expire_at', { withTimezone: true }),
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_provider_ref_idx').on(t.provider, t.providerRef),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

/**
 * Every payment notice handled, by provider and event id (Stripe's event id; NOWPayments'
 * payment id and status): the same notice twice is recognised here, in the transaction that
 * grants, so it grants once however often and however concurrently it arrives.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: uuid('order_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * Redeem codes (spec: exchange codes sold by key marketplaces): only a hash of the code is
 * kept. A code grants a plan's credits or a number of credits lasting `expiry_days`, once.
 */
export const redeemCodes = pgTable(
  'redeem_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    codeHash: text('code_hash').notNull(),
    plan: text('plan'),
    credits: integer('credits').notNull(),
    expiryDays: integer('expiry_days').notNull(),
    /** After this a code can't be redeemed; null: no limit. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    redeemedBy: uuid('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    creditsExpireAt: timestamp('credits_expire_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('redeem_codes_code_hash_idx').on(t.codeHash),
    index('redeem_codes_redeemed_by_idx').on(t.redeemedBy),
  ],
);

/** Failed redeem tries, counted per user and per address to slow down guessing. */
export const redeemFailures = pgTable(
  'redeem_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('redeem_failures_user_created_idx').on(t.userId, t.createdAt),
    index('redeem_failures_ip_created_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Generation jobs (ARCHITECTURE.md): image, speech, voice clone, face swap. Made in the same
 * transaction that spends their credits; claimed by workers with FOR UPDATE SKIP LOCKED, fast
 * lane (0) before slow (1), oldest first. A running job's worker beats its heart; a job whose
 * worker stopped beating is retried once, then failed and refunded.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['image', 'speech', 'voice_clone', 'faceswap'] }).notNull(),
    /** 0 fast (priority), 1 slow. */
    lane: smallint('lane').notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    input: jsonb('input').notNull(),
    result: jsonb('result'),
    /** Failed: the message key to show. */
    error: text('error'),
    progress: real('progress'),
    attempts: smallint('attempts').notNull().default(0),
    cost: integer('cost').notNull(),
    /** The credits spend this job refunds if it fails. */
    spendOp: uuid('spend_op'),
    /** Made by an offline preview engine. */
    preview: boolean('preview').notNull().default(false),
    worker: text('worker'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_queue_idx')
      .on(t.lane, t.createdAt)
      .where(sql`${t.state} = 'queued'`),
    index('jobs_running_idx')
      .on(t.heartbeatAt)
      .where(sql`${t.state} = 'running'`),
    index('jobs_user_kind_created_idx').on(t.userId, t.kind, t.createdAt),
  ],
);
export type JobRow = typeof jobs.$inferSelect;
export type NewJobRow = typeof jobs.$inferInsert;

/** A generated image made public: its page is /share/<id>, the explore gallery lists it. */
export const imageShares = pgTable(
  'image_shares',
  {
    id: text('id').primaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    index: smallint('index').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The public copy of the file. */
    fileKey: text('file_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    prompt: text('prompt').notNull(),
    tool: text('tool').notNull(),
    preset: text('preset'),
    adult: boolean('adult').notNull().default(false),
    preview: boolean('preview').notNull().default(false),
    /** Hidden by an admin, or by reports until one reviews it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('image_shares_job_index_idx').on(t.jobId, t.index),
    index('image_shares_tool_created_idx').on(t.tool, t.createdAt),
    index('image_shares_created_idx').on(t.createdAt),
  ],
);

/**
 * Counters of the limits that must hold across every process (modules/limits): how many of
 * something a key (an address, a network, an account) used in a fixed window. Raised with one
 * atomic upsert, so concurrent requests on any number of processes never pass a limit.
 */
export const quotaCounters = pgTable(
  'quota_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    used: integer('used').notNull().default(0),
    /** When the window ends: rows past it are swept. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('quota_counters_expires_idx').on(t.expiresAt),
  ],
);

/**
 * What moderation decided, without the text (issue 18): refusals and crisis notices per surface,
 * for the operator's counts. The user is kept for abuse review and erased with the account.
 */
export const moderationEvents = pgTable(
  'moderation_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where: chat, reply, persona, memory, character, image_prompt, voice_script, image, upload. */
    surface: text('surface').notNull(),
    /** 'refuse', 'crisis' or 'explicit'. */
    verdict: text('verdict').notNull(),
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    /** The engine that decided (offline floor, openai-moderation, llama-guard, nsfwjs). */
    engine: text('engine').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_events_created_idx').on(t.createdAt, t.verdict)],
);

/** A user's report of a character, message, shared picture or profile (issue 18). */
export const reports = pgTable(
  'reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['character', 'message', 'share', 'profile'] }).notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    /** What was reported as the reporter saw it (a private message's text), for the reviewer. */
    excerpt: text('excerpt').notNull().default(''),
    status: text('status', { enum: ['open', 'actioned', 'dismissed'] })
      .notNull()
      .default('open'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_reporter_target_idx').on(t.reporterId, t.targetType, t.targetId),
    index('reports_open_idx')
      .on(t.targetType, t.targetId)
      .where(sql`status = 'open'`),
    index('reports_created_idx').on(t.createdAt),
  ],
);
export type ReportRow = typeof reports.$inferSelect;

/** The audit log of admins' moderation: who did what to which item, and why. Never edited. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The admin, or null for an automatic action (hidden by reports). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_actions_created_idx').on(t.createdAt),
    index('moderation_actions_target_idx').on(t.targetType, t.targetId),
  ],
);
