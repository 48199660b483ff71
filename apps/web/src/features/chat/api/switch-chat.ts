import * as API from '@lumi/contract/api-routes/chat';
import { call } from '@/lib/api-client';

/** POST character_msg/switch: makes one of the character's conversations the current one. */
export const switchChat = (conversationId: string) => call(API.chatSwitch, { json: { conversationId } });
