import {
  ErrorCode,
  isPresetVoice,
  isRecord,
  writePngCard,
  type BrowseItem,
  type CharacterBookAnswer,
  type CharacterDetail,
  type CharacterForm,
  type CharacterPage,
  type CharacterSummary,
  type CollectItem,
  type RatingResult,
} from '@lumi/contract';
import type { Character, User } from '../../db/schema';
import { utcDay } from '../../lib/clock';
import { BusinessError, forbidden, notFound } from '../../lib/errors';
import { toPng } from '../../lib/images';
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
import { cardCreditsFor, lineageOfClone } from './character-lineage';
import { CharacterReads } from './character-reads';

export type { UploadedFiles } from './character-draft';

const RECENT_CHATS_LIMIT = 100;

/**
 * The character community (issue 3): lists, search and a character's page (CharacterReads), the
 * create form and cards, likes, ratings, recent chats and moderation. Every permission is checked
 * here: private characters exist only for their owner, adult ones need enable_nsfw, only owners
 * (and admins) change or delete.
 */
export class CharactersService extends CharacterReads {
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
    await this.listedChanged();
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
    await this.listedChanged();
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
    await this.listedChanged();
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
    await this.likesChanged(user.id);
  }

  async uncollect(user: User, by: { ids?: number[] | undefined; characterId?: number | undefined }) {
    const deleted = await lists.deleteCollects(this.deps.db, user.id, by);
    await this.likesChanged(user.id);
    return { deleted };
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
    await this.listedChanged();
    const row = await repo.findVisible(this.deps.db, this.viewer(user), id);
    if (!row) throw notFound();
    return this.summary(row, user);
  }
}
