import {
  ACTIONS_FOR,
  ErrorCode,
  REPORT_LIMITS,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
  SAFETY_VERDICTS,
  type LogAction,
  type ModerationLogPage,
  type ReportActionBody,
  type ReportActionResult,
  type ReportCreateBody,
  type ReportedItem,
  type ReportListQuery,
  type ReportQueuePage,
  type ReportReason,
  type ReportTargetType,
  type SafetyCounts,
  type SafetyVerdict,
} from '@lumi/contract';
import type { Db, DbOrTx } from '../../db/client';
import type { User } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { BusinessError, forbidden, notFound } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import type { AdminPolicy } from '../../plugins/admin';
import { deleteShare } from '../images/images.repository';
import * as repo from './reports.repository';
import { numericId } from './reports.repository';

export interface ReportsDeps {
  db: Db;
  clock: Clock;
  admins: AdminPolicy;
  /** Public storage: the items' pictures, and a deleted share's file. */
  storage: FileStorage;
  /** Report weight that hides a public item until review (REPORT_HIDE_THRESHOLD). */
  hideThreshold: number;
  /** A banned user's cached sessions must be read again, so the ban applies at once. */
  forgetUser: (userId: string) => void;
  /** What the public lists show changed (a character or a creator's profile hidden, shown, deleted). */
  listsChanged?: () => Promise<void>;
  /** The moderation engines in use, for the operator's counts. */
  engines: () => string[];
}

/** What a reporter's target resolves to: the id the report is kept under, and what to do. */
interface ResolvedTarget {
  type: ReportTargetType;
  id: string;
  /** A message's text as the reporter saw it. */
  excerpt: string;
  /** Public items are hidden at the threshold; messages live in a private chat. */
  hideable: boolean;
}

const invalidTarget = () =>
  new BusinessError(ErrorCode.INVALID_INPUT, 'invalid_field', { field: 'target_id' });

const DAY_MS = 86_400_000;

/**
 * Reports and their review (issue 18): anyone with a session reports what they can see; a public
 * item with enough reports from distinct people is hidden until an admin looks; admins hide,
 * restore, delete, ban or dismiss, and each of those is written to the audit log.
 */
export class ReportsService {
  constructor(private readonly deps: ReportsDeps) {}

  // ---- reporting ----

  /**
   * Keeps one report per reporter and item (a repeat changes nothing and still succeeds), then
   * hides a public item whose open reports reach the threshold.
   */
  async report(user: User, body: ReportCreateBody): Promise<void> {
    const target = await this.resolveForReporter(user, body.target_type, body.target_id);
    const hidden = await this.deps.db.transaction(async (tx) => {
      const row = await repo.insertReport(tx, {
        reporterId: user.id,
        targetType: target.type,
        targetId: target.id,
        reason: body.reason,
        details: body.details,
        excerpt: target.excerpt,
        createdAt: this.deps.clock(),
      });
      if (!row || !target.hideable) return false;
      const weight = await repo.openWeight(tx, target.type, target.id);
      if (weight < this.deps.hideThreshold) return false;
      const type = target.type as 'character' | 'share' | 'profile';
      // Only the report that crosses the line hides it, and writes the one audit row.
      if (await repo.setHidden(tx, type, target.id, this.deps.clock())) {
        await repo.insertAction(tx, {
          actorId: null,
          action: 'auto_hide' satisfies LogAction,
          targetType: type,
          targetId: target.id,
          note: `hidden by reports (${weight} of ${this.deps.hideThreshold})`,
          createdAt: this.deps.clock(),
        });
        return true;
      }
      return false;
    });
    if (hidden && target.type !== 'share') await this.deps.listsChanged?.();
  }

