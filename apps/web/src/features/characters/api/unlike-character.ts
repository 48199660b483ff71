import * as API from '@lumi/contract/api-routes/characters';
import { call } from '@/lib/api-client';

/** POST collect/delete: unlikes a character. */
export const unlikeCharacter = (characterId: number) => call(API.collectDelete, { json: { characterId } });
