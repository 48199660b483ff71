import {
  CHARACTER_LIMITS,
  ErrorCode,
  isPresetVoice,
  isRecord,
  writePngCard,
  type BrowseItem,
  type CharacterBookAnswer,
  type CharacterDetail,
  type CharacterForm,
  type CharacterListQuery,
  type CharacterPage,
  type CharacterSummary,
  type CollectItem,
  type RatingResult,
} from '@lumi/contract';
import type { Db, DbOrTx, QueryPart } from '../../db/client';
import type { Character, User } from '../../db/schema';
import { utcDay, type Clock } from '../../lib/clock';
import { BusinessError, forbidden, notFound } from '../../lib/errors';
import type { AdminPolicy } from '../../plugins/admin';
import { toPng } from '../../lib/images';
import type { FileStorage } from '../../lib/storage';
import type { ModerationService } from '../safety/moderation.service';
import * as lists from './character-lists.repository';
import * as repo from './characters.repository';
import { cardDataOf, clonedCardExtra } from './character-card';
import {
  draftOf,
  nsfwRequired,
  cloneUploads,
  replacedImageKeys,
  resolveDraft,
  type Draft,
  type UploadedFiles,
} from './character-draft';
import { basedOnFor, cardCreditsFor, lineageIds, lineageOfClone } from './character-lineage';
import { creatorOf, detailOf, summaryOf } from './character-views';
import { HotOrder } from './hot-order';
import type { FullRow, SummaryRow, Viewer } from './characters.repository';

export type { UploadedFiles } from './character-draft';

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
}

/** A public character as its page's link preview and first paint show it. */
export interface CharacterPreview {
  title: string;
  description: string;
  image: string;
  chat: { greeting: string; creator: string; avatar: string };
}

const RECENT_CHATS_LIMIT = 100;
const COUNT_TTL_MS = 30_000;

/** Splits search input into the words the full-text query uses (letters and digits only). */
export function searchWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/**
 * The character community (issue 3): lists, search, the create form and cards, likes, ratings,
 * recent chats and moderation. Every permission is checked here: private characters exist only
 * for their owner, adult ones need enable_nsfw, only owners (and admins) change or delete.
 */
/** A visitor with no account: sees public, approved characters only. */
const NOBODY = { userId: '00000000-0000-0000-0000-000000000000', isAdmin: false };

/** A character as the chat reads it: what the page shows, and the card's lorebook for the prompt. */
export type ChatCharacter = CharacterDetail & { book?: unknown };

export class CharactersService {
  /** total_count of the New list per filter: counting 100k rows on every page costs too much. */
  private readonly counts = new Map<string, { n: number; at: number }>();
  private readonly hot: HotOrder;

  constructor(private readonly deps: CharactersDeps) {
    this.hot = new HotOrder(deps.db, deps.clock);
  }

  isAdmin(user: User): boolean {
    return this.deps.admins.isAdmin(user);
  }

  private viewer(user: User): Viewer {
    return { userId: user.id, isAdmin: this.isAdmin(user) };
  }

  summary(row: SummaryRow, user: User): CharacterSummary {
    return summaryOf(row, user, this.isAdmin(user), this.deps.storage);
  }

  private page<T>(rows: T[], size: number, user: User): { items: T[]; has_more: boolean; is_admin: boolean } {
    return { items: rows.slice(0, size), has_more: rows.length > size, is_admin: this.isAdmin(user) };
  }

