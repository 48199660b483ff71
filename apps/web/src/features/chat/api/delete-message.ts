import * as API from '@lumi/contract/api-routes/chat';
import { call } from '@/lib/api-client';

/** POST character_msg/delete: deletes a message from the conversation shown. */
export const deleteMessage = (id: number, conversationId?: string) =>
  call(API.chatDelete, { json: { id, conversationId } });
