import * as API from '@lumi/contract/api-routes/pictures';
import { call } from '@/lib/api-client';

/** GET character_msg/pictures: the pictures of a conversation's history, by place. */
export const getPictures = (conversationId: string, signal?: AbortSignal) =>
  call(API.chatPictures, { query: { conversationId }, silent: true, signal });
