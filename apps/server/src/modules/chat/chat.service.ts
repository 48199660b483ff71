import { CHAT_LIMITS, ErrorCode, type ChatSendBody, type ChatStreamEvent } from '@lumi/contract';
import type { ChatCharacter } from '../characters/character-reads';
import { isEngineError, type ModerationResult } from '@lumi/engines';
import type { ChatMessageRow, Conversation, User } from '../../db/schema';
import { BusinessError, notEnoughCredits, notFound } from '../../lib/errors';
import type { SpendResult } from '../credits/credits.service';
import { letRequestLeave, startEngine, type Started } from './engine-start';
import { ReplyGuard } from './reply-guard';
import * as repo from './chat.repository';
import { TurnCache } from './turn-cache';
import type { BuiltPrompt } from './prompt';
import { planReply } from './reply-plan';
import * as branches from './branches.repository';
import { MemoryFolder, NEW_TURN_ID } from './memory-fold';
import { adultChat, ChatConversations, messageDto, type ChatDeps } from './chat-conversations';
import { adultGroup, pickSpeaker } from './group-chat';

export type { ChatDeps, ProfileSetting } from './chat-conversations';
export { messageDto } from './chat-conversations';

/** Messages read for a prompt: more than any profile's context holds; older ones are in the memory. */
const PROMPT_WINDOW = 400;

const turnOf = (m: ChatMessageRow): repo.Turn => ({
  id: m.seq,
  role: m.role,
  content: m.swipes[m.swipeIndex] ?? '',
  speaker: m.characterId,
});

/** A continued reply: the new text after the old, with a space between unless one is there. */
const joined = (before: string, after: string) =>
  `${before}${/\s$/.test(before) || /^\s/.test(after) ? '' : ' '}${after}`;

/** A reply under way: everything that can be refused has been checked and paid for. */
export interface PreparedReply {
  conversation: Conversation;
  /** start, delta..., done | error. Must be read to the end (or the signal aborted). */
  events: AsyncGenerator<ChatStreamEvent>;
}

/** A question paid for: the spend (none when replies are free) and the stored user message (none for a rework). */
interface Paid {
  spent: SpendResult | null;
  /** The balance after the spend. */
  remain: number;
  userMessage: ChatMessageRow | null;
}

/**
 * Character chat and AI chat (issue 4): the reply to a send, from the checks and the credits to
 * the engine's stream and the stored answer. The conversations and messages themselves are
 * ChatConversations'.
 */
export class ChatService extends ChatConversations {
  /** Copies of recent conversations' turns, checked against the revision on every send. */
  private readonly turnCache: TurnCache;
  /** Each user's spendable credits as last seen here: a hint for starting early, never a check. */
  private readonly knownCredits = new Map<string, number>();
  /** Folds what falls out of the context into the memory, after the reply. */
  private readonly memory: MemoryFolder;

  constructor(deps: ChatDeps) {
    super(deps);
    this.turnCache = new TurnCache(deps.turnCacheChars);
    this.memory = new MemoryFolder({
      db: deps.db,
      engine: deps.engine,
      countTokens: deps.countTokens,
      timeoutMs: deps.replyTimeoutMs,
      warn: deps.warn ?? (() => undefined),
      saved: (id, memory) => this.turnCache.patchConversation(id, memory),
    });
  }

  /** Every memory fold under way has ended (closing the server; tests). */
  idle(): Promise<void> {
    return this.memory.idle();
  }

  /**
   * A request started from what this process already holds for a warm conversation (its
   * turns, row and character from the last send, and the user's credits then), before the
   * database is asked. Used only if the request built from the database is the same.
   */
  private speculate(
    user: User,
    body: ChatSendBody,
    signal: AbortSignal,
  ): (Started & { /** The request, to tell whether the real one is the same. */ key: string }) | undefined {
    if (!body.conversationId || body.regenerate !== undefined || body.continue !== undefined)
      return undefined;
    const warm = this.turnCache.get(body.conversationId);
    const credits = this.knownCredits.get(user.id) ?? 0;
    if (!warm?.conversation || credits < this.cost) return undefined;
    if (warm.conversation.userId !== user.id || warm.conversation.members.length) return undefined;
    if (warm.character?.NSFW && !user.enableNsfw) return undefined;
    // A message the offline floor refuses never reaches the engine, not even early (the send
    // itself checks it with every engine before anything is planned).
    const content = body.content?.trim() ?? '';
    const floor = this.deps.moderation.floor.screen(content, {
      surface: 'chat',
      adult: adultChat(warm.character),
    });
    if (floor.verdict === 'refuse') return undefined;
    try {
      const plan = planReply(
        this.deps,
        user,
        body,
        warm.conversation,
        warm.character,
        warm.turns,
        undefined,
        [],
      );
      return { ...startEngine(this.deps.engine, plan.request, signal), key: JSON.stringify(plan.request) };
    } catch {
      return undefined; // refused on what is held: the database decides below
    }
  }

