import * as API from '@lumi/contract/api-routes/chat';
import { call } from '@/lib/api-client';

/**
 * POST character_msg/edit: rewrites a message's text in the conversation shown (a branch changes
 * a message it shares with its parent in itself alone).
 */
export const editMessage = (id: number, content: string, conversationId?: string) =>
  call(API.chatEdit, { json: { id, content, conversationId } });
