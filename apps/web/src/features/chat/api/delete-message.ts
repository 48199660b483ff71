import * as API from '@lumi/contract/api-routes/chat';
import { call } from '@/lib/api-client';

/** POST character_msg/delete: deletes a message. */
export const deleteMessage = (id: number) => call(API.chatDelete, { json: { id } });
