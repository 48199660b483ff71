import type { CharacterSummary } from '@lumi/contract';
import { useCallback } from 'react';
import type { PagedList } from './use-paged-list';
import { useLikeToggle } from './use-like-toggle';

/** Like/unlike wired to a list: the card's heart updates in place. */
export function useListLikes<T extends CharacterSummary>(list: PagedList<T>, removeOnUnlike = false) {
  const { update } = list;
  const apply = useCallback(
    (id: number, liked: boolean) => {
      update((items) =>
        removeOnUnlike && !liked
          ? items.filter((c) => c.id !== id)
          : items.map((c) => (c.id === id ? { ...c, is_collected: liked } : c)),
      );
    },
    [update, removeOnUnlike],
  );
  return useLikeToggle<T>(apply);
}
