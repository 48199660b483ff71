import {
  CHAT_LIMITS,
  COSTS,
  ErrorCode,
  findMinorSexualisation,
  modelProfile,
  type CharacterDetail,
  type ChatMessageDto,
  type ChatSendBody,
  type ChatStreamEvent,
  type ConversationDto,
  type MessagePage,
  type ModelProfileId,
} from '@lumi/contract';
import { isEngineError, type ChatEngine, type Sampling } from '@lumi/engines';
import type { Db } from '../../db/client';
import type { ChatMessageRow, Conversation, User } from '../../db/schema';
import { BusinessError, notFound } from '../../lib/errors';
import type { CharactersService } from '../characters/characters.service';
import type { CreditsService } from '../credits/credits.service';
import * as repo from './chat.repository';
import { buildPrompt, DEFAULT_USER_NAME, extendMemory } from './prompt';

export interface ProfileSetting {
  contextTokens: number;
  maxTokens: number;
  sampling: Sampling;
}

export interface ChatDeps {
  db: Db;
  credits: CreditsService;
  characters: CharactersService;
  engine: ChatEngine;
  /** The backend model name for a profile (LLM_MODEL and its per-profile overrides). */
  backendModel: (profile: ModelProfileId) => string;
  profiles: Record<ModelProfileId, ProfileSetting>;
  estimateTokens: (text: string) => number;
  /** Time limit of one reply. */
  replyTimeoutMs: number;
}

const nsfwRequired = () => new BusinessError(ErrorCode.NSFW_REQUIRED, 'nsfw_required');
const AI_CHAT_MODEL: ModelProfileId = 'genla-8b';
/** Messages read for a prompt: more than any profile's context holds; older ones are in the memory. */
const PROMPT_WINDOW = 400;

export function messageDto(m: ChatMessageRow): ChatMessageDto {
  return {
    id: m.id,
    role: m.role,
    content: m.swipes[m.swipeIndex] ?? '',
    swipes: m.swipes,
    swipe_index: m.swipeIndex,
    finish_reason: m.finishReason,
    engine: m.engine,
    create_time: m.createdAt.getTime(),
  };
}

function conversationDto(c: Conversation): ConversationDto {
  return {
    id: c.id,
    character_id: c.characterId,
    model: c.model,
    persona_name: c.personaName,
    persona_description: c.personaDescription,
    memory: c.memory,
  };
}

const chosen = (m: ChatMessageRow) => m.swipes[m.swipeIndex] ?? '';

/** A reply ready to run: everything that can be refused has been checked and paid for. */
export interface PreparedReply {
  conversation: Conversation;
  run: (signal: AbortSignal) => AsyncGenerator<ChatStreamEvent>;
}

/**
 * Character chat and AI chat (issue 4): conversations, messages with swipes, the prompt, the
 * credits of each reply and the memory. Nobody reads or writes another user's conversation.
 */
export class ChatService {
  constructor(private readonly deps: ChatDeps) {}

  get demo(): boolean {
    return this.deps.engine.demo;
  }

  /** The caller's own conversation, or not-found. */
  private async ownConversation(user: User, id: string): Promise<Conversation> {
    const conversation = await repo.findConversation(this.deps.db, id);
    if (!conversation || conversation.userId !== user.id) throw notFound();
    return conversation;
  }

  /** The character of a conversation, checked for this caller (private, adult, deleted). */
  private characterOf(user: User, conversation: Conversation): Promise<CharacterDetail | undefined> {
    return conversation.characterId === null
      ? Promise.resolve(undefined)
      : this.deps.characters.forChat(user, conversation.characterId);
  }

  /**
   * A new conversation opened by the character's greeting; alternate greetings are swipes. A
   * restart carries the previous conversation's model and persona over.
   */
  private async startConversation(
    user: User,
    character: CharacterDetail | undefined,
    carried?: Pick<Conversation, 'model' | 'personaName' | 'personaDescription'>,
  ): Promise<Conversation> {
    return this.deps.db.transaction(async (tx) => {
      const conversation = await repo.insertConversation(tx, {
        userId: user.id,
        characterId: character?.id ?? null,
        model: character?.model ?? AI_CHAT_MODEL,
        ...carried,
      });
      if (character) {
        const greetings = [character.first_message, ...character.alternate_greetings].filter((g) => g.trim());
        if (greetings.length) {
          await repo.insertMessage(tx, {
            conversationId: conversation.id,
            role: 'assistant',
            swipes: greetings.slice(0, CHAT_LIMITS.swipes),
            swipeIndex: 0,
          });
        }
      }
      return conversation;
    });
  }