  /**
   * The item as the reporter may see it, or not-found: a private or hidden character of someone
   * else, someone else's message, a hidden picture are not there for them.
   */
  private async resolveForReporter(user: User, type: ReportTargetType, id: string): Promise<ResolvedTarget> {
    const viewer = { userId: user.id, isAdmin: this.deps.admins.isAdmin(user) };
    switch (type) {
      case 'character':
      case 'profile': {
        const characterId = numericId(id);
        if (characterId === undefined) throw notFound();
        const row = await repo.visibleCharacter(this.deps.db, characterId, viewer);
        if (!row) throw notFound();
        return type === 'character'
          ? { type, id: String(row.id), excerpt: '', hideable: true }
          : { type, id: row.ownerId, excerpt: '', hideable: true };
      }
      case 'share': {
        const [row] = await repo.sharesByIds(this.deps.db, [id]);
        if (!row || (row.hiddenAt && row.userId !== user.id)) throw notFound();
        return { type, id: row.id, excerpt: '', hideable: true };
      }
      case 'message': {
        const messageId = numericId(id);
        const [row] = messageId === undefined ? [] : await repo.messagesByIds(this.deps.db, [messageId]);
        if (!row || row.ownerId !== user.id) throw notFound();
        // What can be reported is the other party's words: the character's replies.
        if (row.role !== 'assistant') throw invalidTarget();
        const text = row.swipes[row.swipeIndex] ?? row.swipes[0] ?? '';
        return { type, id: String(row.id), excerpt: text.slice(0, REPORT_LIMITS.excerpt), hideable: false };
      }
    }
  }

  // ---- the queue ----

  async queue(q: ReportListQuery): Promise<ReportQueuePage> {
    const groups = await repo.openGroups(this.deps.db, {
      type: q.target_type,
      sort: q.sort,
      limit: q.page_size + 1,
      offset: (q.page - 1) * q.page_size,
    });
    const shown = groups.slice(0, q.page_size);
    const items = await this.describe(shown.map((g) => ({ type: g.targetType, id: g.targetId })));
    return {
      items: shown.map((g, i) => {
        const { hidden, gone, item } = items[i]!;
        const reasons: Partial<Record<ReportReason, number>> = {};
        for (const reason of g.reasons) reasons[reason] = (reasons[reason] ?? 0) + 1;
        return {
          target_type: g.targetType,
          target_id: g.targetId,
          open_reports: g.count,
          reasons,
          details: g.details.slice(0, 5),
          excerpt: g.excerpt,
          first_reported_at: g.first.getTime(),
          last_reported_at: g.last.getTime(),
          hidden,
          gone,
          item,
        };
      }),
      has_more: groups.length > q.page_size,
      total_count: await repo.countOpenGroups(this.deps.db, q.target_type),
    };
  }

