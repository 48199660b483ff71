import * as API from '@lumi/contract/api-routes/characters';
import { call } from '@/lib/api-client';

/** GET collect/list: a page of the characters the user liked. */
export const likedCharacters = (page: number) => call(API.collectList, { query: { page, page_size: 20 } });
