import {
  CHARACTER_LIMITS,
  ErrorCode,
  type CharacterDetail,
  type CharacterListQuery,
  type CharacterPage,
  type CharacterSummary,
} from '@lumi/contract';
import type { Db, DbOrTx, QueryPart } from '../../db/client';
import type { User } from '../../db/schema';
import { utcDay, type Clock } from '../../lib/clock';
import { BusinessError, notFound } from '../../lib/errors';
import type { AdminPolicy } from '../../plugins/admin';
import type { FileStorage } from '../../lib/storage';
import type { ModerationService } from '../safety/moderation.service';
import type { GenerationCache } from '../../lib/shared-cache';
import * as lists from './character-lists.repository';
import * as repo from './characters.repository';
import { nsfwRequired } from './character-draft';
import { basedOnFor, lineageIds } from './character-lineage';
import { creatorOf, detailOf, summaryOf } from './character-views';
import { HotOrder } from './hot-order';
import type { CachedPage } from './list-cache';
import { MAX_CACHED_LIKES, type CachedLikes, type LikesCache } from './likes-cache';
import type { FullRow, ListRow, SummaryRow, Viewer } from './characters.repository';

export interface CharactersDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  autoApprove: boolean;
  admins: AdminPolicy;
  /** Checks the fields, cards and avatars (issue 18). */
  moderation: ModerationService;
  /** The site's address: exported cards link the public versions a character is based on. */
  publicUrl: string;
  /**
   * The public lists' and search's pages, shared by the processes (list-cache.ts); none when
   * LIST_CACHE_SECONDS is 0.
   */
  listCache?: GenerationCache<CachedPage> | undefined;
  /** Each user's likes for those pages (likes-cache.ts); none when LIST_CACHE_SECONDS is 0. */
  likesCache?: LikesCache | undefined;
}

/** A public character as its page's link preview and first paint show it. */
export interface CharacterPreview {
  title: string;
  description: string;
  image: string;
  chat: { greeting: string; creator: string; avatar: string };
}

const COUNT_TTL_MS = 30_000;

/** Splits search input into the words the full-text query uses (letters and digits only). */
export function searchWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/** A visitor with no account: sees public, approved characters only. */
const NOBODY = { userId: '00000000-0000-0000-0000-000000000000', isAdmin: false };

/** A character as the chat reads it: what the page shows, and the card's lorebook for the prompt. */
export type ChatCharacter = CharacterDetail & { book?: unknown };

/**
 * What the characters' readers see (issue 3): the lists, search, a character's page and what a
 * chat reads of it, each with its permission checked (private characters exist only for their
 * owner, adult ones need enable_nsfw). CharactersService adds the changes, likes, cards and
 * moderation.
 */
export class CharacterReads {
  /** total_count of the New list per filter: counting 100k rows on every page costs too much. */
  private readonly counts = new Map<string, { n: number; at: number }>();
  private readonly hot: HotOrder;

  constructor(protected readonly deps: CharactersDeps) {
    // A new day's Hot order makes yesterday's cached Hot pages stale.
    this.hot = new HotOrder(deps.db, deps.clock, () => this.listedChanged());
  }

  isAdmin(user: User): boolean {
    return this.deps.admins.isAdmin(user);
  }

  protected viewer(user: User): Viewer {
    return { userId: user.id, isAdmin: this.isAdmin(user) };
  }

  summary(row: SummaryRow, user: User): CharacterSummary {
    return summaryOf(row, user, this.isAdmin(user), this.deps.storage);
  }

  protected page<T>(
    rows: T[],
    size: number,
    user: User,
  ): { items: T[]; has_more: boolean; is_admin: boolean } {
    return { items: rows.slice(0, size), has_more: rows.length > size, is_admin: this.isAdmin(user) };
  }

  /**
   * A page of the Hot, New or top-rated list. The page is the same for every visitor (listed
   * characters only; asking for adult ones needs enable_nsfw, checked first), so it comes from
   * the shared cache; what is the viewer's own is added to it on every request (`forViewer`).
   */
  async list(user: User, q: CharacterListQuery): Promise<CharacterPage> {
    if (q.NSFW === true && !user.enableNsfw) throw nsfwRequired();
    void this.refreshHotOrder();
    const day = q.sort === 'dailyRandom' ? utcDay(this.deps.clock()) : '';
    const key = [
      'list',
      q.sort,
      day,
      q.page,
      q.page_size,
      q.gender ?? '',
      q.NSFW ?? '',
      (q.tag ?? '').toLowerCase(),
    ].join(':');
    const page = await this.cachedPage(key, () => this.listPage(q));
    return this.forViewer(page, user);
  }

