import { z } from 'zod';
import { MODEL_PROFILE_IDS } from '../characters';
import { CHAT_LIMITS } from '../chat';
import * as API from './routes/chat';
import { endpoint, noData } from './endpoint';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const id = z.preprocess(blankToUndefined, z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const uuid = z.preprocess(blankToUndefined, z.uuid());

/**
 * POST /cgi-bin/auth/aigc/text: a new user message (`content`), or on an assistant message
 * `regenerate` (a new swipe) or `continue` (extend a cut-off reply). No characterId and no
 * conversationId starts an AI chat without a character. Streams with Accept: text/event-stream.
 * In a group chat, `speakerId` names the character who replies (one of its members); with it
 * alone (no content) that character speaks next without a new user message.
 */
export const chatSendBodySchema = z
  .object({
    characterId: id.optional(),
    conversationId: uuid.optional(),
    content: z.string().max(CHAT_LIMITS.message).optional(),
    model: z.preprocess(blankToUndefined, z.enum(MODEL_PROFILE_IDS).optional()),
    regenerate: id.optional(),
    continue: id.optional(),
    speakerId: id.optional(),
  })
  .refine(
    (b) => {
      const asked = (b.content?.trim() ? 1 : 0) + (b.regenerate ? 1 : 0) + (b.continue ? 1 : 0);
      return asked === 1 || (asked === 0 && b.speakerId !== undefined && b.conversationId !== undefined);
    },
    { path: ['content'] },
  );
export type ChatSendBody = z.infer<typeof chatSendBodySchema>;

export const conversationQuerySchema = z
  .object({
    characterId: id.optional(),
    conversationId: uuid.optional(),
    page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)),
    page_size: z.preprocess(
      blankToUndefined,
      z.coerce.number().int().min(1).max(100).default(CHAT_LIMITS.pageSize),
    ),
  })
  .refine((q) => q.characterId !== undefined || q.conversationId !== undefined, { path: ['characterId'] });

/**
 * The conversation the page shows the message in. A branch shows its parent's messages up to
 * where it branched: changing one there changes it in this conversation only. Without it, the
 * message's own conversation.
 */
const seenIn = uuid.optional();

export const messageEditBodySchema = z.object({
  id,
  conversationId: seenIn,
  content: z.string().trim().min(1).max(CHAT_LIMITS.message),
});
export const messageIdBodySchema = z.object({ id, conversationId: seenIn });
export const swipeBodySchema = z.object({
  id,
  conversationId: seenIn,
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(CHAT_LIMITS.swipes - 1),
});
/** "Branch from here": a new conversation sharing this one's history up to the message `id`. */
export const branchBodySchema = z.object({ conversationId: uuid, id });
export const switchBodySchema = z.object({ conversationId: uuid });
export const branchesQuerySchema = z
  .object({ characterId: id.optional(), conversationId: uuid.optional() })
  .refine((q) => q.characterId !== undefined || q.conversationId !== undefined, { path: ['characterId'] });

/** A group chat with two to four characters, in the order they take turns (no repeats). */
export const groupBodySchema = z.object({
  characterIds: z
    .array(id)
    .min(CHAT_LIMITS.groupMin)
    .max(CHAT_LIMITS.groupMax)
    .refine((ids) => new Set(ids).size === ids.length),
});
/** The caller's group chats; with characterId, those the character takes part in. */
export const groupsQuerySchema = z.object({ characterId: id.optional() });

export const memoryBodySchema = z.object({
  conversationId: uuid,
  memory: z.string().max(CHAT_LIMITS.memory),
});
export const personaBodySchema = z.object({
  conversationId: uuid,
  persona_name: z.string().trim().max(CHAT_LIMITS.personaName),
  persona_description: z.string().trim().max(CHAT_LIMITS.personaDescription),
  model: z.preprocess(blankToUndefined, z.enum(MODEL_PROFILE_IDS).optional()),
});

