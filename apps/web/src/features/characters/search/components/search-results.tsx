import type { MouseEvent, ReactNode } from 'react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { searchCharacters } from '../../api/search-characters';
import { CharacterGrid, EmptyState } from '../../components/character-grid';
import { usePagedList } from '../../hooks/use-paged-list';

interface SearchResultsProps {
  /** Trimmed and not empty: blank queries never reach the server (spec §5). */
  query: string;
  /** A result was opened: the query is worth remembering. */
  onResultClick: () => void;
  /** The next step offered when nothing matched. */
  emptyAction: ReactNode;
}

/**
 * The results of one query: skeleton while searching, the grid, infinite scroll by 20, "no
 * more data" at the end and the no-results state. A new query aborts the request in flight.
 */
export function SearchResults({ query, onResultClick, emptyAction }: SearchResultsProps) {
  const { t } = useTranslation('search');
  const fetchPage = useCallback(
    (page: number, signal: AbortSignal) => searchCharacters(query, page, signal),
    [query],
  );
  const list = usePagedList(`search:${query}`, fetchPage);

  // Cards are links; a click on one (not on "load more") counts as choosing a result.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) onResultClick();
  };

  return (
    <div onClick={onClick} data-testid="search-results">
      <CharacterGrid
        list={list}
        empty={<EmptyState title={t('empty.title')} body={t('empty.body')} action={emptyAction} />}
      />
    </div>
  );
}
