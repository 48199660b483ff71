import * as API from '@lumi/contract/api-routes/chat';
import { call } from '@/lib/api-client';
import { whereQuery, type ChatWhere } from './chat-where';

/** GET character_msg/list: page 1 is the newest page; messages come oldest first. */
export const getMessages = (w: ChatWhere, page = 1, pageSize?: number) =>
  call(API.chatMessages, {
    query: { ...whereQuery(w), page, page_size: pageSize },
    silent: true,
  });