  /**
   * Checks a reply (a new message, a regenerated swipe or a continuation), asks the engine and
   * pays for it, then hands back its events. Refusals (credits, adult content, policy, someone
   * else's message) throw here, before anything is streamed.
   *
   * Time to first byte: the conversation, its newest messages, the character and the balance
   * are read in one query, so too few credits answer 100002 before the engine is called; the
   * spend itself (a locked, all-or-nothing transaction) runs while the model prepares its first
   * token. When two sends race for the last credits, the one whose spend fails has its engine
   * request stopped and answers 100002. For a warm conversation the engine is asked first, from
   * what this process holds, while the database is read; if what the database holds makes any
   * other request (or a refusal), that one is stopped.
   */
  async prepare(user: User, body: ChatSendBody, signal: AbortSignal): Promise<PreparedReply> {
    const speculative = this.speculate(user, body, signal);
    if (speculative) await letRequestLeave();
    let started: Started | undefined;
    try {
      const ready = await this.ready(user, body);
      const { conversation, character, plan, base, target, notice, adult } = ready;
      if (speculative && speculative.key === JSON.stringify(plan.request)) {
        started = speculative;
      } else {
        started = startEngine(this.deps.engine, plan.request, signal);
        await Promise.all([speculative?.stop(), letRequestLeave()]);
      }
      const { content } = plan;

      // The question is paid for and stored in one transaction while the model thinks.
      // Streaming may begin as soon as both statements have run under the lock, when the spend
      // can no longer fail; the commit, which waits for the disk, has only to finish before
      // anything else is written (the reply, or a refund).
      let decide: (paid: Paid) => void = () => undefined;
      const decided = new Promise<Paid>((resolve) => (decide = resolve));
      const cost = this.cost;
      const committed = this.deps.db.transaction(async (tx) => {
        const spent = cost > 0 ? await this.deps.credits.spend(user.id, cost, 'chat', tx) : null;
        const userMessage = content
          ? await repo.insertMessage(tx, { conversationId: conversation.id, role: 'user', swipes: [content] })
          : null;
        const paid: Paid = { spent, remain: spent ? spent.remain : ready.credits, userMessage };
        decide(paid);
        return paid;
      });
      committed
        .then((p) => {
          p.spent?.committed();
          this.rememberCredits(user.id, p.remain);
        })
        .catch(() => this.knownCredits.delete(user.id));
      const paid = await Promise.race([decided, committed]);
      return {
        conversation,
        events: this.stream({
          user,
          conversation,
          character,
          userName: plan.userName,
          fold: plan.fold,
          turns: plan.turns,
          dropped: plan.dropped,
          lore: plan.lore,
          target,
          body,
          paid,
          committed,
          base,
          signal,
          started,
          notice,
          adult,
          question: content,
        }),
      };
    } catch (err) {
      await Promise.all([speculative?.stop(), started !== speculative ? started?.stop() : undefined]);
      throw err;
    }
  }

