import * as API from '@lumi/contract/api-routes/characters';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const characterBookQueryKey = (id: number) => ['characters', 'book', id] as const;

/** GET character/book: the lorebook the edit and clone form shows (null: none). */
export const getCharacterBook = (id: number, signal?: AbortSignal) =>
  call(API.characterBook, { query: { id }, silent: true, ...(signal ? { signal } : {}) }).then(
    (data) => data.character_book,
  );

export function characterBookQueryOptions(id: number) {
  return queryOptions({
    queryKey: characterBookQueryKey(id),
    queryFn: ({ signal }) => getCharacterBook(id, signal),
    // The form edits what it was given: no refetch under the user's hands.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: 1,
  });
}

/** The book of the character an edit or a clone starts from; off without one. */
export function useCharacterBook(id: number | undefined) {
  return useQuery({ ...characterBookQueryOptions(id ?? 0), enabled: id !== undefined });
}
