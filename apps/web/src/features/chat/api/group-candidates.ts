import * as API from '@lumi/contract/api-routes/characters';
import { call } from '@/lib/api-client';

/** Who can join a group chat: the visitor's recent chats (character_browse/list), latest first. */
export const recentCandidates = () => call(API.browseList, { silent: true });

/** Or any character the visitor finds by name (character/search). */
export const searchCandidates = (query: string, signal?: AbortSignal) =>
  call(API.characterSearch, {
    query: { query, page: 1, page_size: 20 },
    silent: true,
    ...(signal ? { signal } : {}),
  });
