/** Users, their sign-in identities, codes, tokens and provider flows, and their sessions. */
import { boolean, index, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, serialId, timestamps } from './columns';

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
    bannedAt: at('banned_at'),
    /** The public profile (name and picture shown beside their characters) hidden by an admin. */
    hiddenAt: at('hidden_at'),
    deletedAt: at('deleted_at'),
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

/** The user a row belongs to (`user_id` unless named); the row goes when the account goes. */
export const userOf = (name = 'user_id') =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A user a row names but outlives: null once the account is erased. */
export const userOrNull = (name: string) => uuid(name).references(() => users.id, { onDelete: 'set null' });
export type NewUser = typeof users.$inferInsert;

/**
 * How a user signs in: 'email' (the address, lower-cased, is the subject), 'google',
 * 'facebook' or another OpenID provider with its `sub`. One user may have several.
 */
export const identities = pgTable(
  'identities',
  {
    id: serialId(),
    userId: userOf(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
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
    id: serialId(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    bindingHash: text('binding_hash').notNull(),
    /** The asker's network (IPv4 address or IPv6 /64), for the per-address limit. */
    ip: text('ip').notNull(),
    tries: smallint('tries').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
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
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userOf(),
    /** SHA-256 of the ticket; the ticket itself only lives in the browser's cookie. */
    ticketHash: text('ticket_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_ticket_hash_idx').on(t.ticketHash),
    index('sessions_user_id_idx').on(t.userId),
  ],
);
export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

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
  expiresAt: at('expires_at').notNull(),
});
