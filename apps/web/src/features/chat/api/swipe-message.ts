import * as API from '@lumi/contract/api-routes/chat';
import { call } from '@/lib/api-client';

/** POST character_msg/swipe: shows another of a reply's versions, in the conversation shown. */
export const swipeMessage = (id: number, index: number, conversationId?: string) =>
  call(API.chatSwipe, { json: { id, index, conversationId } });
