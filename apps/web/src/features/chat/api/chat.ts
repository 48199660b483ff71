import { type ModelProfileId } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/chat';
import { call } from '@/lib/api-client';

/** Whose conversation: a character's (the latest one, opened with its greeting) or a known one. */
export type ChatWhere = { characterId: number } | { conversationId: string };

const where = (w: ChatWhere) =>
  'characterId' in w ? { characterId: w.characterId } : { conversationId: w.conversationId };

/** GET character_msg/list: page 1 is the newest page; messages come oldest first. */
export const getMessages = (w: ChatWhere, page = 1, pageSize?: number) =>
  call(API.chatMessages, {
    query: { ...where(w), page, page_size: pageSize },
    silent: true,
  });

/** GET character_msg/clear: a fresh conversation (with the greeting for a character). */
export const restartChat = (w: ChatWhere) => call(API.chatRestart, { query: where(w) });

export const editMessage = (id: number, content: string) => call(API.chatEdit, { json: { id, content } });

export const deleteMessage = (id: number) => call(API.chatDelete, { json: { id } });

export const swipeMessage = (id: number, index: number) => call(API.chatSwipe, { json: { id, index } });

export const saveMemory = (conversationId: string, memory: string) =>
  call(API.chatMemory, { json: { conversationId, memory } });

export const savePersona = (body: {
  conversationId: string;
  persona_name: string;
  persona_description: string;
  model?: ModelProfileId | undefined;
}) => call(API.chatPersona, { json: body });
