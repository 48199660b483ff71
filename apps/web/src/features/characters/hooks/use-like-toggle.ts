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
      if (c.is_collected) {
        const ok = await confirmDialog({
          title: t('like.confirmTitle'),
          body: t('like.confirmBody', { name: c.name }),
          confirm: t('like.confirm'),
          danger: true,
        });
        if (!ok) return;
        apply(c.id, false);
        try {
          await unlikeCharacter(c.id);
          notify('success', t('like.removed'));
        } catch {
          apply(c.id, true);
        }
        return;
      }
      apply(c.id, true);
      try {
        await likeCharacter(c.id);
        notify('success', t('like.added'));
      } catch {
        apply(c.id, false);
      }
    },
    [apply, t],
  );
}
