import * as API from '@lumi/contract/api-routes/chat';
import { call } from '@/lib/api-client';

/** POST character_msg/group: a group chat with two to four characters, in turn order. */
export const startGroup = (characterIds: number[]) => call(API.chatGroup, { json: { characterIds } });
