import * as API from '@lumi/contract/api-routes/chat';
import { call } from '@/lib/api-client';
import { whereQuery, type ChatWhere } from './chat-where';

/** GET character_msg/clear: a fresh conversation (with the greeting for a character). */
export const restartChat = (w: ChatWhere) => call(API.chatRestart, { query: whereQuery(w) });
