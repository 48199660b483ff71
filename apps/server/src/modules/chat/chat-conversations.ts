import {
  CHAT_LIMITS,
  COSTS,
  ErrorCode,
  modelProfile,
  type BranchList,
  type ChatMessageDto,
  type ConversationDto,
  type GroupList,
  type MessagePage,
  type ModelProfileId,
} from '@lumi/contract';
import type { ChatEngine, Sampling } from '@lumi/engines';
import type { Db, DbOrTx } from '../../db/client';
import type { ChatMessageRow, Conversation, User } from '../../db/schema';
import { BusinessError, notFound } from '../../lib/errors';
import type { ChatCharacter } from '../characters/character-reads';
import type { CharactersService } from '../characters/characters.service';
import type { CreditsService } from '../credits/credits.service';
import type { AdminPolicy } from '../../plugins/admin';
import type { ModerationService } from '../safety/moderation.service';
import * as repo from './chat.repository';
import * as branches from './branches.repository';
import { adultGroup, castOf, memberDto } from './group-chat';

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
  /** Where a failure nobody waits for is told (a memory fold in the background). */
  warn?: (err: unknown, message: string) => void;
}

export const nsfwRequired = () => new BusinessError(ErrorCode.NSFW_REQUIRED, 'nsfw_required');
export const AI_CHAT_MODEL: ModelProfileId = 'genla-8b';