  /** Reads what a send needs (one query), checks it and plans the engine request. */
  private async ready(user: User, body: ChatSendBody) {
    const { characterId, conversationId } = body;
    let targetId = body.regenerate ?? body.continue;
    if (targetId !== undefined && conversationId) {
      // A reply the conversation shares with the one it branched from is reworked here alone:
      // the conversation takes its own copy first.
      targetId = await this.changeMessage(user, targetId, conversationId, (_tx, own) =>
        Promise.resolve(own.id),
      );
    }
    const source: repo.SendTarget | undefined =
      targetId !== undefined
        ? { messageId: targetId }
        : conversationId
          ? { conversationId }
          : characterId !== undefined
            ? { characterId }
            : undefined;
    // The page sends the characterId with the conversationId: the character is read at once.
    // A plain send to a conversation whose turns this process holds reads them only if changed.
    const cached =
      source && 'conversationId' in source ? this.turnCache.get(source.conversationId) : undefined;
    const read = await repo.sendContext(this.deps.db, user.id, source, PROMPT_WINDOW, {
      character: characterId === undefined ? undefined : this.deps.characters.chatJson(user, characterId),
      credits: this.deps.credits.spendableSql(user.id),
      knownRevision: cached?.revision,
    });
    this.rememberCredits(user.id, read.credits);
    let conversation = read.conversation;
    let all = read.turns ?? cached?.turns ?? [];
    // The turns at the revision read, to keep once this send's own messages are added.
    const base =
      conversation && targetId === undefined ? { revision: conversation.revision, turns: all } : undefined;
    if (!conversation && source && !('characterId' in source)) throw notFound();
    // The conversation's own character counts (a characterId that names another is ignored).
    let character: ChatCharacter | undefined;
    const ownCharacterId = conversation ? conversation.characterId : (characterId ?? null);
    if (ownCharacterId !== null) {
      character =
        ownCharacterId === characterId
          ? await this.deps.characters.fromChatJson(user, ownCharacterId, read.character)
          : await this.deps.characters.forChat(user, ownCharacterId);
    }
    // A group chat: the reply comes from the character whose turn it is.
    const cast = conversation ? await this.castOf(user, conversation) : [];
    if (conversation && body.speakerId !== undefined && !cast.length) {
      throw new BusinessError(ErrorCode.INVALID_INPUT, 'invalid_field', { field: 'speakerId' });
    }
    if (!conversation) {
      // The first message to a character (or of an AI chat): the conversation opens here.
      conversation = await this.startConversation(user, character);
      all = character
        ? (await repo.recentMessages(this.deps.db, conversation.id, PROMPT_WINDOW)).map(turnOf)
        : [];
    }
    const target = read.reworked;
    if (targetId !== undefined && target?.role !== 'assistant') {
      // Only a reply can be regenerated or continued.
      throw new BusinessError(ErrorCode.INVALID_INPUT, 'invalid_field', { field: 'regenerate' });
    }
    // The message is checked (the floor, then the configured backends; the crisis check) before
    // anything is planned or spent; refusals are recorded there.
    const question = body.content?.trim() ?? '';
    if (cast.length) {
      const reworked = target ? (target.characterId ?? cast[0]?.id) : undefined;
      character = pickSpeaker(cast, all, { named: body.speakerId, text: question, reworked });
    }
    const adult = cast.length ? adultGroup(cast) : adultChat(character);
    const checked = question
      ? await this.deps.moderation.requireText(question, { surface: 'chat', adult }, user.id)
      : undefined;
    const plan = planReply(this.deps, user, body, conversation, character, all, target, cast);
    if (read.credits < this.cost) throw notEnoughCredits();
    if (body.model && body.model !== conversation.model) {
      await repo.updateConversation(this.deps.db, conversation.id, { model: body.model });
      conversation.model = body.model;
    }
    const notice = checked?.verdict === 'crisis' ? ('crisis' as const) : null;
    return { conversation, character, plan, base, target, notice, adult, credits: read.credits };
  }

  private rememberCredits(userId: string, credits: number): void {
    if (this.knownCredits.size >= 50_000) this.knownCredits.clear();
    this.knownCredits.set(userId, credits);
  }

