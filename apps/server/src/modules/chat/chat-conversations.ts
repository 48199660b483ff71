import {
  CHAT_LIMITS,
  COSTS,
  ErrorCode,
  modelProfile,
  type ChatMessageDto,
  type ConversationDto,
  type MessagePage,
  type ModelProfileId,
} from '@lumi/contract';
import type { ChatEngine, Sampling } from '@lumi/engines';
import type { Db } from '../../db/client';
import type { ChatMessageRow, Conversation, User } from '../../db/schema';
import { BusinessError, notFound } from '../../lib/errors';
import type { CharactersService, ChatCharacter } from '../characters/characters.service';
import type { CreditsService } from '../credits/credits.service';
import type { AdminPolicy } from '../../plugins/admin';
import type { ModerationService } from '../safety/moderation.service';
import * as repo from './chat.repository';

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
  moderation: ModerationService;
  admins: AdminPolicy;
  /** The backend model name for a profile (LLM_MODEL and its per-profile overrides). */
  backendModel: (profile: ModelProfileId) => string;
  profiles: Record<ModelProfileId, ProfileSetting>;
  countTokens: (text: string) => number;
  /** Time limit of one reply. */
  replyTimeoutMs: number;
  /** Text of recent conversations kept in memory between sends (0: none). */
  turnCacheChars: number;
}

export const nsfwRequired = () => new BusinessError(ErrorCode.NSFW_REQUIRED, 'nsfw_required');
export const AI_CHAT_MODEL: ModelProfileId = 'genla-8b';

export function messageDto(m: ChatMessageRow): ChatMessageDto {
  return {
    id: m.id,
    role: m.role,
    content: m.swipes[m.swipeIndex] ?? '',
    swipes: m.swipes,
    swipe_index: m.swipeIndex,
    lore: m.swipeLore[m.swipeIndex] ?? [],
    finish_reason: m.finishReason,
    engine: m.engine,
    notice: m.notice === 'crisis' ? 'crisis' : null,
    create_time: m.createdAt.getTime(),
  };
}

export function conversationDto(c: Conversation): ConversationDto {
  return {
    id: c.id,
    character_id: c.characterId,
    model: c.model,
    persona_name: c.personaName,
    persona_description: c.personaDescription,
    memory: c.memory,
  };
}

/**
 * Conversations and their messages (issue 4): opening, listing, restarting, editing, swiping,
 * memory and persona. Nobody reads or writes another user's conversation. The replies are
 * ChatService's (chat.service.ts), which extends this.
 */
export class ChatConversations {
  constructor(protected readonly deps: ChatDeps) {}

  get demo(): boolean {
    return this.deps.engine.demo;
  }

  /** What a reply costs: nothing while the offline demo engine answers (issue 18). */
  get cost(): number {
    return this.demo ? 0 : COSTS.chatMessage;
  }

  /** The caller's own conversation, or not-found. */
  private async ownConversation(user: User, id: string): Promise<Conversation> {
    const conversation = await repo.findConversation(this.deps.db, id);
    if (!conversation || conversation.userId !== user.id) throw notFound();
    return conversation;
  }

  /** The character of a conversation, checked for this caller (private, adult, deleted). */
  private characterOf(user: User, conversation: Conversation): Promise<ChatCharacter | undefined> {
    return conversation.characterId === null
      ? Promise.resolve(undefined)
      : this.deps.characters.forChat(user, conversation.characterId);
  }

  /**
   * A new conversation opened by the character's greeting; alternate greetings are swipes. A
   * restart carries the previous conversation's model and persona over.
   */
  protected async startConversation(
    user: User,
    character: ChatCharacter | undefined,
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
  ): Promise<{ conversation: Conversation; character: ChatCharacter | undefined }> {
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
      is_admin: this.deps.admins.isAdmin(user),
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
    await this.deps.moderation.requireText(
      content,
      { surface: 'chat', adult: adultChat(character) },
      user.id,
    );
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
    const conversation = await this.ownConversation(user, conversationId);
    const character = await this.characterOf(user, conversation);
    await this.deps.moderation.requireText(
      memory,
      { surface: 'memory', adult: adultChat(character) },
      user.id,
    );
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
    await this.deps.moderation.requireText(
      [body.persona_name, body.persona_description],
      { surface: 'persona', adult: adultChat(character) },
      user.id,
    );
    if (body.model && modelProfile(body.model)?.adult && !user.enableNsfw) throw nsfwRequired();
    const updated = await repo.updateConversation(this.deps.db, conversation.id, {
      personaName: body.persona_name,
      personaDescription: body.persona_description,
      ...(body.model ? { model: body.model } : {}),
    });
    if (!updated) throw notFound();
    return conversationDto(updated);
  }
}

/** Adult content is allowed in a chat with an adult (NSFW) character; AI chat is not adult. */
export function adultChat(character: ChatCharacter | undefined): boolean {
  return character?.NSFW ?? false;
}
