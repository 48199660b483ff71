import type { BrowseItem } from '@lumi/contract';
import { X } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { getHref } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/hooks/use-locale';
import { Link } from '@/lib/router';
import { deleteRecentChat } from '../api/delete-recent-chat';
import { recentChats } from '../api/get-recent-chats';
import { CharacterGrid, EmptyState } from '../components/character-grid';
import { HubLayout } from '../components/hub-layout';
import { useListLikes } from '../hooks/use-list-likes';
import { usePagedList } from '../hooks/use-paged-list';

/** Recent Chats: the characters the user chatted with, latest first (unpaged). */
export default function RecentChatsPage() {
  const { t } = useTranslation('characters');
  const locale = useLocale();
  useDocumentTitle(t('tabs.recentChats'));
  const fetchPage = useCallback(() => recentChats(), []);
  const list = usePagedList<BrowseItem>('recent', fetchPage, { infinite: false });
  const onToggleLike = useListLikes(list);
  const remove = async (c: BrowseItem) => {
    list.update((items) => items.filter((x) => x.id !== c.id));
    await deleteRecentChat(c.id);
  };
  return (
    <HubLayout active="recentChats">
      <h1 className="mb-4 text-xl font-extrabold tracking-tight sm:text-2xl">{t('tabs.recentChats')}</h1>
      <CharacterGrid
        list={list}
        onToggleLike={(c) => void onToggleLike(c)}
        renderActions={(c) => (
          <button
            type="button"
            onClick={() => void remove(c)}
            aria-label={t('recent.remove', { name: c.name })}
            className="grid h-9 w-9 place-items-center rounded-full bg-black/45 text-white backdrop-blur hover:bg-black/65"
          >
            <X className="h-4.5 w-4.5" aria-hidden />
          </button>
        )}
        empty={
          <EmptyState
            title={t('recent.emptyTitle')}
            body={t('recent.emptyBody')}
            action={
              <Link to={getHref(locale, 'home')} className={buttonClass('primary')}>
                {t('browse')}
              </Link>
            }
          />
        }
      />
    </HubLayout>
  );
}
