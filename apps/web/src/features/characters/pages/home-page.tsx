import { chipById, DEFAULT_CHIP } from '@lumi/contract';
import { Plus } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { getHref } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/hooks/use-locale';
import { appConfig } from '@/lib/app-config';
import { listCharacters, type ListParams } from '../api/characters';
import { CharacterGrid, EmptyState } from '../components/character-grid';
import { ChipsBar } from '../components/chips-bar';
import { HubLayout } from '../components/hub-layout';
import { MarketingSection } from '../components/marketing-section';
import { useListLikes } from '../hooks/use-list-likes';
import { usePagedList } from '../hooks/use-paged-list';

function paramsFor(chipId: string): Omit<ListParams, 'page'> {
  const { filter } = chipById(chipId);
  if (filter.kind === 'sort') return { sort: filter.sort };
  if (filter.kind === 'gender') return { sort: 'dailyRandom', gender: filter.gender };
  return { sort: 'dailyRandom', tag: filter.tag };
}

/** The character home (spec §2): tabs, chips, the list with infinite scroll, marketing and FAQ. */
export default function CharacterHomePage() {
  const { t } = useTranslation('characters');
  const locale = useLocale();
  const [search] = useSearchParams();
  const chip = chipById(search.get('charsType') ?? DEFAULT_CHIP).id;
  useDocumentTitle(t('home.title'));
  const fetchPage = useCallback(
    (page: number, signal: AbortSignal) => listCharacters({ page, ...paramsFor(chip) }, signal),
    [chip],
  );
  const list = usePagedList(`home:${chip}`, fetchPage);
  const onToggleLike = useListLikes(list);
  return (
    <HubLayout active="home">
      <div data-page="home">
        <header className="mb-4">
          <h1 className="text-xl font-extrabold tracking-tight sm:text-2xl">{t('home.title')}</h1>
          <p className="text-muted mt-1 text-sm">
            {t('home.subtitle', { count: appConfig.dailyFreeCredits })}
          </p>
        </header>
        <div className="bg-bg/85 sticky top-14 z-10 -mx-3 mb-4 px-3 py-2 backdrop-blur sm:top-16 sm:-mx-6 sm:px-6">
          <ChipsBar active={chip} />
        </div>
        <CharacterGrid
          list={list}
          onToggleLike={(c) => void onToggleLike(c)}
          empty={
            <EmptyState
              title={t('list.emptyTitle')}
              body={t('list.emptyBody')}
              action={
                <Link to={getHref(locale, 'createCharacter')} className={buttonClass('primary')}>
                  <Plus className="h-4 w-4" aria-hidden />
                  {t('create')}
                </Link>
              }
            />
          }
        />
        <MarketingSection />
      </div>
    </HubLayout>
  );
}
