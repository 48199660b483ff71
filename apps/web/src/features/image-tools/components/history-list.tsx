import type { ImageHistoryItem, ImageTool, Locale } from '@lumi/contract';
import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListStates } from '@/components/list-states';
import { useImageHistory } from '../api/get-history';
import { intlLocale } from '../lib/intl';
import { sizeRatio } from '../lib/sizes';
import { ImageCard } from './image-card';
import { PreviewBadge } from './preview-badge';

/**
 * The caller's generations with this tool, newest first, 20 at a time; the one just made is
 * listed too (read again when it is accepted and when it ends), never "Nothing here yet" under it.
 */
export function HistoryList({ tool, locale }: { tool: ImageTool; locale: Locale }) {
  const { t } = useTranslation('images');
  const history = useImageHistory(tool);
  const items = history.data?.pages.flat() ?? [];

  return (
    <section aria-labelledby="image-history" className="grid min-w-0 gap-3" data-testid="image-history">
      <h2 id="image-history" className="flex items-center gap-2 text-lg font-bold">
        <History className="text-pink h-5 w-5" aria-hidden />
        {t('history.title')}
      </h2>
      <ListStates
        query={history}
        count={items.length}
        skeleton={{
          count: 4,
          className: 'grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-4',
          item: 'aspect-[3/4]',
        }}
        failed={t('history.failed')}
        retry={t('status.retry')}
        empty={t('history.empty')}
        more={t('history.more')}
      >
        <ul className="grid min-w-0 gap-4">
          {items.map((item) => (
            <HistoryEntry key={item.id} item={item} locale={locale} />
          ))}
        </ul>
      </ListStates>
    </section>
  );
}

function HistoryEntry({ item, locale }: { item: ImageHistoryItem; locale: Locale }) {
  const { t } = useTranslation('images');
  const when = new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(item.created_at);
  const pending = item.state !== 'done';
  return (
    <li className="border-line bg-surface min-w-0 rounded-2xl border p-3" data-testid="history-item">
      <div className="mb-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
        {item.preset && (
          <span className="bg-surface-3 rounded-full px-2 py-0.5 font-semibold">
            {t(`presets.${item.preset}`)}
          </span>
        )}
        <time className="text-muted tabular" dateTime={new Date(item.created_at).toISOString()}>
          {when}
        </time>
        {item.preview && <PreviewBadge />}
      </div>
      {item.prompt && (
        <p className="text-muted mb-2 line-clamp-2 text-sm wrap-anywhere" dir="auto">
          {item.prompt}
        </p>
      )}
      {pending ? (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-4">
          <div
            className="bg-surface-2 text-muted grid animate-pulse place-items-center rounded-xl text-xs motion-reduce:animate-none"
            style={{ aspectRatio: String(sizeRatio(item.size)) }}
          >
            {t('history.pending')}
          </div>
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-4">
          {item.images.map((image) => (
            <ImageCard
              key={image.index}
              image={image}
              jobId={item.id}
              index={image.index}
              tool={item.tool}
              preview={false}
              locale={locale}
              label={t('results.image', { n: image.index + 1 })}
              compact
            />
          ))}
        </div>
      )}
    </li>
  );
}