  /** What each item is now, in the order given (a few queries, however many items). */
  private async describe(
    targets: { type: ReportTargetType; id: string }[],
  ): Promise<{ hidden: boolean; gone: boolean; item: ReportedItem }[]> {
    const ids = (type: ReportTargetType) => targets.filter((t) => t.type === type).map((t) => t.id);
    const numeric = (type: ReportTargetType) => ids(type).flatMap((id) => numericId(id) ?? []);
    const messages = await repo.messagesByIds(this.deps.db, numeric('message'));
    const chars = await repo.charactersByIds(this.deps.db, [
      ...numeric('character'),
      ...messages.flatMap((m) => (m.characterId === null ? [] : [m.characterId])),
    ]);
    const shares = await repo.sharesByIds(this.deps.db, ids('share'));
    const people = await repo.usersByIds(this.deps.db, [
      ...ids('profile'),
      ...chars.map((c) => c.ownerId),
      ...shares.map((s) => s.userId),
    ]);
    const charById = new Map(chars.map((c) => [String(c.id), c]));
    const shareById = new Map(shares.map((s) => [s.id, s]));
    const userById = new Map(people.map((u) => [u.id, u]));
    const messageById = new Map(messages.map((m) => [String(m.id), m]));
    const creator = (userId: string | undefined) => {
      const u = userId === undefined ? undefined : userById.get(userId);
      return u ? { id: u.id, name: u.name, banned: !!u.bannedAt, hidden: !!u.hiddenAt } : null;
    };
    const empty: ReportedItem = {
      title: '',
      image: null,
      text: '',
      adult: false,
      character_id: null,
      share_id: null,
      creator: null,
    };
    return targets.map(({ type, id }) => {
      switch (type) {
        case 'character': {
          const c = charById.get(id);
          if (!c) return { hidden: false, gone: true, item: empty };
          return {
            hidden: !!c.hiddenAt,
            gone: !!c.deletedAt,
            item: {
              title: c.name,
              image: this.deps.storage.url(c.listHeadKey),
              text: c.description,
              adult: c.nsfw,
              character_id: c.id,
              share_id: null,
              creator: creator(c.ownerId),
            },
          };
        }
        case 'share': {
          const s = shareById.get(id);
          if (!s) return { hidden: false, gone: true, item: empty };
          return {
            hidden: !!s.hiddenAt,
            gone: false,
            item: {
              title: s.prompt,
              image: this.deps.storage.url(s.fileKey),
              text: s.prompt,
              adult: s.adult,
              character_id: null,
              share_id: s.id,
              creator: creator(s.userId),
            },
          };
        }
        case 'profile': {
          const u = userById.get(id);
          if (!u) return { hidden: false, gone: true, item: empty };
          return {
            hidden: !!u.hiddenAt,
            gone: !!u.deletedAt,
            item: { ...empty, title: u.name, image: u.head || null, creator: creator(u.id) },
          };
        }
        case 'message': {
          const m = messageById.get(id);
          const c = m?.characterId == null ? undefined : charById.get(String(m.characterId));
          return {
            hidden: false,
            gone: !m,
            item: {
              ...empty,
              title: c?.name ?? '',
              image: c ? this.deps.storage.url(c.listHeadKey) : null,
              adult: c?.nsfw ?? false,
              character_id: c?.id ?? null,
              creator: creator(c?.ownerId),
            },
          };
        }
      }
    });
  }

  // ---- acting on an item ----

  async act(admin: User, body: ReportActionBody): Promise<ReportActionResult> {
    const { target_type: type, target_id: id, action } = body;
    if (!ACTIONS_FOR[type].includes(action)) {
      throw new BusinessError(ErrorCode.INVALID_INPUT, 'invalid_field', { field: 'action' });
    }
    const [described] = await this.describe([{ type, id }]);
    if (!described) throw notFound();
    const creator = described.item.creator;
    const banning = action === 'ban' || action === 'unban';
    if (banning && !creator) throw notFound();
    // Something gone keeps its creator to ban, and its reports to dismiss; nothing else.
    if (described.gone && !banning) {
      if (action !== 'dismiss' || (await repo.openWeight(this.deps.db, type, id)) === 0) throw notFound();
    }
    if (action === 'ban' && creator) {
      const person = await repo.userRow(this.deps.db, creator.id);
      // An admin is not banned from the queue: their access is the operator's to change.
      if (person && this.deps.admins.isAdmin(person)) throw forbidden();
    }
    const now = this.deps.clock();
    const closed = await this.deps.db.transaction(async (tx) => {
      let status: 'actioned' | 'dismissed' = 'actioned';
      let logged: { type: ReportTargetType; id: string } = { type, id };
      switch (action) {
        case 'hide':
          await repo.setHidden(tx, type as 'character' | 'share' | 'profile', id, now);
          break;
        case 'restore':
          await repo.setHidden(tx, type as 'character' | 'share' | 'profile', id, null);
          status = 'dismissed';
          break;
        case 'delete':
          await this.remove(tx, type, id, now);
          break;
        case 'ban':
        case 'unban':
          if (action === 'ban') await repo.ban(tx, creator!.id, now);
          else await repo.unban(tx, creator!.id);
          // The account is what is banned: the log names it.
          logged = { type: 'profile', id: creator!.id };
          break;
        case 'dismiss':
          status = 'dismissed';
          break;
      }
      await repo.insertAction(tx, {
        actorId: admin.id,
        action,
        targetType: logged.type,
        targetId: logged.id,
        note: body.note,
        createdAt: now,
      });
      // Lifting a ban leaves the item's reports for the admin to judge.
      if (action === 'unban') return 0;
      return repo.resolveReports(tx, type, id, status, admin.id, now);
    });
    if (banning && creator) this.deps.forgetUser(creator.id);
    if (type !== 'share' || banning) await this.deps.listsChanged?.();
    const [after] = await this.describe([{ type, id }]);
    return {
      target_type: type,
      target_id: id,
      action,
      hidden: after?.hidden ?? false,
      gone: after?.gone ?? true,
      closed_reports: closed,
    };
  }

