import { randomUUID } from 'node:crypto';
import {
  CATEGORY_TAG,
  CHARACTER_LIMITS,
  CardError,
  DEFAULT_MODEL,
  ErrorCode,
  isPng,
  modelProfile,
  parseTags,
  readCardFile,
  writePngCard,
  type BrowseItem,
  type CardData,
  type CharacterDetail,
  type CharacterForm,
  type CharacterListQuery,
  type CharacterPage,
  type CharacterSummary,
  type CollectItem,
  type ParsedCard,
  type RatingResult,
} from '@lumi/contract';
import { eq, ilike, and, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { characters, type Character, type NewCharacter, type User } from '../../db/schema';
import { utcDay, type Clock } from '../../lib/clock';
import { BusinessError, forbidden, notFound } from '../../lib/errors';
import type { AdminPolicy } from '../../plugins/admin';
import { checkImage, listImage, reencodeImage, toPng } from '../../lib/images';
import type { FileStorage } from '../../lib/storage';
import { requireUploadAllowed } from '../images/picture-check';
import type { ModerationService } from '../safety/moderation.service';
import * as repo from './characters.repository';
import type { FullRow, SummaryRow, Viewer } from './characters.repository';

export interface CharactersDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  autoApprove: boolean;
  admins: AdminPolicy;
  /** Checks the fields, cards and avatars (issue 18). */
  moderation: ModerationService;
}

export interface UploadedFiles {
  head?: Buffer | undefined;
  card?: Buffer | undefined;
}

/** A public character as its page's link preview and first paint show it. */
export interface CharacterPreview {
  title: string;
  description: string;
  image: string;
  chat: { greeting: string; creator: string; avatar: string };
}

/** What the creator sees in place of a hidden name (spec §3). */
export const HIDDEN_CREATOR = 'for you';
const RECENT_CHATS_LIMIT = 100;
const COUNT_TTL_MS = 30_000;
const HOT_DAY_KEY = 'hot_order_day';
const HOT_LOCK_KEY = 7_246_132;

const nsfwRequired = () => new BusinessError(ErrorCode.NSFW_REQUIRED, 'nsfw_required');
const required = (
  key:
    | 'character_avatar_required'
    | 'character_name_required'
    | 'character_desc_required'
    | 'character_personality_required'
    | 'character_greeting_required',
) => new BusinessError(ErrorCode.INVALID_INPUT, key);

/** Splits search input into the words the full-text query uses (letters and digits only). */
export function searchWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/** The keys of a card's data that have their own column; the rest ride along in card_extra. */
const MAPPED_CARD_KEYS = new Set([
  'name',
  'description',
  'personality',
  'scenario',
  'first_mes',
  'mes_example',
  'creator_notes',
  'system_prompt',
  'post_history_instructions',
  'alternate_greetings',
  'tags',
]);

/**
 * The character community (issue 3): lists, search, the create form and cards, likes, ratings,
 * recent chats and moderation. Every permission is checked here: private characters exist only
 * for their owner, adult ones need enable_nsfw, only owners (and admins) change or delete.
 */
/** A visitor with no account: sees public, approved characters only. */
const NOBODY = { userId: '00000000-0000-0000-0000-000000000000', isAdmin: false };

export class CharactersService {
  private hotDay: string | undefined;
  /** total_count of the New list per filter: counting 100k rows on every page costs too much. */
  private readonly counts = new Map<string, { n: number; at: number }>();
  private hotRefresh: Promise<void> | undefined;

  constructor(private readonly deps: CharactersDeps) {}

  isAdmin(user: User): boolean {
    return this.deps.admins.isAdmin(user);
  }

  private viewer(user: User): Viewer {
    return { userId: user.id, isAdmin: this.isAdmin(user) };
  }

