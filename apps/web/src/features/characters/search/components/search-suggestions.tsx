import { POPULAR_TAGS } from '@lumi/contract';
import { History, TrendingUp, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

interface RecentSearchesProps {
  history: readonly string[];
  onPick: (query: string) => void;
  onRemove: (query: string) => void;
  onClearAll: () => void;
}

/** Spec §2: the recent searches, newest first; each can be searched again or removed. */
export function RecentSearches({ history, onPick, onRemove, onClearAll }: RecentSearchesProps) {
  const { t } = useTranslation('search');
  if (history.length === 0) return null;
  return (
    <section aria-labelledby="recent-searches" data-testid="recent-searches">
      <div className="flex items-center justify-between gap-3">
        <h2 id="recent-searches" className="text-muted text-sm font-semibold">
          {t('recent.title')}
        </h2>
        <button
          type="button"
          onClick={onClearAll}
          className="text-faint hover:text-fg rounded-full px-2 py-1 text-sm font-semibold transition-colors duration-150"
        >
          {t('recent.clearAll')}
        </button>
      </div>
      <ul className="mt-2 flex flex-wrap gap-2">
        {history.map((item) => (
          <li
            key={item}
            className="border-line bg-surface-2 hover:border-violet/50 flex max-w-full items-center rounded-full border transition-colors duration-150"
          >
            <button
              type="button"
              onClick={() => onPick(item)}
              className="flex min-w-0 items-center gap-2 py-1.5 ps-3 pe-1 text-sm"
            >
              <History className="text-faint h-4 w-4 shrink-0" aria-hidden />
              <bdi className="truncate">{item}</bdi>
            </button>
            <button
              type="button"
              onClick={() => onRemove(item)}
              aria-label={t('recent.remove', { query: item })}
              className="text-faint hover:bg-surface-3 hover:text-fg me-1 grid h-7 w-7 shrink-0 place-items-center rounded-full"
            >
              <X className="h-3.5 w-3.5" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Spec §2: the popular tags; a click searches the tag. */
export function PopularTags({ onPick, title }: { onPick: (query: string) => void; title?: string }) {
  const { t } = useTranslation('search');
  return (
    <section aria-labelledby="popular-tags">
      <h2 id="popular-tags" className="text-muted text-sm font-semibold">
        {title ?? t('popular.title')}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {POPULAR_TAGS.map((tag) => (
          <li key={tag}>
            <button
              type="button"
              onClick={() => onPick(tag)}
              className="border-line bg-surface-2 hover:border-pink/50 hover:bg-surface-3 inline-flex items-center gap-1.5 rounded-full border px-3.5 py-1.5 text-sm font-semibold transition-colors duration-150"
            >
              <TrendingUp className="text-pink h-4 w-4" aria-hidden />
              <bdi>{tag}</bdi>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
