import { type CharacterPage } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/characters';
import { call } from '@/lib/api-client';

/** Search answers an empty list on any failure (spec §7), so it never toasts. */
export async function searchCharacters(
  query: string,
  page: number,
  signal?: AbortSignal,
): Promise<CharacterPage> {
  try {
    return await call(API.characterSearch, {
      query: { query, page, page_size: 20 },
      silent: true,
      ...(signal ? { signal } : {}),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    return { characters: [], has_more: false, is_admin: false };
  }
}
