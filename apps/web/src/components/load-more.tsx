import { Loader2 } from 'lucide-react';
import { Button } from './ui/button';
import { cn } from './ui/cn';

/** What "More" needs of a paged query (TanStack's useInfiniteQuery result fits). */
export interface PagedQuery {
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => unknown;
}

/**
 * The foot of a paged list: a "More" button while pages follow (spinning while the next one is
 * read), then the `end` line when one is given, else nothing.
 */
export function LoadMore({
  query,
  more,
  end,
  className,
}: {
  query: PagedQuery;
  more: string;
  end?: string;
  className?: string;
}) {
  if (!query.hasNextPage && end === undefined) return null;
  return (
    <div className={cn('flex justify-center', className)}>
      {query.hasNextPage ? (
        <Button
          variant="secondary"
          onClick={() => void query.fetchNextPage?.()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
          {more}
        </Button>
      ) : (
        <span>{end}</span>
      )}
    </div>
  );
}
