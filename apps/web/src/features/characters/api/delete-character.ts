import * as API from '@lumi/contract/api-routes/characters';
import { call } from '@/lib/api-client';

/** POST character/delete: the owner (or an admin) removes a character. */
export const deleteCharacter = (id: number) => call(API.characterDelete, { json: { id } });
