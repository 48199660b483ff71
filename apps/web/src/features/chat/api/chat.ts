import type { ChatMessageDto, ConversationDto, MessagePage, ModelProfileId } from '@lumi/contract';
import { api } from '@/lib/api-client';

/** Whose conversation: a character's (the latest one, opened with its greeting) or a known one. */
export type ChatWhere = { characterId: number } | { conversationId: string };

const where = (w: ChatWhere) =>
  'characterId' in w ? { characterId: w.characterId } : { conversationId: w.conversationId };

/** GET character_msg/list: page 1 is the newest page; messages come oldest first. */
export const getMessages = (w: ChatWhere, page = 1, pageSize?: number) =>
  api<MessagePage>('/auth/character_msg/list', {
    query: { ...where(w), page, page_size: pageSize },
    silent: true,
  });

/** GET character_msg/clear: a fresh conversation (with the greeting for a character). */
export const restartChat = (w: ChatWhere) =>
  api<MessagePage>('/auth/character_msg/clear', { query: where(w) });

export const editMessage = (id: number, content: string) =>
  api<ChatMessageDto>('/auth/character_msg/edit', { json: { id, content } });

export const deleteMessage = (id: number) => api<null>('/auth/character_msg/delete', { json: { id } });

export const swipeMessage = (id: number, index: number) =>
  api<ChatMessageDto>('/auth/character_msg/swipe', { json: { id, index } });

export const saveMemory = (conversationId: string, memory: string) =>
  api<ConversationDto>('/auth/character_msg/memory', { json: { conversationId, memory } });

export const savePersona = (body: {
  conversationId: string;
  persona_name: string;
  persona_description: string;
  model?: ModelProfileId | undefined;
}) => api<ConversationDto>('/auth/character_msg/persona', { json: body });
