import * as API from '@lumi/contract/api-routes/characters';
import { call } from '@/lib/api-client';

/** POST character_browse/delete: takes a character off Recent Chats. */
export const deleteRecentChat = (characterId: number) => call(API.browseDelete, { json: { characterId } });
