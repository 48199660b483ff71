import * as API from '@lumi/contract/api-routes/chat';
import { call } from '@/lib/api-client';

/** POST character_msg/swipe: shows another of a reply's versions. */
export const swipeMessage = (id: number, index: number) => call(API.chatSwipe, { json: { id, index } });
