import * as API from '@lumi/contract/api-routes/pictures';
import { call } from '@/lib/api-client';

/** POST character_msg/picture: "Send me a picture", after the message `after` (else the newest). */
export const askPicture = (conversationId: string, after?: number) =>
  call(API.chatPicture, { json: after === undefined ? { conversationId } : { conversationId, after } });
