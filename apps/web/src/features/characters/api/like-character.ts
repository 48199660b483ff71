import * as API from '@lumi/contract/api-routes/characters';
import { call } from '@/lib/api-client';

/** POST collect/add: likes a character. */
export const likeCharacter = (characterId: number) => call(API.collectAdd, { json: { characterId } });
