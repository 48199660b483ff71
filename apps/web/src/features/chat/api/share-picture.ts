import * as API from '@lumi/contract/api-routes/pictures';
import { call } from '@/lib/api-client';

/** POST character_msg/picture/share: the picture on its character's page. */
export const sharePicture = (id: string) => call(API.chatPictureShare, { json: { id } });
