import type { CharacterSummary } from '@lumi/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast';
import { likeCharacter } from '../api/like-character';
import { unlikeCharacter } from '../api/unlike-character';
import { confirmDialog } from '../character-dialog-store';

/**
 * Like and unlike from a card: liking is immediate; unliking asks first (spec §2 "confirmations
 * for ... cancel a like") and shows the generic success toast. `apply` updates the list.
 */
export function useLikeToggle<T extends CharacterSummary>(apply: (id: number, liked: boolean) => void) {
  const { t } = useTranslation('characters');
  return useCallback(
    async (c: T) => {
      const like = !c.is_collected;
      if (!like) {
        const ok = await confirmDialog({
          title: t('like.confirmTitle'),
          body: t('like.confirmBody', { name: c.name }),
          confirm: t('like.confirm'),
          danger: true,
        });
        if (!ok) return;
      }
      // Shown at once, and put back if the server refuses.
      apply(c.id, like);
      try {
        await (like ? likeCharacter : unlikeCharacter)(c.id);
        notify('success', t(like ? 'like.added' : 'like.removed'));
      } catch {
        apply(c.id, !like);
      }
    },
    [apply, t],
  );
}
