import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getHref } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/hooks/use-locale';
import { confirmDialog } from '../character-dialog-store';
import { CharacterDialogHost } from '../components/character-dialog-host';
import { SearchBox } from './components/search-box';
import { SearchResults } from './components/search-results';
import { PopularTags, RecentSearches } from './components/search-suggestions';
import { normalizeQuery } from './search-history';
import { useSearchHistory } from './use-search-history';
import { isolate } from '@/lib/bidi';
import { useNavigate, useRouteParams } from '@/lib/router';

/** Keeps a Latin query in an Arabic sentence (and the reverse) in its own direction. */

/** Spec §5: live search waits for 500 ms of quiet typing. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * Character search (spec §2). The query lives in the path (/search/<query>) so a search can be
 * shared and comes back on reload; typing replaces the entry instead of piling up history.
 */
export default function SearchPage() {
  const { t } = useTranslation('search');
  const locale = useLocale();
  const navigate = useNavigate();
  const { searchKey = '' } = useRouteParams();
  const query = normalizeQuery(searchKey);
  const { history, add, remove, clear } = useSearchHistory();

  const [value, setValue] = useState(searchKey);
  // The last key this page put in the URL, and the last one it saw there.
  const [ownKey, setOwnKey] = useState(query);
  const [seenKey, setSeenKey] = useState(query);
  if (query !== seenKey) {
    setSeenKey(query);
    // Back/forward or the header's search box changed the URL: show that query in the field.
    if (query !== ownKey) {
      setOwnKey(query);
      setValue(query);
    }
  }

  useDocumentTitle(query ? t('titleWithQuery', { query }) : t('title'));

  const go = (next: string) => {
    setOwnKey(next);
    navigate(getHref(locale, 'search', next ? { searchKey: next } : {}), { replace: true });
  };

  const typed = normalizeQuery(value);
  useEffect(() => {
    if (typed === query) return;
    const timer = setTimeout(() => go(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // `go` only closes over the locale, which remounts the page when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed, query]);

  /** Enter, a recent search or a tag: search at once and remember it. */
  const searchNow = (raw: string) => {
    const next = normalizeQuery(raw);
    if (!next) return;
    setValue(next);
    if (next !== query) go(next);
    add(next);
  };

  const clearInput = () => {
    setValue('');
    if (query) go('');
  };

  const confirmClearAll = async () => {
    const yes = await confirmDialog({
      title: t('recent.confirmTitle'),
      body: t('recent.confirmBody'),
      confirm: t('recent.confirmAction'),
      danger: true,
    });
    if (yes) clear();
  };

  const pickTag = (tag: string) => {
    setValue(tag);
    go(tag);
  };

  return (
    <div className="mx-auto max-w-[1440px] px-4 pt-6 pb-12 sm:px-6 sm:pt-10" data-page="search">
      <div className="mx-auto max-w-2xl">
        <h1 className="sr-only">{t('title')}</h1>
        <SearchBox
          value={value}
          busy={typed !== '' && typed !== query}
          onChange={setValue}
          onSubmit={() => searchNow(value)}
          onClear={clearInput}
        />
      </div>

      {query === '' ? (
        <div className="mx-auto mt-8 flex max-w-2xl flex-col gap-8">
          <RecentSearches
            history={history}
            onPick={searchNow}
            onRemove={remove}
            onClearAll={() => void confirmClearAll()}
          />
          <PopularTags onPick={pickTag} />
        </div>
      ) : (
        <div className="mt-6 sm:mt-8">
          <h2 className="text-muted mb-4 text-sm font-semibold" aria-live="polite">
            {t('resultsFor', { query: isolate(query) })}
          </h2>
          <SearchResults
            query={query}
            onResultClick={() => add(query)}
            emptyAction={
              <div className="flex justify-center text-start">
                <PopularTags onPick={pickTag} title={t('empty.tryTags')} />
              </div>
            }
          />
        </div>
      )}
      <CharacterDialogHost />
    </div>
  );
}
