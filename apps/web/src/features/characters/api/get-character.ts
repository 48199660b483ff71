import * as API from '@lumi/contract/api-routes/characters';
import { call } from '@/lib/api-client';

/** GET character/get: one character; `fromChat` counts the chat page's visit. */
export const getCharacter = (id: number, options: { fromChat?: boolean; silent?: boolean } = {}) =>
  call(API.characterGet, {
    query: { id, from: options.fromChat ? 'chat' : undefined },
    silent: options.silent ?? false,
  });