  private async *stream(ctx: {
    user: User;
    conversation: Conversation;
    character: ChatCharacter | undefined;
    userName: string;
    fold: { model: string; contextTokens: number };
    turns: repo.Turn[];
    /** Turns the prompt left out, for the memory. */
    dropped: BuiltPrompt['dropped'];
    /** The lorebook entries the prompt carried, kept with the reply. */
    lore: BuiltPrompt['lore'];
    target: ChatMessageRow | undefined;
    body: ChatSendBody;
    paid: Paid;
    /** The payment's transaction, settled once it is on disk. */
    committed: Promise<Paid>;
    /** The turns the prompt was built from, for a plain send to a conversation that existed. */
    base: { revision: number; turns: repo.Turn[] } | undefined;
    signal: AbortSignal;
    started: Started;
    /** A notice shown before the reply ('crisis'). */
    notice: 'crisis' | null;
    /** Whether adult content is allowed (an adult character, or one in the group). */
    adult: boolean;
    /** The user's message it answers ('' for a rework), for a backend that judges the pair. */
    question: string;
  }): AsyncGenerator<ChatStreamEvent> {
    const { conversation, character, body, target, userName, notice } = ctx;
    const { chunks } = ctx.started;
    const { spent, userMessage, remain } = ctx.paid;
    const { adult } = ctx;
    const speaker = conversation.members.length && character ? character.id : null;
    const guard = new ReplyGuard(this.deps.moderation.floor, adult);

    yield {
      event: 'start',
      data: {
        conversation_id: conversation.id,
        user_message: userMessage ? messageDto(userMessage) : null,
        message_id: target?.id ?? 0,
        notice,
        speaker,
      },
    };

    let finishReason: string = 'stop';
    let failure: unknown;
    let refused: ModerationResult | undefined;
    try {
      for (let step = await ctx.started.first; !step.done; step = await chunks.next()) {
        const chunk = step.value;
        if (chunk.type === 'delta') {
          const checked = guard.push(chunk.text);
          if ('refused' in checked) {
            refused = checked.refused;
            break;
          }
          if (checked.show) yield { event: 'delta', data: { text: checked.show } };
        } else if (chunk.type === 'done') {
          finishReason = chunk.finishReason;
        }
      }
    } catch (err) {
      failure = err;
      finishReason = 'length';
    } finally {
      // The caller stopped reading (browser gone), or the reply was refused: release the
      // backend request.
      await chunks.return?.(undefined).catch(() => undefined);
    }
    const text = guard.all;
    if (refused) await this.deps.moderation.record(refused, 'reply', ctx.user.id);
    else if (text.trim() && !failure) {
      // The whole reply once more, with the backends (they judge it whole, and with its question).
      const whole = await this.deps.moderation.checkText(
        text,
        { surface: 'reply', adult, prompt: ctx.question },
        ctx.user.id,
      );
      if (whole.verdict === 'refuse') refused = whole;
    }

    // Nothing more is written before the payment is on disk. If it never got there, nothing
    // was taken or stored: there is nothing to refund and no reply to keep.
    try {
      await ctx.committed;
    } catch (err) {
      if (ctx.signal.aborted) return;
      throw err;
    }

    const aborted = ctx.signal.aborted;
    if (refused) {
      // An unsafe reply is never kept (so never in a later prompt), and costs nothing.
      if (spent) await this.deps.credits.refund(spent.operationId, 'chat refused');
      this.turnCache.delete(conversation.id);
      if (!aborted) {
        yield { event: 'error', data: { code: ErrorCode.CONTENT_POLICY, message: 'reply_refused' } };
      }
      return;
    }
    if (!text.trim() || (failure && !aborted)) {
      // No reply (or a broken one): the credits come back and nothing is kept.
      if (spent) await this.deps.credits.refund(spent.operationId, 'chat failed');
      if (!aborted) {
        const busy = isEngineError(failure) || failure === undefined;
        if (!busy) throw failure;
        yield { event: 'error', data: { code: ErrorCode.SERVICE_BUSY, message: 'service_busy' } };
      }
      return;
    }

    // A stopped reply is kept as far as it got, and can be continued.
    let saved: ChatMessageRow | undefined;
    if (target) {
      const swipes =
        body.continue !== undefined
          ? target.swipes.map((s, i) => (i === target.swipeIndex ? joined(s, text) : s))
          : [...target.swipes, text].slice(-CHAT_LIMITS.swipes);
      const rework: Partial<ChatMessageRow> =
        body.continue !== undefined
          ? { swipes }
          : {
              swipes,
              swipeLore: [...target.swipes.map((_, i) => target.swipeLore[i] ?? []), ctx.lore].slice(
                -CHAT_LIMITS.swipes,
              ),
              swipeIndex: swipes.length - 1,
            };
      // Branches made since that share the reply keep it as it was.
      saved = await this.deps.db.transaction(async (tx) => {
        await branches.lockConversation(tx, conversation.id);
        await branches.detachBranches(tx, conversation.id, target.seq);
        return repo.updateMessage(tx, target.id, { ...rework, finishReason, engine: this.deps.engine.id });
      });
    } else {
      saved = await repo.insertMessage(this.deps.db, {
        conversationId: conversation.id,
        role: 'assistant',
        swipes: [text],
        swipeLore: [ctx.lore],
        finishReason,
        engine: this.deps.engine.id,
        notice,
        characterId: speaker,
      });
    }
    if (!saved) throw notFound();

    // What fell out of the context is folded into the memory by the engine, after the reply.
    const updated = await repo.updateConversation(this.deps.db, conversation.id, {});
    this.memory.fold({
      conversation,
      turns: ctx.turns,
      dropped: ctx.dropped.length,
      windowFull: ctx.turns.filter((t) => t.id !== NEW_TURN_ID).length >= PROMPT_WINDOW,
      names: { char: character?.name ?? 'Assistant', user: userName },
      ...ctx.fold,
    });
    // Two changes since the read, the question and the reply, are this send's own: the copy
    // of the turns plus both is what the database holds now. Anything else, and it is dropped.
    const { base } = ctx;
    if (base && userMessage && updated?.revision === base.revision + 2) {
      const turns = [...base.turns, turnOf(userMessage), turnOf(saved)];
      this.turnCache.set(conversation.id, updated.revision, turns.slice(-PROMPT_WINDOW), {
        conversation: updated,
        character,
      });
    } else {
      this.turnCache.delete(conversation.id);
    }
    if (character) {
      await repo.countReply(this.deps.db, character.id);
      await this.deps.characters.recordChat(ctx.user, character.id);
    }
    if (!aborted) yield { event: 'done', data: { message: messageDto(saved), remain } };
  }
}