  private async resolve(
    user: User,
    where: { characterId?: number | undefined; conversationId?: string | undefined },
  ): Promise<{ conversation: Conversation; character: CharacterDetail | undefined }> {
    if (where.conversationId) {
      const conversation = await this.ownConversation(user, where.conversationId);
      return { conversation, character: await this.characterOf(user, conversation) };
    }
    if (where.characterId !== undefined) {
      // Recent chats are recorded by the page's `character/get?from=chat` and by each answered
      // message, not here. Both reads at once (on PostgreSQL they run side by side).
      const [character, existing] = await Promise.all([
        this.deps.characters.forChat(user, where.characterId),
        repo.latestConversation(this.deps.db, user.id, where.characterId),
      ]);
      return { conversation: existing ?? (await this.startConversation(user, character)), character };
    }
    return { conversation: await this.startConversation(user, undefined), character: undefined };
  }

  async list(
    user: User,
    q: {
      characterId?: number | undefined;
      conversationId?: string | undefined;
      page: number;
      page_size: number;
    },
  ): Promise<MessagePage> {
    const { conversation } = await this.resolve(user, q);
    const rows = await repo.messagePage(
      this.deps.db,
      conversation.id,
      q.page_size + 1,
      (q.page - 1) * q.page_size,
    );
    const hasMore = rows.length > q.page_size;
    return {
      conversation: conversationDto(conversation),
      messages: (hasMore ? rows.slice(1) : rows).map(messageDto),
      has_more: hasMore,
      demo_engine: this.demo,
    };
  }

  /** Restart: a new conversation with the greeting; the old one is kept out of sight. */
  async restart(
    user: User,
    where: { characterId?: number | undefined; conversationId?: string | undefined },
  ): Promise<MessagePage> {
    const { conversation, character } = await this.resolve(user, where);
    const next = await this.startConversation(user, character, {
      model: conversation.model,
      personaName: conversation.personaName,
      personaDescription: conversation.personaDescription,
    });
    return this.list(user, { conversationId: next.id, page: 1, page_size: CHAT_LIMITS.pageSize });
  }

  private async ownMessage(user: User, id: number) {
    const found = await repo.findMessage(this.deps.db, id);
    if (!found || found.conversation.userId !== user.id) throw notFound();
    return found;
  }

  async edit(user: User, id: number, content: string): Promise<ChatMessageDto> {
    const { message, conversation } = await this.ownMessage(user, id);
    const character = await this.characterOf(user, conversation);
    this.checkPolicy(character, content);
    const swipes = [...message.swipes];
    swipes[message.swipeIndex] = content;
    const row = await repo.updateMessage(this.deps.db, id, { swipes });
    if (!row) throw notFound();
    return messageDto(row);
  }

  async remove(user: User, id: number): Promise<void> {
    await this.ownMessage(user, id);
    await repo.deleteMessage(this.deps.db, id);
  }

  async swipe(user: User, id: number, index: number): Promise<ChatMessageDto> {
    const { message } = await this.ownMessage(user, id);
    if (message.role !== 'assistant' || index >= message.swipes.length) {
      throw new BusinessError(ErrorCode.INVALID_INPUT, 'invalid_field', { field: 'index' });
    }
    const row = await repo.updateMessage(this.deps.db, id, { swipeIndex: index });
    if (!row) throw notFound();
    return messageDto(row);
  }

  async setMemory(user: User, conversationId: string, memory: string): Promise<ConversationDto> {
    await this.ownConversation(user, conversationId);
    const updated = await repo.updateConversation(this.deps.db, conversationId, { memory });
    if (!updated) throw notFound();
    return conversationDto(updated);
  }

  async setPersona(
    user: User,
    body: {
      conversationId: string;
      persona_name: string;
      persona_description: string;
      model?: ModelProfileId | undefined;
    },
  ): Promise<ConversationDto> {
    const conversation = await this.ownConversation(user, body.conversationId);
    const character = await this.characterOf(user, conversation);
    this.checkPolicy(character, body.persona_description);
    if (body.model && modelProfile(body.model)?.adult && !user.enableNsfw) throw nsfwRequired();
    const updated = await repo.updateConversation(this.deps.db, conversation.id, {
      personaName: body.persona_name,
      personaDescription: body.persona_description,
      ...(body.model ? { model: body.model } : {}),
    });
    if (!updated) throw notFound();
    return conversationDto(updated);
  }

