import * as API from '@lumi/contract/api-routes/characters';
import { call } from '@/lib/api-client';

/** POST character/ratings: the user's stars for a character. */
export const rateCharacter = (id: number, rating: number) =>
  call(API.characterRate, { json: { id, rating } });