  private async listPage(q: CharacterListQuery): Promise<CachedPage> {
    let tagId: number | undefined;
    if (q.tag) {
      tagId = await lists.findTagId(this.deps.db, q.tag);
      if (tagId === undefined) return { rows: [], hasMore: false, ...(q.sort === 'new' ? { total: 0 } : {}) };
    }
    const filter = { gender: q.gender, nsfw: q.NSFW, tagId };
    const rows = await lists.listPage(
      this.deps.db,
      filter,
      q.sort,
      q.page_size + 1,
      (q.page - 1) * q.page_size,
    );
    return {
      rows: rows.slice(0, q.page_size),
      hasMore: rows.length > q.page_size,
      ...(q.sort === 'new' ? { total: await this.countListed(filter) } : {}),
    };
  }

  /** The page from the shared cache, or computed (and cached) when it is not there. */
  private async cachedPage(key: string, compute: () => Promise<CachedPage>): Promise<CachedPage> {
    const cache = this.deps.listCache;
    if (!cache) return compute();
    const hit = await cache.read(key);
    if (hit.value) return hit.value;
    const page = await compute();
    await cache.write(key, hit.generation, page);
    return page;
  }

  /**
   * A shared page as this viewer sees it: their likes (from the likes cache; one indexed query
   * for the page's ids when they have too many to keep, or with the cache off), and summaryOf's
   * per-viewer fields (their own characters, adult ones veiled without adult content, the admin
   * flag).
   */
  private async forViewer(page: CachedPage, user: User): Promise<CharacterPage> {
    const ids = page.rows.map((r) => r.c.id);
    let liked: ReadonlySet<number> | 'many' = ids.length ? await this.likes(user.id) : new Set();
    if (liked === 'many') liked = await lists.likedAmong(this.deps.db, user.id, ids);
    const result: CharacterPage = {
      characters: page.rows.map((r: ListRow) => this.summary({ ...r, isCollected: liked.has(r.c.id) }, user)),
      has_more: page.hasMore,
      is_admin: this.isAdmin(user),
    };
    if (page.total !== undefined) result.total_count = page.total;
    return result;
  }

  /** The user's likes, from the likes cache or read whole (up to MAX_CACHED_LIKES). */
  private async likes(userId: string): Promise<CachedLikes> {
    const cache = this.deps.likesCache;
    const read = async (): Promise<CachedLikes> => {
      const ids = await lists.likedIds(this.deps.db, userId, MAX_CACHED_LIKES + 1);
      return ids.length > MAX_CACHED_LIKES ? 'many' : new Set(ids);
    };
    if (!cache) return 'many';
    const hit = await cache.read(userId);
    if (hit.value) return hit.value;
    const value = await read();
    await cache.write(userId, hit.generation, value);
    return value;
  }

  /** After a like or unlike (its database write done): the user's cached likes are stale. */
  protected async likesChanged(userId: string): Promise<void> {
    await this.deps.likesCache?.bump(userId);
  }

  /** Likes moved to this user from elsewhere (a tourist merged into their account). */
  likesMoved(userId: string): Promise<void> {
    return this.likesChanged(userId);
  }

  private async countListed(filter: lists.ListFilter): Promise<number> {
    const key = JSON.stringify(filter);
    const now = Date.now();
    const hit = this.counts.get(key);
    if (hit && now - hit.at < COUNT_TTL_MS) return hit.n;
    const n = await lists.countListed(this.deps.db, filter);
    this.counts.set(key, { n, at: now });
    return n;
  }

  /**
   * Any change to what the public lists show (a character made, edited, deleted, approved or
   * rejected, hidden or shown, its creator renamed or hidden, a new Hot order): the cached
   * counts and pages are stale, in this process and, through Redis, in the others.
   */
  async listedChanged(): Promise<void> {
    this.counts.clear();
    await this.deps.listCache?.bump();
  }

  /** Search: the ids matching, best first, then the page's rows; shared like the lists. */
  async search(user: User, query: string, page: number, size: number): Promise<CharacterPage> {
    const trimmed = query.trim().slice(0, CHARACTER_LIMITS.searchQuery);
    const words = searchWords(trimmed);
    if (words.length === 0) return { characters: [], has_more: false, is_admin: this.isAdmin(user) };
    const key = ['search', page, size, trimmed].join(':');
    const cached = await this.cachedPage(key, async () => {
      // Full-text first; names with typos and inner substrings only when that finds too little.
      let ids = await lists.searchIds(this.deps.db, trimmed, words, false);
      if (ids.length < size) ids = await lists.searchIds(this.deps.db, trimmed, words, true);
      const offset = (page - 1) * size;
      const rows = await lists.listRowsByIds(this.deps.db, ids.slice(offset, offset + size));
      return { rows, hasMore: ids.length > offset + size };
    });
    return this.forViewer(cached, user);
  }