  async list(user: User, q: CharacterListQuery): Promise<CharacterPage> {
    if (q.NSFW === true && !user.enableNsfw) throw nsfwRequired();
    void this.refreshHotOrder();
    let tagId: number | undefined;
    if (q.tag) {
      tagId = await lists.findTagId(this.deps.db, q.tag);
      if (tagId === undefined)
        return {
          characters: [],
          has_more: false,
          is_admin: this.isAdmin(user),
          ...(q.sort === 'new' ? { total_count: 0 } : {}),
        };
    }
    const filter = { gender: q.gender, nsfw: q.NSFW, tagId };
    const rows = await lists.listPage(
      this.deps.db,
      user.id,
      filter,
      q.sort,
      q.page_size + 1,
      (q.page - 1) * q.page_size,
    );
    const p = this.page(rows, q.page_size, user);
    const result: CharacterPage = {
      characters: p.items.map((r) => this.summary(r, user)),
      has_more: p.has_more,
      is_admin: p.is_admin,
    };
    if (q.sort === 'new') result.total_count = await this.countListed(filter);
    return result;
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

  /** Any change to what is listed makes the cached counts stale. */
  private listedChanged(): void {
    this.counts.clear();
  }

  async search(user: User, query: string, page: number, size: number): Promise<CharacterPage> {
    const trimmed = query.trim().slice(0, CHARACTER_LIMITS.searchQuery);
    const words = searchWords(trimmed);
    if (words.length === 0) return { characters: [], has_more: false, is_admin: this.isAdmin(user) };
    // Full-text first; names with typos and inner substrings only when that finds too little.
    let ids = await lists.searchIds(this.deps.db, trimmed, words, false);
    if (ids.length < size) ids = await lists.searchIds(this.deps.db, trimmed, words, true);
    const offset = (page - 1) * size;
    const rows = await lists.summariesByIds(this.deps.db, user.id, ids.slice(offset, offset + size));
    return {
      characters: rows.map((r) => this.summary(r, user)),
      has_more: ids.length > offset + size,
      is_admin: this.isAdmin(user),
    };
  }

  /** A visible character, or not-found (a private character of someone else does not exist). */
  private async visible(user: User, id: number): Promise<FullRow> {
    const row = await repo.findVisible(this.deps.db, this.viewer(user), id);
    if (row) return row;
    const any = await repo.findAny(this.deps.db, id);
    if (any?.deletedAt && (any.visibility === 'public' || any.ownerId === user.id)) {
      throw new BusinessError(ErrorCode.CHARACTER_DELETED, 'character_deleted');
    }
    throw notFound();
  }

  private async visibleAdult(user: User, id: number): Promise<FullRow> {
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
  private sourceStates(row: FullRow, user: User) {
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

  // ---- create, modify, clone, delete ----

  async create(user: User, form: CharacterForm, files: UploadedFiles): Promise<CharacterDetail> {
    let base: Partial<Draft> = {};
    let uploads = files;
    if (form.clone_from !== undefined) {
      const source = await this.visibleAdult(user, form.clone_from);
      base = draftOf(source.c);
      base.clonedFrom = source.c.id;
      // The source is credited as it is now; the one who clones is the new version's creator.
      base.lineage = lineageOfClone(source);
      base.cardExtra = clonedCardExtra(source.c.cardExtra);
      // A cloned voice is its owner's alone: someone else's copy speaks in the default voice.
      if (source.c.ownerId !== user.id && base.voiceId && !isPresetVoice(base.voiceId)) base.voiceId = null;
      base.referenceKey = null;
      uploads = await cloneUploads(this.deps.storage, source.c, form, files);
    }
    this.refuseBannedPublisher(user, form.visibility ?? base.visibility ?? 'public');
    const draft = await resolveDraft(this.deps, user, form, uploads, base);
    const id = await this.deps.db.transaction(async (tx) => {
      const row = await repo.insertCharacter(tx, {
        ...draft.values,
        ownerId: user.id,
        approval: this.approvalFor(user),
      });
      await repo.setTags(tx, row.id, draft.tags);
      await repo.setHotKey(tx, row.id, utcDay(this.deps.clock()));
      return row.id;
    });
    this.listedChanged();
    return this.get(user, id);
  }

  async modify(user: User, form: CharacterForm, files: UploadedFiles): Promise<CharacterDetail> {
    if (form.id === undefined)
      throw new BusinessError(ErrorCode.INVALID_INPUT, 'missing_field', { field: 'id' });
    const existing = await repo.findAny(this.deps.db, form.id);
    if (!existing || existing.deletedAt) throw notFound();
    this.assertMayChange(user, existing);
    if (existing.nsfw && !user.enableNsfw) throw nsfwRequired();
    this.refuseBannedPublisher(user, form.visibility ?? existing.visibility);
    const draft = await resolveDraft(this.deps, user, form, files, draftOf(existing), existing.ownerId);
    await this.deps.db.transaction(async (tx) => {
      const locked = await repo.lockCharacter(tx, existing.id);
      if (!locked || locked.deletedAt) throw notFound();
      await repo.updateCharacter(tx, existing.id, { ...draft.values, approval: this.approvalFor(user) });
      await repo.setTags(tx, existing.id, draft.tags);
    });
    // A replaced avatar's files go, unless another character (a clone) still shows them.
    const replaced = replacedImageKeys(existing, draft.values);
    const inUse = await repo.imageKeysInUse(this.deps.db, replaced);
    for (const key of replaced) {
      if (!inUse.has(key)) await this.deps.storage.delete(key).catch(() => undefined);
    }
    this.listedChanged();
    return this.get(user, existing.id);
  }

  /** A banned account (issue 18) keeps its private characters but publishes nothing. */
  private refuseBannedPublisher(user: User, visibility: Character['visibility']): void {
    if (user.bannedAt && visibility === 'public')
      throw new BusinessError(ErrorCode.FORBIDDEN, 'account_banned');
  }

  private approvalFor(user: User): 'approved' | 'pending' {
    return this.deps.autoApprove || this.isAdmin(user) ? 'approved' : 'pending';
  }

  /**
   * Only the owner (or an admin) changes or deletes a character. To anyone else, one they cannot
   * see (private, or public but not approved yet) answers as if it did not exist; a listed one
   * answers 'forbidden'.
   */
  private assertMayChange(user: User, existing: Character): void {
    if (existing.ownerId === user.id || this.isAdmin(user)) return;
    if (existing.visibility !== 'public' || existing.approval !== 'approved') throw notFound();
    throw forbidden();
  }

  async remove(user: User, id: number): Promise<void> {
    const existing = await repo.findAny(this.deps.db, id);
    if (!existing || existing.deletedAt) throw notFound();
    this.assertMayChange(user, existing);
    await repo.updateCharacter(this.deps.db, id, { deletedAt: this.deps.clock() });
    this.listedChanged();
  }

  // ---- ratings, likes, recent chats ----

  async rate(user: User, id: number, stars: number): Promise<RatingResult> {
    await this.visibleAdult(user, id);
    const row = await this.deps.db.transaction(async (tx) => {
      // One rating per user; the row lock keeps the kept average exact under concurrent votes.
      await repo.lockCharacter(tx, id);
      return repo.upsertRating(tx, id, user.id, stars);
    });
    return { rating: Math.round(row.avg * 10) / 10, rating_count: row.count, my_rating: stars };
  }

  async collect(user: User, characterId: number): Promise<void> {
    await this.visible(user, characterId);
    await lists.addCollect(this.deps.db, user.id, characterId);
  }

  async uncollect(user: User, by: { ids?: number[] | undefined; characterId?: number | undefined }) {
    return { deleted: await lists.deleteCollects(this.deps.db, user.id, by) };
  }

  async collects(user: User, page: number, size: number): Promise<CharacterPage<CollectItem>> {
    const rows = await lists.listCollects(this.deps.db, this.viewer(user), size + 1, (page - 1) * size);
    const p = this.page(rows, size, user);
    return {
      characters: p.items.map((r) => ({
        ...this.summary(r, user),
        collect_id: r.collectId,
        is_deleted: r.c.deletedAt !== null,
      })),
      has_more: p.has_more,
      is_admin: p.is_admin,
    };
  }

  async browses(user: User): Promise<CharacterPage<BrowseItem>> {
    const rows = await lists.listBrowses(this.deps.db, this.viewer(user), RECENT_CHATS_LIMIT);
    return {
      characters: rows.map((r) => ({
        ...this.summary(r, user),
        browse_id: r.browseId,
        is_deleted: r.c.deletedAt !== null,
        last_time: r.lastAt.getTime(),
      })),
      has_more: false,
      is_admin: this.isAdmin(user),
    };
  }

  async deleteBrowses(user: User, by: { ids?: number[] | undefined; characterId?: number | undefined }) {
    return { deleted: await lists.deleteBrowses(this.deps.db, user.id, by) };
  }

  /** Records a chat visit (the chat page calls get with from=chat; chat messages too). */
  async touchBrowse(user: User, characterId: number): Promise<void> {
    await lists.touchBrowse(this.deps.db, user.id, characterId);
  }

  // ---- cards ----

  async exportCard(user: User, id: number): Promise<{ png: Uint8Array; filename: string }> {
    const row = await this.visibleAdult(user, id);
    const c = row.c;
    const image = await this.deps.storage.get(c.headKey);
    if (!image) throw notFound();
    const [tags, states] = await Promise.all([repo.tagsOf(this.deps.db, c.id), this.sourceStates(row, user)]);
    const credits = cardCreditsFor(c.lineage, states, user, this.deps.publicUrl);
    const data = cardDataOf(row, tags, credits);
    const png = writePngCard(await toPng(image), { spec: 'v3', data, extra: c.cardExtra.top });
    const safe = c.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'character';
    return { png, filename: `${safe}.png` };
  }

  /**
   * The lorebook the edit and clone form shows: to whoever may open the character, as its exported
   * card carries it (changing it is the owner's, through modify).
   */
  async book(user: User, id: number): Promise<CharacterBookAnswer> {
    const book = (await this.visibleAdult(user, id)).c.cardExtra.data.character_book;
    if (!isRecord(book) || !Array.isArray(book.entries)) return { character_book: null };
    return { character_book: { ...book, entries: book.entries.filter(isRecord) } };
  }

  // ---- moderation (admin calls: the admin hook lets only admins reach them) ----

  /** The approval queue: public characters waiting for review, oldest first. */
  approveList(user: User, page: number, size: number): Promise<CharacterPage> {
    return this.adminPage(user, { pendingPublic: true }, page, size, true);
  }

  adminAll(
    user: User,
    q: {
      page: number;
      page_size: number;
      approval?: 'pending' | 'approved' | 'rejected' | undefined;
      query?: string | undefined;
    },
  ): Promise<CharacterPage> {
    return this.adminPage(user, { approval: q.approval, name: q.query }, q.page, q.page_size);
  }

  private async adminPage(
    user: User,
    filter: lists.AdminFilter,
    page: number,
    size: number,
    oldestFirst = false,
  ): Promise<CharacterPage> {
    const { rows, total } = await lists.listAll(
      this.deps.db,
      user.id,
      filter,
      size + 1,
      (page - 1) * size,
      oldestFirst,
    );
    const p = this.page(rows, size, user);
    return {
      characters: p.items.map((r) => this.summary(r, user)),
      has_more: p.has_more,
      is_admin: true,
      total_count: total,
    };
  }

  async approve(user: User, id: number, approval: 'approved' | 'rejected'): Promise<CharacterSummary> {
    const existing = await repo.findAny(this.deps.db, id);
    if (!existing || existing.deletedAt) throw notFound();
    await repo.updateCharacter(this.deps.db, id, { approval });
    this.listedChanged();
    const row = await repo.findVisible(this.deps.db, this.viewer(user), id);
    if (!row) throw notFound();
    return this.summary(row, user);
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