  summary(row: SummaryRow, user: User): CharacterSummary {
    const c = row.c;
    const tags = c.tagLine ? c.tagLine.split(',').map((t) => t.trim()) : [];
    const veiled = c.nsfw && !user.enableNsfw;
    return {
      id: c.id,
      name: c.name,
      head: this.deps.storage.url(c.headKey),
      listHead: this.deps.storage.url(c.listHeadKey),
      // An adult character's description is for viewers with adult content on (and admins, who
      // review it); the others see its blurred picture and name, and are asked to turn it on.
      desc: veiled && !this.isAdmin(user) ? '' : c.description,
      tag: tags.join(','),
      tags,
      gender: c.gender,
      category: c.category,
      NSFW: c.nsfw,
      creator: row.creatorName.trim() || HIDDEN_CREATOR,
      create_time: c.createdAt.getTime(),
      comment_num: c.commentNum,
      rating: Math.round(c.ratingAvg * 10) / 10,
      rating_count: c.ratingCount,
      need_enable_nsfw: veiled,
      is_collected: row.isCollected,
      is_owner: c.ownerId === user.id,
      visibility: c.visibility,
      approval: c.approval,
    };
  }

  private page<T>(rows: T[], size: number, user: User): { items: T[]; has_more: boolean; is_admin: boolean } {
    return { items: rows.slice(0, size), has_more: rows.length > size, is_admin: this.isAdmin(user) };
  }

  async list(user: User, q: CharacterListQuery): Promise<CharacterPage> {
    if (q.NSFW === true && !user.enableNsfw) throw nsfwRequired();
    void this.refreshHotOrder();
    let tagId: number | undefined;
    if (q.tag) {
      tagId = await repo.findTagId(this.deps.db, q.tag);
      if (tagId === undefined)
        return {
          characters: [],
          has_more: false,
          is_admin: this.isAdmin(user),
          ...(q.sort === 'new' ? { total_count: 0 } : {}),
        };
    }
    const filter = { gender: q.gender, nsfw: q.NSFW, tagId };
    const rows = await repo.listPage(
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

  private async countListed(filter: repo.ListFilter): Promise<number> {
    const key = JSON.stringify(filter);
    const now = Date.now();
    const hit = this.counts.get(key);
    if (hit && now - hit.at < COUNT_TTL_MS) return hit.n;
    const n = await repo.countListed(this.deps.db, filter);
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
    let ids = await repo.searchIds(this.deps.db, trimmed, words, false);
    if (ids.length < size) ids = await repo.searchIds(this.deps.db, trimmed, words, true);
    const offset = (page - 1) * size;
    const rows = await repo.summariesByIds(this.deps.db, user.id, ids.slice(offset, offset + size));
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
        creator: row.creatorName.trim() || HIDDEN_CREATOR,
        avatar: this.deps.storage.url(row.c.listHeadKey),
      },
    };
  }

  async get(user: User, id: number, fromChat = false): Promise<CharacterDetail> {
    const row = await this.visibleAdult(user, id);
    if (fromChat) await repo.touchBrowse(this.deps.db, user.id, id);
    return this.detail(row, user);
  }

  /**
   * A character as a chat needs it: visibility and the adult rule checked, no rating lookup and
   * no recent-chat record (one query, on the way to the engine).
   */
  async forChat(user: User, id: number): Promise<CharacterDetail> {
    return this.detail(await this.visibleAdult(user, id), user, false);
  }

  /**
   * `forChat` in two halves, for a query that reads the character along with other things:
   * `chatJson` goes into the query, `fromChatJson` checks what came back (a character the
   * caller may not open comes back NULL, and `forChat` then says why).
   */
  chatJson(user: User, id: number): SQL {
    return repo.visibleJson(this.viewer(user), id);
  }

  async fromChatJson(user: User, id: number, json: unknown): Promise<CharacterDetail> {
    if (json === null || json === undefined) return this.forChat(user, id);
    const row = repo.fullRowFromJson(json as Parameters<typeof repo.fullRowFromJson>[0]);
    if (row.c.nsfw && !user.enableNsfw) throw nsfwRequired();
    return this.detail(row, user, false);
  }

  /** The character moves to the top of the user's recent chats. */
  async recordChat(user: User, id: number): Promise<void> {
    await repo.touchBrowse(this.deps.db, user.id, id);
  }

