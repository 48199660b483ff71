import * as API from '@lumi/contract/api-routes/chat';
import { call } from '@/lib/api-client';

/** POST character_msg/branch: a new conversation that shares this one's history up to the message. */
export const branchChat = (conversationId: string, id: number) =>
  call(API.chatBranch, { json: { conversationId, id } });
