/** Characters, their tags, ratings, likes and recent chats. */
import { sql } from 'drizzle-orm';
import {
  customType,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  primaryKey,
  real,
  serial,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, createdAt, serialId, timestamps } from './columns';
import { userOf } from './accounts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A character (spec §3) with the fields of the create form and of imported cards. Public and
 * approved characters are listed; private ones exist only for their owner. Deleting sets
 * `deleted_at` so likes can still say the creator removed it.
 */
export const characters = pgTable(
  'characters',
  {
    id: serialId(),
    ownerId: userOf('owner_id'),
    name: text('name').notNull(),
    description: text('description').notNull(),
    personality: text('personality').notNull().default(''),
    firstMessage: text('first_message').notNull(),
    alternateGreetings: jsonb('alternate_greetings').$type<string[]>().notNull().default([]),
    scenario: text('scenario').notNull().default(''),
    /** How the character looks, for pictures (issue 22); '' draws it from the description. */
    appearance: text('appearance').notNull().default(''),
    /** Storage key of the look's reference picture, sent to engines that take one. */
    referenceKey: text('reference_key'),
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
    /**
     * The versions it is based on, oldest first, as they were when it was cloned (or as an
     * imported card named them): the credit outlives the source's renaming, hiding or deletion.
     */
    lineage: jsonb('lineage').$type<LineageEntry[]>().notNull().default([]),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    ratingAvg: real('rating_avg').notNull().default(0),
    /** Messages exchanged with the character (spec's comment_num). */
    commentNum: integer('comment_num').notNull().default(0),
    /** Position in today's Hot order, recomputed once a UTC day. */
    hotKey: integer('hot_key').notNull().default(0),
    /**
     * Its voice (issue 22): a preset voice's id, or `clone:<job id>` of one of the owner's cloned
     * voices (private characters only); null speaks in the default voice of its gender.
     */
    voiceId: text('voice_id'),
    /** Hidden from everyone but its owner: by an admin, or by reports until one reviews it. */
    hiddenAt: at('hidden_at'),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(tag_line, '')), 'B') || setweight(to_tsvector('simple', coalesce(description, '')), 'C')`,
    ),
    deletedAt: at('deleted_at'),
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

/** The character a row is about; the row goes when the character goes. */
export const characterOf = () =>
  bigint('character_id', { mode: 'number' })
    .notNull()
    .references(() => characters.id, { onDelete: 'cascade' });
/** One version in a character's lineage (issue 21, docs/decisions.md "Creator credit"). */
export interface LineageEntry {
  /** The character here, when the version is one of this site's. */
  id?: number;
  name: string;
  /** The name it was credited to (empty when the creator's name was hidden). */
  creator: string;
  /** Its page elsewhere, as an imported card gave it. */
  url?: string;
  /**
   * Whether everyone could see it when it was cloned (public, approved, not hidden). Only its
   * owner (or an admin) can clone one that was not, and its name is then shown only to those who
   * may see it now.
   */
  listed: boolean;
}

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
    characterId: characterOf(),
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
    characterId: characterOf(),
    userId: userOf(),
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
    id: serialId(),
    userId: userOf(),
    characterId: characterOf(),
    createdAt: createdAt(),
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
    id: serialId(),
    userId: userOf(),
    characterId: characterOf(),
    lastAt: at('last_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('character_browses_user_character_idx').on(t.userId, t.characterId),
    index('character_browses_user_last_idx').on(t.userId, t.lastAt),
  ],
);