export const chatMessageSchema = z.object({
  id: z.number().int(),
  /**
   * Its place in the conversation: messages read in this order. A branch's copy of a message it
   * shared keeps the original's place (and has an id of its own), so ids alone are not the order.
   */
  seq: z.number().int(),
  role: z.enum(['user', 'assistant']),
  /** The chosen alternative's text (for assistant messages), or the user's text. */
  content: z.string(),
  /** Every alternative of an assistant message; the chosen one is `swipe_index`. */
  swipes: z.array(z.string()),
  swipe_index: z.number().int(),
  /**
   * The lorebook entries (their names) the chosen alternative's prompt carried: what the
   * character remembered for it. Empty without a book or when none fired.
   */
  lore: z.array(z.string()),
  /** 'length' when the reply was cut off and can be continued. */
  finish_reason: z.string().nullable(),
  /** The engine that wrote it, e.g. 'demo' (the page says a demo engine answered). */
  engine: z.string().nullable(),
  /**
   * A notice the page shows before this reply: 'crisis' when the message it answers expressed
   * self-harm or suicidal intent (the crisis line of the reader's locale, `crisisLine()`).
   */
  notice: z.literal('crisis').nullable(),
  /**
   * A branch's message it shares with the conversation it branched from (the history up to the
   * fork). Changing it changes it in this branch alone: the branch gets its own copies from it
   * on, with new ids, so the page reads the messages again.
   */
  shared: z.boolean(),
  /** In a group chat, the character who wrote this reply (null elsewhere). */
  character_id: z.number().int().nullable(),
  create_time: z.number(),
});
export type ChatMessageDto = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  character_id: z.number().int().nullable(),
  model: z.string(),
  persona_name: z.string(),
  persona_description: z.string(),
  /** The rolling summary of what fell out of the context (the chat's memory), editable. */
  memory: z.string(),
  /** Whether the chat engine wrote the memory (a rolling summary); false once the user edits it. */
  memory_auto: z.boolean(),
  /** The conversation this one branched from (null: not a branch). */
  parent_id: z.string().nullable(),
  /** A group chat's characters, in turn order; empty for a chat with one character or the AI chat. */
  members: z.array(z.number().int()),
});
export type ConversationDto = z.infer<typeof conversationSchema>;

/** A character of a group chat, as the page shows it. */
export const groupMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** URL of its avatar. */
  head: z.string(),
  NSFW: z.boolean(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const messagePageSchema = z.object({
  conversation: conversationSchema,
  messages: z.array(chatMessageSchema),
  has_more: z.boolean(),
  /** Whether replies come from the offline demo engine. */
  demo_engine: z.boolean(),
  /** Whether the reader is an admin: only admins see operator instructions (which setting to set). */
  is_admin: z.boolean(),
  /** A group chat's characters as the page shows them (in turn order); empty elsewhere. */
  members: z.array(groupMemberSchema),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** One conversation of a character's tree, with what the tree shows of it. */
/** A conversation's newest message as the lists show it: one line of its text (CHAT_LIMITS.branchPreview). */
const lastMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  create_time: z.number(),
  /** In a group chat, the character who wrote it. */
  character_id: z.number().int().nullable(),
});

export const branchSchema = z.object({
  id: z.string(),
  /** The conversation it branched from; null for a chat started afresh (or restarted). */
  parent_id: z.string().nullable(),
  /** Its newest message (shared or its own); null for an empty chat. */
  last: lastMessageSchema.nullable(),
  /** Messages in its history, shared ones included. */
  message_count: z.number().int(),
  create_time: z.number(),
  /** When it was last opened; the latest is the current one. */
  active_time: z.number(),
});
export type BranchDto = z.infer<typeof branchSchema>;

export const branchListSchema = z.object({
  /** The conversation the character's chat opens on. */
  current: z.string().nullable(),
  /** Current first, then by when each was last opened; at most CHAT_LIMITS.branches. */
  branches: z.array(branchSchema),
});
export type BranchList = z.infer<typeof branchListSchema>;

/** One of the caller's group chats, for the lists (character page, recent chats). */
export const groupChatSchema = z.object({
  id: z.string(),
  members: z.array(groupMemberSchema),
  last: lastMessageSchema.nullable(),
  active_time: z.number(),
});
export type GroupChat = z.infer<typeof groupChatSchema>;
export const groupListSchema = z.object({ groups: z.array(groupChatSchema) });
export type GroupList = z.infer<typeof groupListSchema>;

/** A reply asked for without streaming: the whole reply and the credits left. */
export const chatReplySchema = z.object({
  conversation_id: z.string(),
  message: chatMessageSchema,
  remain: z.number(),
});

/** Server-sent events of a streamed reply. */
export type ChatStreamEvent =
  | {
      event: 'start';
      data: {
        conversation_id: string;
        user_message: ChatMessageDto | null;
        message_id: number;
        /** 'crisis': the page shows the crisis notice before the reply as it streams. */
        notice: 'crisis' | null;
        /** In a group chat, the character who is replying (the reply's `character_id`). */
        speaker: number | null;
      };
    }
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: { message: ChatMessageDto; remain: number } }
  /**
   * The reply failed or was refused. 100009 with `reply_refused`: the reply turned unsafe while
   * streaming; the page replaces what it showed with the message, nothing was kept or charged.
   */
  | { event: 'error'; data: { code: number; message: string } };

