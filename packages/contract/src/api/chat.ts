import { z } from 'zod';
import { MODEL_PROFILE_IDS } from '../characters';
import { CHAT_LIMITS } from '../chat';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const id = z.preprocess(blankToUndefined, z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const uuid = z.preprocess(blankToUndefined, z.uuid());

/**
 * POST /cgi-bin/auth/aigc/text: a new user message (`content`), or on an assistant message
 * `regenerate` (a new swipe) or `continue` (extend a cut-off reply). No characterId and no
 * conversationId starts an AI chat without a character. Streams with Accept: text/event-stream.
 */
export const chatSendBodySchema = z
  .object({
    characterId: id.optional(),
    conversationId: uuid.optional(),
    content: z.string().max(CHAT_LIMITS.message).optional(),
    model: z.preprocess(blankToUndefined, z.enum(MODEL_PROFILE_IDS).optional()),
    regenerate: id.optional(),
    continue: id.optional(),
  })
  .refine((b) => (b.content?.trim() ? 1 : 0) + (b.regenerate ? 1 : 0) + (b.continue ? 1 : 0) === 1, {
    path: ['content'],
  });
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

export const messageEditBodySchema = z.object({
  id,
  content: z.string().trim().min(1).max(CHAT_LIMITS.message),
});
export const messageIdBodySchema = z.object({ id });
export const swipeBodySchema = z.object({
  id,
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(CHAT_LIMITS.swipes - 1),
});
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

export interface ChatMessageDto {
  id: number;
  role: 'user' | 'assistant';
  /** The chosen alternative's text (for assistant messages), or the user's text. */
  content: string;
  /** Every alternative of an assistant message; the chosen one is `swipe_index`. */
  swipes: string[];
  swipe_index: number;
  /** 'length' when the reply was cut off and can be continued. */
  finish_reason: string | null;
  /** The engine that wrote it, e.g. 'demo' (the page says a demo engine answered). */
  engine: string | null;
  /**
   * A notice the page shows before this reply: 'crisis' when the message it answers expressed
   * self-harm or suicidal intent (the crisis line of the reader's locale, `crisisLine()`).
   */
  notice: 'crisis' | null;
  create_time: number;
}

export interface ConversationDto {
  id: string;
  character_id: number | null;
  model: string;
  persona_name: string;
  persona_description: string;
  /** The rolling summary of what fell out of the context (the chat's memory), editable. */
  memory: string;
}

export interface MessagePage {
  conversation: ConversationDto;
  messages: ChatMessageDto[];
  has_more: boolean;
  /** Whether replies come from the offline demo engine. */
  demo_engine: boolean;
  /** Whether the reader is an admin: only admins see operator instructions (which setting to set). */
  is_admin: boolean;
}

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
      };
    }
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: { message: ChatMessageDto; remain: number } }
  /**
   * The reply failed or was refused. 100009 with `reply_refused`: the reply turned unsafe while
   * streaming; the page replaces what it showed with the message, nothing was kept or charged.
   */
  | { event: 'error'; data: { code: number; message: string } };