  private async detail(row: FullRow, user: User, withRating = true): Promise<CharacterDetail> {
    const c = row.c;
    return {
      ...this.summary(row, user),
      personality: c.personality,
      first_message: c.firstMessage,
      alternate_greetings: c.alternateGreetings,
      scenario: c.scenario,
      example_dialogue: c.exampleDialogue,
      system_prompt: c.systemPrompt,
      post_history_instructions: c.postHistoryInstructions,
      creator_notes: c.creatorNotes,
      chat_style: c.chatStyle,
      model: c.model,
      my_rating: withRating ? await repo.myRating(this.deps.db, c.id, user.id) : null,
      cloned_from: c.clonedFrom,
    };
  }

  async mine(user: User, page: number, size: number): Promise<CharacterPage> {
    const rows = await repo.listOwned(this.deps.db, user.id, size + 1, (page - 1) * size);
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
      // A copy gets image files of its own: removing either character, or erasing either
      // owner's account, never takes the other's avatar.
      if (!files.head) uploads = { ...files, head: await this.deps.storage.get(source.c.headKey) };
    }
    this.refuseBannedPublisher(user, form.visibility ?? base.visibility ?? 'public');
    const draft = await this.resolveDraft(user, form, uploads, base);
    const id = await this.deps.db.transaction(async (tx) => {
      const row = await repo.insertCharacter(tx, {
        ...draft.values,
        ownerId: user.id,
        approval: this.approvalFor(user),
      });
      await repo.setTags(tx, row.id, draft.tags);
      await tx
        .update(characters)
        .set({ hotKey: repo.hotKeyFor(row.id, utcDay(this.deps.clock())) })
        .where(eq(characters.id, row.id));
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
    const draft = await this.resolveDraft(user, form, files, draftOf(existing));
    await this.deps.db.transaction(async (tx) => {
      const locked = await repo.lockCharacter(tx, existing.id);
      if (!locked || locked.deletedAt) throw notFound();
      await repo.updateCharacter(tx, existing.id, { ...draft.values, approval: this.approvalFor(user) });
      await repo.setTags(tx, existing.id, draft.tags);
    });
    // A replaced avatar's files go, unless another character (a clone) still shows them.
    const replaced = [existing.headKey, existing.listHeadKey].filter(
      (k) => k !== draft.values.headKey && k !== draft.values.listHeadKey,
    );
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
   * Merges the form over an imported card over the base (the character being edited or cloned),
   * checks the required fields in the order the form shows them, the content policy and the
   * avatar, and stores new images.
   */
  private async resolveDraft(
    user: User,
    form: CharacterForm,
    files: UploadedFiles,
    base: Partial<Draft>,
  ): Promise<{ values: Omit<NewCharacter, 'ownerId' | 'approval'>; tags: string[] }> {
    let card: ParsedCard | undefined;
    if (files.card) {
      try {
        card = readCardFile(files.card);
      } catch (err) {
        if (err instanceof CardError) throw new BusinessError(ErrorCode.INVALID_INPUT, 'card_invalid');
        throw err;
      }
    }
    const fromCard = card ? draftOfCard(card) : {};
    // Required fields: a blank form value falls back to the card, then the base. Optional ones:
    // a blank form value clears the field.
    const need = <K extends 'name' | 'description' | 'personality' | 'firstMessage'>(
      key: K,
      formValue: string | undefined,
    ) => (formValue?.trim() ? formValue : undefined) ?? fromCard[key] ?? base[key];
    const pick = <K extends keyof Draft>(key: K, formValue: Draft[K] | undefined): Draft[K] | undefined =>
      formValue ?? fromCard[key] ?? base[key];

    // The avatar: an upload, else the card's own PNG, else the base's images.
    let headBytes = files.head;
    if (!headBytes && card && files.card && isPng(files.card) && !base.headKey) headBytes = files.card;
    if (!headBytes && !base.headKey) throw required('character_avatar_required');

    const name = need('name', form.name)?.trim();
    if (!name) throw required('character_name_required');
    const description = need('description', form.desc)?.trim();
    if (!description) throw required('character_desc_required');
    const personality = need('personality', form.personality)?.trim();
    if (!personality) throw required('character_personality_required');
    const firstMessage = need('firstMessage', form.first_message)?.trim();
    if (!firstMessage) throw required('character_greeting_required');

    const nsfw = form.NSFW ?? base.nsfw ?? false;
    const model = form.model ?? base.model ?? DEFAULT_MODEL;
    const profile = modelProfile(model);
    if ((nsfw || profile?.adult) && !user.enableNsfw) throw nsfwRequired();
    const category = form.category ?? base.category ?? 'realistic';
    const values = {
      name: name.slice(0, CHARACTER_LIMITS.name),
      description,
      personality,
      firstMessage,
      alternateGreetings:
        form.alternate_greetings ?? fromCard.alternateGreetings ?? base.alternateGreetings ?? [],
      scenario: pick('scenario', form.scenario) ?? '',
      exampleDialogue: pick('exampleDialogue', form.example_dialogue) ?? '',
      systemPrompt: pick('systemPrompt', form.system_prompt) ?? '',
      postHistoryInstructions: pick('postHistoryInstructions', form.post_history_instructions) ?? '',
      creatorNotes: pick('creatorNotes', form.creator_notes) ?? '',
      chatStyle: form.chat_style ?? base.chatStyle ?? profile?.chatStyle ?? 'story',
      model,
      category,
      gender: form.gender ?? base.gender ?? 'Female',
      nsfw,
      visibility: form.visibility ?? base.visibility ?? 'public',
      cardExtra: card ? cardExtraOf(card) : (base.cardExtra ?? { data: {}, top: {} }),
      clonedFrom: base.clonedFrom ?? null,
    };

    const tagNames = parseTags(form.tag ?? fromCard.tags ?? base.tags ?? []);
    // Every text the chat or the card carries, the character book's entries included: the
    // floor and the backends see them together. Characters are adults: the refusal says so.
    await this.deps.moderation.requireText(
      [
        values.name,
        values.description,
        values.personality,
        values.firstMessage,
        values.scenario,
        values.exampleDialogue,
        values.systemPrompt,
        values.postHistoryInstructions,
        values.creatorNotes,
        ...values.alternateGreetings,
        ...tagNames,
        ...bookTexts(values.cardExtra.data.character_book),
      ],
      { surface: 'character', adult: nsfw },
      user.id,
      'content_minor',
    );
    const categoryTag = CATEGORY_TAG[category];
    if (!tagNames.some((t) => t.toLowerCase() === categoryTag.toLowerCase())) tagNames.unshift(categoryTag);
    const tags = tagNames.slice(0, CHARACTER_LIMITS.tags);

    let headKey = base.headKey;
    let listHeadKey = base.listHeadKey;
    if (headBytes) {
      const image = await checkImage(headBytes);
      // Stored and served as its pixels only: no EXIF, no card text, nothing appended.
      const head = await reencodeImage(headBytes, image.format);
      // An explicit avatar only on a character marked adult.
      await requireUploadAllowed(this.deps.moderation, head, nsfw, user.id);
      const key = `avatars/${randomUUID()}`;
      headKey = `${key}.${image.ext}`;
      listHeadKey = `${key}-402.webp`;
      await this.deps.storage.put(headKey, head, image.contentType);
      await this.deps.storage.put(listHeadKey, await listImage(head), 'image/webp');
    } else if (base.nsfw && !nsfw && base.headKey) {
      // The avatar it keeps is classified again when the character stops being adult.
      const kept = await this.deps.storage.get(base.headKey);
      if (kept) await requireUploadAllowed(this.deps.moderation, kept, false, user.id);
    }
    if (!headKey || !listHeadKey) throw required('character_avatar_required');
    return { values: { ...values, headKey, listHeadKey, tagLine: tags.join(',') }, tags };
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
    await repo.addCollect(this.deps.db, user.id, characterId);
  }

  async uncollect(user: User, by: { ids?: number[] | undefined; characterId?: number | undefined }) {
    return { deleted: await repo.deleteCollects(this.deps.db, user.id, by) };
  }

  async collects(user: User, page: number, size: number): Promise<CharacterPage<CollectItem>> {
    const rows = await repo.listCollects(this.deps.db, this.viewer(user), size + 1, (page - 1) * size);
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
    const rows = await repo.listBrowses(this.deps.db, this.viewer(user), RECENT_CHATS_LIMIT);
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
    return { deleted: await repo.deleteBrowses(this.deps.db, user.id, by) };
  }

  /** Records a chat visit (the chat page calls get with from=chat; chat messages too). */
  async touchBrowse(user: User, characterId: number): Promise<void> {
    await repo.touchBrowse(this.deps.db, user.id, characterId);
  }

  // ---- cards ----

  async exportCard(user: User, id: number): Promise<{ png: Uint8Array; filename: string }> {
    const row = await this.visibleAdult(user, id);
    const c = row.c;
    const image = await this.deps.storage.get(c.headKey);
    if (!image) throw notFound();
    const tags = await repo.tagsOf(this.deps.db, c.id);
    const extra = c.cardExtra;
    const data: CardData = {
      creator: row.creatorName.trim(),
      character_version: '',
      extensions: {},
      ...extra.data,
      name: c.name,
      description: c.description,
      personality: c.personality,
      scenario: c.scenario,
      first_mes: c.firstMessage,
      mes_example: c.exampleDialogue,
      creator_notes: c.creatorNotes,
      system_prompt: c.systemPrompt,
      post_history_instructions: c.postHistoryInstructions,
      alternate_greetings: c.alternateGreetings,
      tags,
    };
    const png = writePngCard(await toPng(image), { spec: 'v3', data, extra: extra.top });
    const safe = c.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'character';
    return { png, filename: `${safe}.png` };
  }

  // ---- moderation (admin calls: the admin hook lets only admins reach them) ----

  /** The approval queue: public characters waiting for review, oldest first. */
  async approveList(user: User, page: number, size: number): Promise<CharacterPage> {
    const { rows, total } = await repo.listAll(
      this.deps.db,
      user.id,
      and(eq(characters.visibility, 'public'), eq(characters.approval, 'pending')),
      size + 1,
      (page - 1) * size,
      true,
    );
    const p = this.page(rows, size, user);
    return {
      characters: p.items.map((r) => this.summary(r, user)),
      has_more: p.has_more,
      is_admin: true,
      total_count: total,
    };
  }

  async adminAll(
    user: User,
    q: {
      page: number;
      page_size: number;
      approval?: 'pending' | 'approved' | 'rejected' | undefined;
      query?: string | undefined;
    },
  ): Promise<CharacterPage> {
    const conds = [];
    if (q.approval) conds.push(eq(characters.approval, q.approval));
    if (q.query) conds.push(ilike(characters.name, `%${q.query.replace(/[\\%_]/g, (m) => `\\${m}`)}%`));
    const { rows, total } = await repo.listAll(
      this.deps.db,
      user.id,
      conds.length ? and(...conds) : undefined,
      q.page_size + 1,
      (q.page - 1) * q.page_size,
    );
    const p = this.page(rows, q.page_size, user);
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

  // ---- the daily Hot order ----

  /**
   * Makes sure the Hot order was drawn for today (UTC): once a day, one process redraws it under
   * an advisory lock; the others keep serving yesterday's order until it is done.
   */
  refreshHotOrder(): Promise<void> {
    const day = utcDay(this.deps.clock());
    if (this.hotDay === day) return Promise.resolve();
    this.hotRefresh ??= (async () => {
      try {
        await this.deps.db.transaction(async (tx) => {
          const locked = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${HOT_LOCK_KEY}) AS locked`);
          if (!firstBool(locked)) return;
          if ((await repo.readState(tx, HOT_DAY_KEY)) === day) return;
          await repo.drawHotOrder(tx, day);
          await repo.writeState(tx, HOT_DAY_KEY, day);
        });
        this.hotDay = day;
      } finally {
        this.hotRefresh = undefined;
      }
    })();
    return this.hotRefresh;
  }

  /** For the seed: the storage the avatars go to. */
  get storage(): FileStorage {
    return this.deps.storage;
  }

  get db(): DbOrTx {
    return this.deps.db;
  }
}

function firstBool(result: unknown): boolean {
  const rows = (result as { rows?: { locked?: unknown }[] }).rows ?? (result as { locked?: unknown }[]);
  return Array.isArray(rows) && rows[0]?.locked === true;
}

interface Draft {
  name: string;
  description: string;
  personality: string;
  firstMessage: string;
  alternateGreetings: string[];
  scenario: string;
  exampleDialogue: string;
  systemPrompt: string;
  postHistoryInstructions: string;
  creatorNotes: string;
  chatStyle: Character['chatStyle'];
  model: string;
  category: Character['category'];
  gender: Character['gender'];
  nsfw: boolean;
  visibility: Character['visibility'];
  cardExtra: Character['cardExtra'];
  headKey: string;
  listHeadKey: string;
  tags: string[];
  clonedFrom: number | null;
}

/** The texts of a card's character book (keys, names, comments and contents of its entries). */
function bookTexts(book: unknown): string[] {
  const entries = (book as { entries?: unknown } | null | undefined)?.entries;
  if (!Array.isArray(entries)) return [];
  const out: string[] = [];
  const add = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) for (const x of v) if (typeof x === 'string') out.push(x);
  };
  for (const entry of entries as Record<string, unknown>[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    add(entry.keys);
    add(entry.secondary_keys);
    add(entry.name);
    add(entry.comment);
    add(entry.content);
  }
  return out;
}

function draftOf(c: Character): Partial<Draft> {
  return {
    name: c.name,
    description: c.description,
    personality: c.personality,
    firstMessage: c.firstMessage,
    alternateGreetings: c.alternateGreetings,
    scenario: c.scenario,
    exampleDialogue: c.exampleDialogue,
    systemPrompt: c.systemPrompt,
    postHistoryInstructions: c.postHistoryInstructions,
    creatorNotes: c.creatorNotes,
    chatStyle: c.chatStyle,
    model: c.model,
    category: c.category,
    gender: c.gender,
    nsfw: c.nsfw,
    visibility: c.visibility,
    cardExtra: c.cardExtra,
    headKey: c.headKey,
    listHeadKey: c.listHeadKey,
    tags: c.tagLine ? c.tagLine.split(',') : [],
    clonedFrom: c.clonedFrom,
  };
}

const nonEmpty = (s: string): string | undefined => (s.trim() ? s : undefined);

function draftOfCard(card: ParsedCard): Partial<Draft> {
  const d = card.data;
  const out: Partial<Draft> = {};
  const set = <K extends keyof Draft>(k: K, v: Draft[K] | undefined) => {
    if (v !== undefined) out[k] = v;
  };
  set('name', nonEmpty(d.name));
  set('description', nonEmpty(d.description));
  set('personality', nonEmpty(d.personality));
  set('firstMessage', nonEmpty(d.first_mes));
  set('scenario', nonEmpty(d.scenario));
  set('exampleDialogue', nonEmpty(d.mes_example));
  set('systemPrompt', nonEmpty(d.system_prompt));
  set('postHistoryInstructions', nonEmpty(d.post_history_instructions));
  set('creatorNotes', nonEmpty(d.creator_notes));
  if (d.alternate_greetings.length) out.alternateGreetings = d.alternate_greetings;
  if (d.tags.length) out.tags = d.tags;
  return out;
}

function cardExtraOf(card: ParsedCard): Character['cardExtra'] {
  const data: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(card.data)) if (!MAPPED_CARD_KEYS.has(k)) data[k] = v;
  return { data, top: card.extra };
}
