import * as API from '@lumi/contract/api-routes/characters';
import { call } from '@/lib/api-client';

/** GET character/my: a page of the characters the user made. */
export const myCharacters = (page: number) => call(API.characterMine, { query: { page, page_size: 20 } });
