import type { CharacterSummary } from '@lumi/contract';
import { Loader2, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { PagedList } from '../hooks/use-paged-list';
import { CharacterCard, CharacterCardSkeleton } from './character-card';

/** The grid of DESIGN.md: 2 columns on phones, then 3, 4, 5 and 6 as the width allows. */
export const GRID_CLASS =
  'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6';

/** How many cards load eagerly: about the first screenful. */
const EAGER = 6;

export function GridSkeleton({ count = 20 }: { count?: number }) {
  return (
    <div className={GRID_CLASS} data-testid="grid-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <CharacterCardSkeleton key={i} />
      ))}
    </div>
  );
}

interface CharacterGridProps<T extends CharacterSummary> {
  list: PagedList<T>;
  empty: ReactNode;
  renderActions?: (character: T) => ReactNode;
  onToggleLike?: (character: T) => void;
}

/** A character list with every state of spec §4: loading, has more, empty, no more, error. */
export function CharacterGrid<T extends CharacterSummary>({
  list,
  empty,
  renderActions,
  onToggleLike,
}: CharacterGridProps<T>) {
  const { t } = useTranslation('characters');
  if (list.status === 'loading' && list.items.length === 0) return <GridSkeleton />;
  if (list.status === 'error' && list.items.length === 0) {
    return (
      <div className="border-line bg-surface rounded-3xl border p-8 text-center">
        <p className="text-muted text-sm">{t('list.error')}</p>
        <Button variant="secondary" className="mt-4" onClick={list.reload}>
          {t('list.retry')}
        </Button>
      </div>
    );
  }
  if (list.items.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className={GRID_CLASS} data-testid="character-grid">
        {list.items.map((c, i) => (
          <li key={c.id}>
            <CharacterCard
              character={c}
              priority={i < EAGER}
              actions={renderActions?.(c)}
              {...(onToggleLike ? { onToggleLike: (x) => onToggleLike(x as T) } : {})}
            />
          </li>
        ))}
      </ul>
      <div className="text-muted flex min-h-16 items-center justify-center py-6 text-sm" aria-live="polite">
        {list.status === 'loadingMore' && (
          <span className="inline-flex items-center gap-2">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            {t('list.loadingMore')}
          </span>
        )}
        {list.status === 'ready' && !list.hasMore && <span data-testid="no-more">{t('list.noMore')}</span>}
        {list.status === 'ready' && list.hasMore && (
          <Button variant="ghost" onClick={list.loadMore}>
            {t('list.loadMore')}
          </Button>
        )}
        {list.status === 'error' && (
          <Button variant="secondary" onClick={list.loadMore}>
            {t('list.retry')}
          </Button>
        )}
      </div>
    </>
  );
}

export function EmptyState({ title, body, action }: { title: string; body?: string; action?: ReactNode }) {
  return (
    <div
      className="border-line bg-surface/60 rounded-3xl border px-6 py-12 text-center"
      data-testid="empty-state"
    >
      <SearchX className="text-faint mx-auto h-10 w-10" aria-hidden />
      <p className="mt-4 text-base font-bold">{title}</p>
      {body && <p className="text-muted mx-auto mt-2 max-w-md text-sm leading-relaxed">{body}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
