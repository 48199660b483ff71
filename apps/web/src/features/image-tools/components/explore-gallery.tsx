import { IMAGE_TOOLS, type ImageTool, type Locale } from '@lumi/contract';
import { Compass } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListStates } from '@/components/list-states';
import { getHref } from '@/config/paths';
import { Link } from '@/lib/router';
import { useExplore } from '../api/get-explore';
import { Chip } from './chips';
import { PreviewBadge } from './preview-badge';

type Filter = ImageTool | 'all';

/** Shared pictures of every tool, newest first, as a masonry of links to their pages. */
export function ExploreGallery({ locale }: { locale: Locale }) {
  const { t } = useTranslation('images');
  const [filter, setFilter] = useState<Filter>('all');
  const explore = useExplore(filter === 'all' ? undefined : filter);
  const images = explore.data?.pages.flatMap((p) => p.images) ?? [];
  const name = useId();

  return (
    <section className="grid gap-4" aria-labelledby="explore-title" data-testid="explore-gallery">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="explore-title" className="flex items-center gap-2 text-lg font-bold">
            <Compass className="text-pink h-5 w-5" aria-hidden />
            {t('explore.title')}
          </h2>
          <p className="text-muted mt-0.5 text-sm">{t('explore.desc')}</p>
        </div>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{t('explore.filter')}</legend>
          {(['all', ...IMAGE_TOOLS] as const).map((value) => (
            <Chip
              key={value}
              type="radio"
              name={name}
              option={{ value, label: t(`explore.tools.${value}`) }}
              checked={filter === value}
              onChange={() => setFilter(value)}
            />
          ))}
        </fieldset>
      </div>

      <ListStates
        query={explore}
        count={images.length}
        skeleton={{
          count: 8,
          className: 'columns-2 gap-3 sm:columns-3 lg:columns-4',
          item: 'mb-3 break-inside-avoid',
          style: (i) => ({ aspectRatio: i % 3 === 0 ? '1' : '3 / 4' }),
        }}
        failed={t('explore.failed')}
        retry={t('status.retry')}
        empty={t('explore.empty')}
        emptyClassName="py-10"
        more={t('explore.more')}
      >
        <ul className="columns-2 gap-3 sm:columns-3 lg:columns-4">
          {images.map((image, i) => (
            <li key={image.share_id} className="mb-3 break-inside-avoid">
              <Link
                to={getHref(locale, 'imageShare', { shareId: image.share_id })}
                className="group border-line bg-surface-2 relative block overflow-hidden rounded-2xl border"
                data-testid="explore-item"
              >
                <img
                  src={image.url}
                  alt={image.prompt || t(`explore.tools.${image.tool}`)}
                  width={image.width}
                  height={image.height}
                  loading={i < 8 ? 'eager' : 'lazy'}
                  decoding="async"
                  className="block h-auto w-full transition-transform duration-200 group-hover:scale-[1.02]"
                />
                {image.preview && <PreviewBadge className="absolute start-2 top-2" />}
                {image.prompt && (
                  <span
                    className="absolute inset-x-0 bottom-0 line-clamp-2 bg-linear-to-t from-black/85 to-transparent px-2.5 pt-6 pb-2 text-xs text-white opacity-0 transition-opacity duration-150 group-hover:opacity-100 group-focus-visible:opacity-100"
                    dir="auto"
                  >
                    {image.prompt}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </ListStates>
    </section>
  );
}
