import type { CharacterSummary } from '@lumi/contract';
import { Clock, Lock, Plus } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { getHref } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/hooks/use-locale';
import { Link } from '@/lib/router';
import { notify } from '@/lib/toast';
import { deleteCharacter } from '../api/delete-character';
import { myCharacters } from '../api/get-my-characters';
import { confirmDialog } from '../character-dialog-store';
import { CharacterGrid, EmptyState } from '../components/character-grid';
import { HubLayout } from '../components/hub-layout';
import { OwnerMenu } from '../components/owner-menu';
import { useListLikes } from '../hooks/use-list-likes';
import { usePagedList } from '../hooks/use-paged-list';

/** My Characters: what the user made, with its state (private, waiting for review) and actions. */
export default function MyCharactersPage() {
  const { t } = useTranslation('characters');
  const locale = useLocale();
  useDocumentTitle(t('tabs.myCharacters'));
  const fetchPage = useCallback((page: number) => myCharacters(page), []);
  const list = usePagedList('my', fetchPage);
  const onToggleLike = useListLikes(list);

  const remove = async (c: CharacterSummary) => {
    const ok = await confirmDialog({
      title: t('owner.deleteTitle'),
      body: t('owner.deleteBody', { name: c.name }),
      confirm: t('owner.delete'),
      danger: true,
    });
    if (!ok) return;
    await deleteCharacter(c.id);
    list.update((items) => items.filter((x) => x.id !== c.id));
    notify('success', t('owner.deleted'));
  };

  return (
    <HubLayout active="myCharacters">
      <h1 className="mb-4 text-xl font-extrabold tracking-tight sm:text-2xl">{t('tabs.myCharacters')}</h1>
      <CharacterGrid
        list={list}
        onToggleLike={(c) => void onToggleLike(c)}
        renderActions={(c) => (
          <>
            {c.visibility === 'private' ? (
              <span className="inline-flex h-9 items-center gap-1 rounded-full bg-black/45 px-2.5 text-xs font-semibold text-white backdrop-blur">
                <Lock className="h-3.5 w-3.5" aria-hidden />
                {t('state.private')}
              </span>
            ) : c.approval !== 'approved' ? (
              <span className="inline-flex h-9 items-center gap-1 rounded-full bg-black/45 px-2.5 text-xs font-semibold text-amber-200 backdrop-blur">
                <Clock className="h-3.5 w-3.5" aria-hidden />
                {t(c.approval === 'pending' ? 'state.pending' : 'state.hidden')}
              </span>
            ) : null}
            <OwnerMenu character={c} onDelete={() => void remove(c)} />
          </>
        )}
        empty={
          <EmptyState
            title={t('my.emptyTitle')}
            body={t('my.emptyBody')}
            action={
              <Link to={getHref(locale, 'createCharacter')} className={buttonClass('primary')}>
                <Plus className="h-4 w-4" aria-hidden />
                {t('create')}
              </Link>
            }
          />
        }
      />
    </HubLayout>
  );
}
