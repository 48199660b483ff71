import type { CSSProperties, ReactNode } from 'react';
import { LoadMore } from './load-more';
import { Button } from './ui/button';
import { cn } from './ui/cn';

/** What a list needs of its query: whether it is read, failed, and (paged) whether more follow. */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => unknown;
}

/**
 * A list read from the server (a history, a gallery), in each of its states: the skeleton while
 * it is read, the failure with Retry, the empty line, or the items; then "More" while pages follow.
 */
export function ListStates({
  query,
  count,
  skeleton,
  failed,
  retry,
  empty,
  emptyClassName = 'py-6',
  more,
  children,
}: {
  query: ListQuery;
  /** How many items there are to show. */
  count: number;
  /** The grey shapes shown while it is read: how many, their box, and each one's look. */
  skeleton: { count: number; className: string; item: string; style?: (i: number) => CSSProperties };
  failed: string;
  retry: string;
  empty: string;
  emptyClassName?: string;
  /** The label of the button that reads the next page. */
  more?: string;
  children: ReactNode;
}) {
  return (
    <>
      {query.isPending ? (
        <div className={skeleton.className} aria-hidden>
          {Array.from({ length: skeleton.count }, (_, i) => (
            <div
              key={i}
              className={cn(
                'bg-surface-2 animate-pulse rounded-2xl motion-reduce:animate-none',
                skeleton.item,
              )}
              style={skeleton.style?.(i)}
            />
          ))}
        </div>
      ) : query.isError ? (
        <div className="border-line bg-surface flex flex-wrap items-center justify-between gap-3 rounded-2xl border px-4 py-3 text-sm">
          <span className="text-muted">{failed}</span>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {retry}
          </Button>
        </div>
      ) : count === 0 ? (
        <p
          className={cn(
            'border-line/70 text-muted rounded-2xl border border-dashed px-4 text-center text-sm',
            emptyClassName,
          )}
        >
          {empty}
        </p>
      ) : (
        children
      )}
      {more && <LoadMore query={query} more={more} />}
    </>
  );
}
