import { useTranslation } from 'react-i18next';
import { likedCharacters } from '../api/get-liked-characters';
import { usePagedList } from '../hooks/use-paged-list';
import { HubListPage } from './hub-list-page';

/** My Likes: liked characters, including ones their creator removed (shown as removed). */
export default function LikedCharactersPage() {
  const { t } = useTranslation('characters');
  const list = usePagedList('likes', likedCharacters);
  return (
    <HubListPage
      tab="likedCharacters"
      title={t('tabs.likedCharacters')}
      list={list}
      removeOnUnlike
      empty={{ title: t('likes.emptyTitle'), body: t('likes.emptyBody'), action: 'browse' }}
    />
  );
}