/** The chat's calls (spec: aigc/text and character_msg/*), for the server's routes and the reference. */
export const CHAT_ENDPOINTS = {
  chatSend: endpoint({
    ...API.chatSend,
    summary:
      'Send a message, or regenerate or continue a reply; streams server-sent events (start, delta, done | error) with Accept: text/event-stream',
    tag: 'chat',
    access: 'session',
    body: chatSendBodySchema,
    response: chatReplySchema,
    stream: true,
  }),
  chatMessages: endpoint({
    ...API.chatMessages,
    summary: "A conversation's messages, newest page first",
    tag: 'chat',
    access: 'session',
    query: conversationQuerySchema,
    response: messagePageSchema,
  }),
  chatOpen: endpoint({
    ...API.chatOpen,
    summary: "Open (or find) the conversation with a character, with the character's greeting",
    tag: 'chat',
    access: 'session',
    body: conversationQuerySchema,
    response: messagePageSchema,
  }),
  chatRestart: endpoint({
    ...API.chatRestart,
    summary: 'Restart: a fresh conversation with the greeting',
    tag: 'chat',
    access: 'session',
    query: conversationQuerySchema,
    response: messagePageSchema,
  }),
  chatEdit: endpoint({
    ...API.chatEdit,
    summary: "Edit a message's text",
    tag: 'chat',
    access: 'session',
    body: messageEditBodySchema,
    response: chatMessageSchema,
  }),
  chatDelete: endpoint({
    ...API.chatDelete,
    summary: 'Delete a message',
    tag: 'chat',
    access: 'session',
    body: messageIdBodySchema,
    response: noData,
  }),
  chatSwipe: endpoint({
    ...API.chatSwipe,
    summary: "Choose one of a reply's alternatives",
    tag: 'chat',
    access: 'session',
    body: swipeBodySchema,
    response: chatMessageSchema,
  }),
  chatBranch: endpoint({
    ...API.chatBranch,
    summary:
      'Branch from here: a new conversation that shares the history up to the message `id` (no copy), opened as the current one',
    tag: 'chat',
    access: 'session',
    body: branchBodySchema,
    response: messagePageSchema,
  }),
  chatBranches: endpoint({
    ...API.chatBranches,
    summary:
      "The caller's conversations with a character (or the AI chat's), as a tree: each with its parent, newest message and size",
    tag: 'chat',
    access: 'session',
    query: branchesQuerySchema,
    response: branchListSchema,
  }),
  chatSwitch: endpoint({
    ...API.chatSwitch,
    summary: "Switch to one of the character's conversations: it becomes the current one",
    tag: 'chat',
    access: 'session',
    body: switchBodySchema,
    response: messagePageSchema,
  }),
  chatGroup: endpoint({
    ...API.chatGroup,
    summary:
      'Start a group chat with two to four characters (in turn order), opened with the first one’s greeting',
    tag: 'chat',
    access: 'session',
    body: groupBodySchema,
    response: messagePageSchema,
  }),
  chatGroups: endpoint({
    ...API.chatGroups,
    summary:
      "The caller's group chats, the most recently opened first; with characterId, those the character takes part in",
    tag: 'chat',
    access: 'session',
    query: groupsQuerySchema,
    response: groupListSchema,
  }),
  chatMemory: endpoint({
    ...API.chatMemory,
    summary: "Set a conversation's memory",
    tag: 'chat',
    access: 'session',
    body: memoryBodySchema,
    response: conversationSchema,
  }),
  chatPersona: endpoint({
    ...API.chatPersona,
    summary: "Set a conversation's persona and model",
    tag: 'chat',
    access: 'session',
    body: personaBodySchema,
    response: conversationSchema,
  }),
};