  private checkPolicy(character: CharacterDetail | undefined, text: string): void {
    const refused = findMinorSexualisation({ adult: character?.NSFW ?? false, texts: [text] });
    if (refused) throw new BusinessError(ErrorCode.CONTENT_POLICY, 'content_minor', { term: refused });
  }

  /**
   * Checks and pays for a reply (a new message, a regenerated swipe or a continuation), then
   * hands back the run that streams it. Refusals (credits, adult content, policy, someone
   * else's message) throw here, before anything is streamed or the engine is called.
   */
  async prepare(user: User, body: ChatSendBody): Promise<PreparedReply> {
    const targetId = body.regenerate ?? body.continue;
    let where = { characterId: body.characterId, conversationId: body.conversationId };
    if (targetId !== undefined) {
      const { message, conversation } = await this.ownMessage(user, targetId);
      if (message.role !== 'assistant')
        throw new BusinessError(ErrorCode.INVALID_INPUT, 'invalid_field', { field: 'regenerate' });
      where = { characterId: undefined, conversationId: conversation.id };
    }
    const { conversation, character } = await this.resolve(user, where);
    const model = body.model ?? (conversation.model as ModelProfileId);
    const profile = modelProfile(model);
    if (!profile) throw new BusinessError(ErrorCode.INVALID_INPUT, 'invalid_field', { field: 'model' });
    if (profile.adult && !user.enableNsfw) throw nsfwRequired();
    const content = body.content?.trim() ?? '';
    if (content) this.checkPolicy(character, content);
    if (body.model && body.model !== conversation.model) {
      await repo.updateConversation(this.deps.db, conversation.id, { model: body.model });
      conversation.model = body.model;
    }

    // Pay first: too few credits answer 100002 before the engine is called.
    // The history is read while the credits are taken; the engine waits for both.
    const history = repo.recentMessages(this.deps.db, conversation.id, PROMPT_WINDOW, targetId);
    history.catch(() => undefined);
    const spent = await this.deps.credits.spend(user.id, COSTS.chatMessage, 'chat');
    const run = (signal: AbortSignal) =>
      this.stream({
        user,
        conversation,
        character,
        model: profile.id as ModelProfileId,
        content,
        history,
        body,
        spent,
        signal,
      });
    return { conversation, run };
  }

