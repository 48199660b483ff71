import * as API from '@lumi/contract/api-routes/chat';
import { call } from '@/lib/api-client';

/** POST character_msg/edit: rewrites a message's text. */
export const editMessage = (id: number, content: string) => call(API.chatEdit, { json: { id, content } });