  /** Delete: a character as its owner's delete does (soft), a share with its public file. */
  private async remove(tx: DbOrTx, type: ReportTargetType, id: string, now: Date): Promise<void> {
    if (type === 'character') {
      const n = numericId(id);
      if (n !== undefined) await repo.softDeleteCharacter(tx, n, now);
      return;
    }
    if (type === 'share') {
      const row = await deleteShare(tx, id);
      if (row) await this.deps.storage.delete(row.fileKey).catch(() => undefined);
    }
  }

  // ---- the audit log ----

  async log(page: number, size: number): Promise<ModerationLogPage> {
    const rows = await repo.logPage(this.deps.db, size + 1, (page - 1) * size);
    const shown = rows.slice(0, size);
    const targets = shown.map((r) => ({ type: asTargetType(r.targetType), id: r.targetId }));
    const described = await this.describe(targets);
    return {
      entries: shown.map((r, i) => ({
        id: r.id,
        actor: r.actorId ? { id: r.actorId, name: r.actorName ?? '' } : null,
        action: r.action as LogAction,
        target_type: targets[i]!.type,
        target_id: r.targetId,
        target_label: described[i]?.item.title ?? '',
        note: r.note,
        created_at: r.createdAt.getTime(),
      })),
      has_more: rows.length > size,
    };
  }

  // ---- the operator's counts ----

  async counts(days: number): Promise<SafetyCounts> {
    const now = this.deps.clock();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const since = new Date(today - (days - 1) * DAY_MS);
    const dayList = Array.from({ length: days }, (_, i) =>
      new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10),
    );
    const index = new Map(dayList.map((d, i) => [d, i]));
    const zeros = () => dayList.map(() => 0);
    const verdicts = Object.fromEntries(SAFETY_VERDICTS.map((v) => [v, zeros()])) as Record<
      SafetyVerdict,
      number[]
    >;
    const surfaces: Record<string, number[]> = {};
    const totals = Object.fromEntries(SAFETY_VERDICTS.map((v) => [v, 0])) as Record<SafetyVerdict, number>;
    for (const row of await repo.eventCounts(this.deps.db, since)) {
      const i = index.get(row.day);
      if (i === undefined) continue;
      const verdict = row.verdict as SafetyVerdict;
      if (verdicts[verdict]) {
        verdicts[verdict][i]! += row.n;
        totals[verdict] += row.n;
      }
      (surfaces[row.surface] ??= zeros())[i]! += row.n;
    }
    const byType = Object.fromEntries(REPORT_TARGET_TYPES.map((t) => [t, 0])) as Record<
      ReportTargetType,
      number
    >;
    const byReason = Object.fromEntries(REPORT_REASONS.map((r) => [r, 0])) as Record<ReportReason, number>;
    let reports = 0;
    for (const row of await repo.openReportCounts(this.deps.db)) {
      byType[row.targetType] += row.n;
      if (row.reason in byReason) byReason[row.reason as ReportReason] += row.n;
      reports += row.n;
    }
    const hidden = await repo.hiddenCounts(this.deps.db);
    return {
      days: dayList,
      verdicts,
      surfaces,
      totals,
      open_reports: {
        items: await repo.countOpenGroups(this.deps.db, undefined),
        reports,
        by_type: byType,
        by_reason: byReason,
      },
      hidden: { characters: hidden.characters, shares: hidden.shares, profiles: hidden.profiles },
      banned_users: hidden.banned,
      engines: this.deps.engines(),
    };
  }
}

function asTargetType(value: string): ReportTargetType {
  return (REPORT_TARGET_TYPES as readonly string[]).includes(value)
    ? (value as ReportTargetType)
    : 'character';
}
