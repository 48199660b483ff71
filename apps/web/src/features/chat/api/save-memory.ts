import * as API from '@lumi/contract/api-routes/chat';
import { call } from '@/lib/api-client';

/** POST character_msg/memory: saves the conversation's memory text. */
export const saveMemory = (conversationId: string, memory: string) =>
  call(API.chatMemory, { json: { conversationId, memory } });
