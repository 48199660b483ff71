import type { CharacterSummary } from '@lumi/contract';
import { Clock, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast';
import { deleteCharacter } from '../api/delete-character';
import { myCharacters } from '../api/get-my-characters';
import { confirmDialog } from '../character-dialog-store';
import { OwnerMenu } from '../components/owner-menu';
import { usePagedList } from '../hooks/use-paged-list';
import { HubListPage } from './hub-list-page';

/** My Characters: what the user made, with its state (private, waiting for review) and actions. */
export default function MyCharactersPage() {
  const { t } = useTranslation('characters');
  const list = usePagedList('my', myCharacters);

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
    <HubListPage
      tab="myCharacters"
      title={t('tabs.myCharacters')}
      list={list}
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
      empty={{ title: t('my.emptyTitle'), body: t('my.emptyBody'), action: 'create' }}
    />
  );
}