/** A message as the page reads it; `seenIn`, the conversation it is shown in (a branch shares some). */
export function messageDto(m: ChatMessageRow, seenIn: string = m.conversationId): ChatMessageDto {
  return {
    id: m.id,
    seq: m.seq,
    role: m.role,
    content: m.swipes[m.swipeIndex] ?? '',
    swipes: m.swipes,
    swipe_index: m.swipeIndex,
    lore: m.swipeLore[m.swipeIndex] ?? [],
    finish_reason: m.finishReason,
    engine: m.engine,
    notice: m.notice === 'crisis' ? 'crisis' : null,
    shared: m.conversationId !== seenIn,
    character_id: m.characterId,
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
    memory_auto: c.memoryAuto,
    parent_id: c.parentId,
    members: c.members,
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

  /** A group chat's characters the caller may chat with, in turn order (none for other chats). */
  protected castOf(user: User, conversation: Conversation): Promise<ChatCharacter[]> {
    return conversation.members.length
      ? castOf(this.deps.characters, user, conversation.members)
      : Promise.resolve([]);
  }

  /** Whether adult content is allowed in the conversation; checks the caller may open it. */
  private async adultOf(user: User, conversation: Conversation): Promise<boolean> {
    if (conversation.members.length) return adultGroup(await this.castOf(user, conversation));
    return adultChat(await this.characterOf(user, conversation));
  }

  /**
   * A new conversation opened by the character's greeting; alternate greetings are swipes. A
   * restart carries the previous conversation's model and persona over. A group chat (`cast`)
   * opens with its first character's greeting.
   */
  protected async startConversation(
    user: User,
    character: ChatCharacter | undefined,
    carried?: Pick<Conversation, 'model' | 'personaName' | 'personaDescription'>,
    cast: readonly ChatCharacter[] = [],
  ): Promise<Conversation> {
    const greeter = cast[0] ?? character;
    return this.deps.db.transaction(async (tx) => {
      const conversation = await repo.insertConversation(tx, {
        userId: user.id,
        characterId: cast.length ? null : (character?.id ?? null),
        members: cast.map((c) => c.id),
        model: greeter?.model ?? AI_CHAT_MODEL,
        ...carried,
      });
      if (greeter) {
        const greetings = [greeter.first_message, ...greeter.alternate_greetings].filter((g) => g.trim());
        if (greetings.length) {
          await repo.insertMessage(tx, {
            conversationId: conversation.id,
            role: 'assistant',
            swipes: greetings.slice(0, CHAT_LIMITS.swipes),
            swipeIndex: 0,
            characterId: cast.length ? greeter.id : null,
          });
        }
      }
      return conversation;
    });
  }

  /** A group chat with two to four characters, each one the caller may chat with. */
  async startGroup(user: User, characterIds: number[]): Promise<MessagePage> {
    // Each is checked; the first refused (in the order given) says why.
    const found = await Promise.allSettled(characterIds.map((id) => this.deps.characters.forChat(user, id)));
    const cast = found.map((f) => {
      if (f.status === 'rejected') throw f.reason;
      return f.value;
    });
    const conversation = await this.startConversation(user, undefined, undefined, cast);
    return this.list(user, { conversationId: conversation.id, page: 1, page_size: CHAT_LIMITS.pageSize });
  }

  /** The caller's group chats (with `characterId`, those it is in), each at its current branch. */
  async groupList(user: User, characterId?: number): Promise<GroupList> {
    const rows = await branches.groupRows(this.deps.db, user.id, characterId, CHAT_LIMITS.groups);
    const ids = [...new Set(rows.flatMap((r) => r.conversation.members))];
    const found = await Promise.allSettled(ids.map((id) => this.deps.characters.forChat(user, id)));
    const known = new Map(
      found.flatMap((f) => (f.status === 'fulfilled' ? [[f.value.id, memberDto(f.value)] as const] : [])),
    );
    return {
      groups: rows.flatMap(({ conversation: c, last }) => {
        const members = c.members.flatMap((id) => known.get(id) ?? []);
        // A group whose characters the caller may no longer open is left out.
        if (members.length < c.members.length) return [];
        return [
          {
            id: c.id,
            members,
            last: last && lastDto(last),
            active_time: c.activeAt.getTime(),
          },
        ];
      }),
    };
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
    const cast = await this.castOf(user, conversation);
    return {
      conversation: conversationDto(conversation),
      messages: (hasMore ? rows.slice(1) : rows).map((m) => messageDto(m, conversation.id)),
      has_more: hasMore,
      demo_engine: this.demo,
      is_admin: this.deps.admins.isAdmin(user),
      members: cast.map(memberDto),
    };
  }

  /** Restart: a new conversation with the greeting; the old one is kept out of sight. */
  async restart(
    user: User,
    where: { characterId?: number | undefined; conversationId?: string | undefined },
  ): Promise<MessagePage> {
    const { conversation, character } = await this.resolve(user, where);
    const next = await this.startConversation(
      user,
      character,
      {
        model: conversation.model,
        personaName: conversation.personaName,
        personaDescription: conversation.personaDescription,
      },
      await this.castOf(user, conversation),
    );
    return this.list(user, { conversationId: next.id, page: 1, page_size: CHAT_LIMITS.pageSize });
  }

  private async ownMessage(user: User, id: number) {
    const found = await repo.findMessage(this.deps.db, id);
    if (!found || found.conversation.userId !== user.id) throw notFound();
    return found;
  }

  /**
   * A message as the caller sees it in the conversation `seenIn` (by default its own), with the
   * conversation's character checked for this caller (private, adult, deleted): read only.
   */
  async seenMessage(
    user: User,
    id: number,
    seenIn: string | undefined,
  ): Promise<{ message: ChatMessageRow; character: ChatCharacter | undefined }> {
    const conversation = seenIn
      ? await this.ownConversation(user, seenIn)
      : (await this.ownMessage(user, id)).conversation;
    const message = await branches.historyMessage(this.deps.db, conversation.id, id);
    if (!message) throw notFound();
    if (conversation.members.length) {
      // A group chat's reply is its writer's (a member the caller may still chat with).
      const cast = await this.castOf(user, conversation);
      return { message, character: cast.find((c) => c.id === message.characterId) ?? cast[0] };
    }
    return { message, character: await this.characterOf(user, conversation) };
  }

  /**
   * Changes a message the caller sees in the conversation `seenIn` (by default the message's
   * own), in that conversation alone: a message it shares with the conversation it branched
   * from is copied into it first, and the branches made from it that share the message take
   * their own copies. `change` gets the conversation's own message, in the same transaction.
   */
  protected async changeMessage<T>(
    user: User,
    id: number,
    seenIn: string | undefined,
    change: (tx: DbOrTx, message: ChatMessageRow, conversation: Conversation) => Promise<T>,
  ): Promise<T> {
    const conversation = seenIn
      ? await this.ownConversation(user, seenIn)
      : (await this.ownMessage(user, id)).conversation;
    const seen = await branches.historyMessage(this.deps.db, conversation.id, id);
    if (!seen) throw notFound();
    return this.deps.db.transaction(async (tx) => {
      const locked = await branches.lockConversation(tx, conversation.id);
      if (!locked) throw notFound();
      let own =
        seen.conversationId === locked.id ? seen : await branches.ownMessageAt(tx, locked.id, seen.seq);
      if (!own) {
        await branches.copyShared(tx, locked.id, seen.seq);
        own = await branches.ownMessageAt(tx, locked.id, seen.seq);
        if (!own) throw notFound();
      }
      await branches.detachBranches(tx, locked.id, own.seq);
      return change(tx, own, locked);
    });
  }

  async edit(user: User, id: number, content: string, seenIn?: string): Promise<ChatMessageDto> {
    const conversation = seenIn
      ? await this.ownConversation(user, seenIn)
      : (await this.ownMessage(user, id)).conversation;
    await this.deps.moderation.requireText(
      content,
      { surface: 'chat', adult: await this.adultOf(user, conversation) },
      user.id,
    );
    return this.changeMessage(user, id, conversation.id, async (tx, message) => {
      const swipes = [...message.swipes];
      swipes[message.swipeIndex] = content;
      const row = await repo.updateMessage(tx, message.id, { swipes });
      if (!row) throw notFound();
      return messageDto(row);
    });
  }

  async remove(user: User, id: number, seenIn?: string): Promise<void> {
    await this.changeMessage(user, id, seenIn, (tx, message) => repo.deleteMessage(tx, message.id));
  }

  async swipe(user: User, id: number, index: number, seenIn?: string): Promise<ChatMessageDto> {
    return this.changeMessage(user, id, seenIn, async (tx, message) => {
      if (message.role !== 'assistant' || index >= message.swipes.length) {
        throw new BusinessError(ErrorCode.INVALID_INPUT, 'invalid_field', { field: 'index' });
      }
      const row = await repo.updateMessage(tx, message.id, { swipeIndex: index });
      if (!row) throw notFound();
      return messageDto(row);
    });
  }

  /**
   * "Branch from here": a new conversation that shares this one's history up to the message
   * (no copy), opened as the character's current chat. It branches from the conversation that
   * holds the message, carries the model and persona, and the memory when the memory covers
   * nothing after the message.
   */
  async branch(user: User, conversationId: string, id: number): Promise<MessagePage> {
    const conversation = await this.ownConversation(user, conversationId);
    await this.adultOf(user, conversation);
    const at = await branches.historyMessage(this.deps.db, conversation.id, id);
    if (!at) throw notFound();
    const memory =
      conversation.memoryUpto <= at.seq
        ? {
            memory: conversation.memory,
            memoryUpto: conversation.memoryUpto,
            memoryAuto: conversation.memoryAuto,
          }
        : {};
    const next = await repo.insertConversation(this.deps.db, {
      userId: user.id,
      characterId: conversation.characterId,
      members: conversation.members,
      model: conversation.model,
      personaName: conversation.personaName,
      personaDescription: conversation.personaDescription,
      parentId: at.conversationId,
      forkSeq: at.seq,
      ...memory,
    });
    return this.list(user, { conversationId: next.id, page: 1, page_size: CHAT_LIMITS.pageSize });
  }

  /** Switches the character's chat to one of its conversations (a branch, or an earlier chat). */
  async switchTo(user: User, conversationId: string): Promise<MessagePage> {
    const conversation = await this.ownConversation(user, conversationId);
    await this.adultOf(user, conversation);
    await branches.markActive(this.deps.db, conversation.id);
    return this.list(user, { conversationId, page: 1, page_size: CHAT_LIMITS.pageSize });
  }

  /** The caller's conversations with the character (or the AI chat's), for the branch tree. */
  async branchList(
    user: User,
    where: { characterId?: number | undefined; conversationId?: string | undefined },
  ): Promise<BranchList> {
    const chat = where.conversationId
      ? await this.ownConversation(user, where.conversationId)
      : { characterId: where.characterId ?? null, members: [] };
    const rows = await branches.branchRows(this.deps.db, user.id, chat, CHAT_LIMITS.branches);
    return {
      current: rows[0]?.conversation.id ?? null,
      branches: rows.map(({ conversation: c, last, size }) => ({
        id: c.id,
        parent_id: c.parentId,
        last: last && lastDto(last),
        message_count: size,
        create_time: c.createdAt.getTime(),
        active_time: c.activeAt.getTime(),
      })),
    };
  }

  async setMemory(user: User, conversationId: string, memory: string): Promise<ConversationDto> {
    const conversation = await this.ownConversation(user, conversationId);
    await this.deps.moderation.requireText(
      memory,
      { surface: 'memory', adult: await this.adultOf(user, conversation) },
      user.id,
    );
    const updated = await repo.updateConversation(this.deps.db, conversationId, {
      memory,
      memoryAuto: false,
    });
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
    await this.deps.moderation.requireText(
      [body.persona_name, body.persona_description],
      { surface: 'persona', adult: await this.adultOf(user, conversation) },
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

/** A conversation's newest message as the branch tree and the group list show it. */
function lastDto(m: ChatMessageRow) {
  return {
    role: m.role,
    content: preview(m.swipes[m.swipeIndex] ?? ''),
    create_time: m.createdAt.getTime(),
    character_id: m.characterId,
  };
}

/**
 * A message's start, for the branch tree: one line of plain text (no Markdown emphasis marks),
 * at most CHAT_LIMITS.branchPreview characters.
 */
function preview(text: string): string {
  const line = text
    .replace(/[*`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > CHAT_LIMITS.branchPreview ? `${line.slice(0, CHAT_LIMITS.branchPreview - 1)}…` : line;
}

/** Adult content is allowed in a chat with an adult (NSFW) character; AI chat is not adult. */
export function adultChat(character: ChatCharacter | undefined): boolean {
  return character?.NSFW ?? false;
}
