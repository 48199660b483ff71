import type { BrowseItem } from '@lumi/contract';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { deleteRecentChat } from '../api/delete-recent-chat';
import { recentChats } from '../api/get-recent-chats';
import { usePagedList } from '../hooks/use-paged-list';
import { HubListPage } from './hub-list-page';

/** Recent Chats: the characters the user chatted with, latest first (unpaged). */
export default function RecentChatsPage() {
  const { t } = useTranslation('characters');
  const list = usePagedList<BrowseItem>('recent', recentChats, { infinite: false });
  const remove = async (c: BrowseItem) => {
    list.update((items) => items.filter((x) => x.id !== c.id));
    await deleteRecentChat(c.id);
  };
  return (
    <HubListPage
      tab="recentChats"
      title={t('tabs.recentChats')}
      list={list}
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
      empty={{ title: t('recent.emptyTitle'), body: t('recent.emptyBody'), action: 'browse' }}
    />
  );
}