  /** A visible character, or not-found (a private character of someone else does not exist). */
  protected async visible(user: User, id: number): Promise<FullRow> {
    const row = await repo.findVisible(this.deps.db, this.viewer(user), id);
    if (row) return row;
    const any = await repo.findAny(this.deps.db, id);
    if (any?.deletedAt && (any.visibility === 'public' || any.ownerId === user.id)) {
      throw new BusinessError(ErrorCode.CHARACTER_DELETED, 'character_deleted');
    }
    throw notFound();
  }

  protected async visibleAdult(user: User, id: number): Promise<FullRow> {
    const row = await this.visible(user, id);
    if (row.c.nsfw && !user.enableNsfw) throw nsfwRequired();
    return row;
  }

  /**
   * What a public character's page shows to link previews and search engines: its name,
   * description and picture, and what its chat opens with (the greeting, as a new conversation
   * shows it). Private, unapproved and adult characters give nothing away.
   */
  async preview(id: number): Promise<CharacterPreview | undefined> {
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    const row = await repo.findVisible(this.deps.db, NOBODY, id);
    if (!row || row.c.nsfw) return undefined;
    return {
      title: row.c.name,
      description: row.c.description,
      image: this.deps.storage.url(row.c.headKey),
      chat: {
        greeting: row.c.firstMessage,
        creator: creatorOf(row),
        avatar: this.deps.storage.url(row.c.listHeadKey),
      },
    };
  }

  async get(user: User, id: number, fromChat = false): Promise<CharacterDetail> {
    const row = await this.visibleAdult(user, id);
    if (fromChat) await lists.touchBrowse(this.deps.db, user.id, id);
    return this.detail(row, user);
  }

  /**
   * A character as a chat needs it: visibility and the adult rule checked, no rating lookup and
   * no recent-chat record (one query, on the way to the engine).
   */
  async forChat(user: User, id: number): Promise<ChatCharacter> {
    return this.forChatOf(await this.visibleAdult(user, id), user);
  }

  private async forChatOf(row: FullRow, user: User): Promise<ChatCharacter> {
    return { ...(await this.detail(row, user, false)), book: row.c.cardExtra.data.character_book };
  }

  /**
   * `forChat` in two halves, for a query that reads the character along with other things:
   * `chatJson` goes into the query, `fromChatJson` checks what came back (a character the
   * caller may not open comes back NULL, and `forChat` then says why).
   */
  chatJson(user: User, id: number): QueryPart {
    return repo.visibleJson(this.viewer(user), id);
  }

  async fromChatJson(user: User, id: number, json: unknown): Promise<ChatCharacter> {
    if (json === null || json === undefined) return this.forChat(user, id);
    const row = repo.fullRowFromJson(json as Parameters<typeof repo.fullRowFromJson>[0]);
    if (row.c.nsfw && !user.enableNsfw) throw nsfwRequired();
    return this.forChatOf(row, user);
  }

  /** The character moves to the top of the user's recent chats. */
  async recordChat(user: User, id: number): Promise<void> {
    await lists.touchBrowse(this.deps.db, user.id, id);
  }

  private async detail(row: FullRow, user: User, withRating = true): Promise<CharacterDetail> {
    const [rating, states] = await Promise.all([
      withRating ? repo.myRating(this.deps.db, row.c.id, user.id) : null,
      this.sourceStates(row, user),
    ]);
    const basedOn = basedOnFor(row.c.lineage, states, user);
    return detailOf(this.summary(row, user), row.c, rating, basedOn, this.deps.storage);
  }

  /** What the viewer may see now of the characters a lineage names (no query for an original). */
  protected sourceStates(row: FullRow, user: User) {
    return repo.sourceStates(this.deps.db, this.viewer(user), lineageIds(row.c.lineage));
  }

  async mine(user: User, page: number, size: number): Promise<CharacterPage> {
    const rows = await lists.listOwned(this.deps.db, user.id, size + 1, (page - 1) * size);
    const p = this.page(rows, size, user);
    return {
      characters: p.items.map((r) => this.summary(r, user)),
      has_more: p.has_more,
      is_admin: p.is_admin,
    };
  }

  /** Makes sure the Hot order was drawn for today (UTC): see HotOrder. */
  refreshHotOrder(): Promise<void> {
    return this.hot.refresh();
  }

  /** For the seed: the storage the avatars go to. */
  get storage(): FileStorage {
    return this.deps.storage;
  }

  get db(): DbOrTx {
    return this.deps.db;
  }
}