  private async *stream(ctx: {
    user: User;
    conversation: Conversation;
    character: CharacterDetail | undefined;
    model: ModelProfileId;
    /** The user's new message, stored once the engine has been asked (or '' for a rework). */
    content: string;
    /** The newest messages up to the target, oldest first, being read. */
    history: Promise<ChatMessageRow[]>;
    body: ChatSendBody;
    spent: { operationId: string; remain: number };
    signal: AbortSignal;
  }): AsyncGenerator<ChatStreamEvent> {
    const { conversation, character, body } = ctx;
    const setting = this.deps.profiles[ctx.model];
    const targetId = body.regenerate ?? body.continue;
    const all = await ctx.history;
    const targetIndex = targetId === undefined ? -1 : all.findIndex((m) => m.id === targetId);
    const target = targetIndex >= 0 ? all[targetIndex] : undefined;
    // Regenerate answers what came before the message; continue extends it.
    const history =
      body.regenerate !== undefined
        ? all.slice(0, targetIndex)
        : body.continue !== undefined
          ? all.slice(0, targetIndex + 1)
          : all;
    const turns = history.map((m) => ({ id: m.id, role: m.role, content: chosen(m) }));
    // The new message takes part in the prompt before it is stored (its id comes after all).
    if (ctx.content) turns.push({ id: Number.MAX_SAFE_INTEGER, role: 'user', content: ctx.content });
    const persona = { name: conversation.personaName, description: conversation.personaDescription };
    const prompt = buildPrompt({
      ...(character
        ? {
            character: {
              name: character.name,
              description: character.desc,
              personality: character.personality,
              scenario: character.scenario,
              exampleDialogue: character.example_dialogue,
              systemPrompt: character.system_prompt,
              postHistoryInstructions: character.post_history_instructions,
              chatStyle: character.chat_style,
            },
          }
        : {}),
      persona,
      memory: conversation.memory,
      turns,
      budgetTokens: setting.contextTokens - setting.maxTokens,
      estimateTokens: this.deps.estimateTokens,
    });

    let text = '';
    let finishReason: string = 'stop';
    let failure: unknown;
    const userName = persona.name.trim() || DEFAULT_USER_NAME;
    const chunks = this.deps.engine
      .stream({
        model: this.deps.backendModel(ctx.model),
        messages: prompt.messages,
        sampling: { ...setting.sampling, maxTokens: setting.maxTokens },
        signal: ctx.signal,
        timeoutMs: this.deps.replyTimeoutMs,
        // A regenerated reply samples afresh: each swipe its own seed.
        ...(target && body.regenerate !== undefined ? { seed: target.swipes.length } : {}),
        ...(character
          ? {
              demo: {
                charName: character.name,
                userName,
                description: character.desc,
                personality: character.personality,
                scenario: character.scenario,
                exampleDialogue: character.example_dialogue,
                chatStyle: character.chat_style,
              },
            }
          : {}),
      })
      [Symbol.asyncIterator]();
    // Ask the engine first; store the user's message while it thinks (time to first byte).
    const first = chunks.next();
    first.catch(() => undefined);

    let userMessage: ChatMessageRow | null = null;
    try {
      if (ctx.content) {
        userMessage = await repo.insertMessage(this.deps.db, {
          conversationId: conversation.id,
          role: 'user',
          swipes: [ctx.content],
        });
      }
    } catch (err) {
      await chunks.return?.(undefined).catch(() => undefined);
      await this.deps.credits.refund(ctx.spent.operationId, 'chat failed');
      throw err;
    }

    yield {
      event: 'start',
      data: {
        conversation_id: conversation.id,
        user_message: userMessage ? messageDto(userMessage) : null,
        message_id: target?.id ?? 0,
      },
    };

    try {
      for (let step = await first; !step.done; step = await chunks.next()) {
        const chunk = step.value;
        if (chunk.type === 'delta') {
          text += chunk.text;
          yield { event: 'delta', data: { text: chunk.text } };
        } else if (chunk.type === 'done') {
          finishReason = chunk.finishReason;
        }
      }
    } catch (err) {
      failure = err;
      finishReason = 'length';
    } finally {
      // The caller stopped reading (browser gone): release the backend request.
      await chunks.return?.(undefined).catch(() => undefined);
    }

    const aborted = ctx.signal.aborted;
    if (!text.trim() || (failure && !aborted)) {
      // No reply (or a broken one): the credits come back and nothing is kept.
      await this.deps.credits.refund(ctx.spent.operationId, 'chat failed');
      if (!aborted) {
        const busy = isEngineError(failure) || failure === undefined;
        if (!busy) throw failure;
        yield { event: 'error', data: { code: ErrorCode.SERVICE_BUSY, message: 'service_busy' } };
      }
      return;
    }

    // A stopped reply is kept as far as it got, and can be continued.
    let saved: ChatMessageRow | undefined;
    if (target && body.continue !== undefined) {
      const swipes = [...target.swipes];
      const joiner = /\s$/.test(swipes[target.swipeIndex] ?? '') || /^\s/.test(text) ? '' : ' ';
      swipes[target.swipeIndex] = `${swipes[target.swipeIndex] ?? ''}${joiner}${text}`;
      saved = await repo.updateMessage(this.deps.db, target.id, {
        swipes,
        finishReason,
        engine: this.deps.engine.id,
      });
    } else if (target) {
      const swipes = [...target.swipes, text].slice(-CHAT_LIMITS.swipes);
      saved = await repo.updateMessage(this.deps.db, target.id, {
        swipes,
        swipeIndex: swipes.length - 1,
        finishReason,
        engine: this.deps.engine.id,
      });
    } else {
      saved = await repo.insertMessage(this.deps.db, {
        conversationId: conversation.id,
        role: 'assistant',
        swipes: [text],
        finishReason,
        engine: this.deps.engine.id,
      });
    }
    if (!saved) throw notFound();

    // What fell out of the context goes into the memory, once.
    const fresh = prompt.dropped.filter(
      (t) => t.id > conversation.memoryUpto && t.id !== Number.MAX_SAFE_INTEGER,
    );
    if (fresh.length) {
      const memory = extendMemory(
        conversation.memory,
        fresh,
        { char: character?.name ?? 'Assistant', user: userName },
        CHAT_LIMITS.memory,
      );
      await repo.updateConversation(this.deps.db, conversation.id, {
        memory,
        memoryUpto: Math.max(...fresh.map((t) => t.id)),
      });
    } else {
      await repo.updateConversation(this.deps.db, conversation.id, {});
    }
    if (character) {
      await repo.countReply(this.deps.db, character.id);
      await this.deps.characters.recordChat(ctx.user, character.id);
    }
    if (!aborted) yield { event: 'done', data: { message: messageDto(saved), remain: ctx.spent.remain } };
  }
}
