import * as API from '@lumi/contract/api-routes/pictures';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET character/pictures: the pictures users shared to a character's page, 24 a page. */
export const getCharacterPictures = (id: number, page: number) =>
  call(API.characterPictures, { query: { id, page }, silent: true });

export const characterPicturesKey = (id: number) => ['characters', 'pictures', id] as const;

export const useCharacterPictures = (id: number) =>
  useInfiniteQuery({
    queryKey: characterPicturesKey(id),
    queryFn: ({ pageParam }) => getCharacterPictures(id, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.has_more ? pages.length + 1 : undefined),
  });
