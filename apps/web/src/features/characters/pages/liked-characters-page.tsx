import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { getHref } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/hooks/use-locale';
import { Link } from '@/lib/router';
import { likedCharacters } from '../api/get-liked-characters';
import { CharacterGrid, EmptyState } from '../components/character-grid';
import { HubLayout } from '../components/hub-layout';
import { useListLikes } from '../hooks/use-list-likes';
import { usePagedList } from '../hooks/use-paged-list';

/** My Likes: liked characters, including ones their creator removed (shown as removed). */
export default function LikedCharactersPage() {
  const { t } = useTranslation('characters');
  const locale = useLocale();
  useDocumentTitle(t('tabs.likedCharacters'));
  const fetchPage = useCallback((page: number) => likedCharacters(page), []);
  const list = usePagedList('likes', fetchPage);
  const onToggleLike = useListLikes(list, true);
  return (
    <HubLayout active="likedCharacters">
      <h1 className="mb-4 text-xl font-extrabold tracking-tight sm:text-2xl">{t('tabs.likedCharacters')}</h1>
      <CharacterGrid
        list={list}
        onToggleLike={(c) => void onToggleLike(c)}
        empty={
          <EmptyState
            title={t('likes.emptyTitle')}
            body={t('likes.emptyBody')}
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
