import type { CharacterSummary } from '@lumi/contract';
import { EyeOff, Heart, MessageCircle, Star } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { getHref } from '@/config/paths';
import { useLocale } from '@/hooks/use-locale';
import { formatCount } from '@/lib/format';
import { Link } from '@/lib/router';
import { characterDialogStore } from '../character-dialog-store';
import { useTagLabel } from '../hooks/use-tag-label';

const SMALL_SCREEN = '(max-width: 767px)';

export interface CharacterCardProps {
  character: CharacterSummary & { is_deleted?: boolean };
  /** The first screenful loads eagerly with high priority; the rest lazily. */
  priority?: boolean;
  /** Extra controls in the top corner (owner menu, remove from recent). */
  actions?: ReactNode;
  onToggleLike?: (character: CharacterSummary) => void;
}

/**
 * A portrait card (DESIGN.md): the image fills it, name and tags on a gradient at the bottom,
 * chat count and an 18+ badge. On large screens hovering reveals the description; on phones a
 * tap opens the details dialog. Adult characters stay blurred behind a veil until allowed.
 */
export function CharacterCard({ character: c, priority = false, actions, onToggleLike }: CharacterCardProps) {
  const { t } = useTranslation('characters');
  const tagLabel = useTagLabel();
  const locale = useLocale();
  const href = getHref(locale, 'characterChat', { code: String(c.id) });
  const veiled = c.need_enable_nsfw;
  const removed = c.is_deleted === true;

  const onOpen = (event: MouseEvent<HTMLAnchorElement>) => {
    if (removed) {
      event.preventDefault();
      return;
    }
    if (veiled) {
      event.preventDefault();
      characterDialogStore.open({ kind: 'adult' });
      return;
    }
    if (window.matchMedia(SMALL_SCREEN).matches) {
      event.preventDefault();
      characterDialogStore.open({ kind: 'details', character: c });
    }
  };

  return (
    <article
      className="group border-line bg-surface-2 relative aspect-[3/4] overflow-hidden rounded-2xl border shadow-lg shadow-black/20"
      data-testid="character-card"
      data-character-id={c.id}
      data-veiled={veiled || undefined}
    >
      <Link
        to={href}
        onClick={onOpen}
        className="focus-visible:outline-pink absolute inset-0 block rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2"
        aria-disabled={removed || undefined}
      >
        <picture>
          <source media={SMALL_SCREEN} srcSet={c.listHead} />
          <img
            src={c.head}
            alt=""
            width={402}
            height={536}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            className={cn(
              'h-full w-full object-cover transition-transform duration-200 motion-safe:group-hover:scale-[1.03]',
              (veiled || removed) && 'scale-110 blur-2xl',
            )}
          />
        </picture>
        <span className="pointer-events-none absolute inset-0 bg-gradient-to-t from-black/90 via-black/25 to-transparent" />
        {veiled && (
          <span className="absolute inset-0 grid place-items-center bg-black/30 text-center">
            <span>
              <span
                dir="ltr"
                className="border-pink/60 bg-black/50 text-pink mx-auto grid h-12 w-12 place-items-center rounded-full border-2 text-sm font-extrabold"
              >
                18+
              </span>
              <span className="mt-2 block px-3 text-xs font-semibold text-white/90">
                {t('card.adultVeil')}
              </span>
            </span>
          </span>
        )}
        {removed && (
          <span className="absolute inset-0 grid place-items-center px-4 text-center">
            <span className="text-sm font-semibold text-white/90">
              <EyeOff className="mx-auto mb-2 h-6 w-6" aria-hidden />
              {t('card.removed')}
            </span>
          </span>
        )}
        <span className="absolute inset-x-0 bottom-0 block p-3">
          <span className="flex items-center gap-1.5">
            <bdi className="truncate text-[0.95rem] leading-tight font-bold text-white">{c.name}</bdi>
            {c.NSFW && !veiled && (
              <span
                dir="ltr"
                className="bg-pink/90 shrink-0 rounded px-1 text-[0.625rem] leading-4 font-bold text-white"
              >
                18+
              </span>
            )}
          </span>
          <span className="mt-1 flex flex-wrap gap-1 overflow-hidden" style={{ maxHeight: '1.25rem' }}>
            {c.tags.slice(0, 3).map((tag) => (
              <span
                key={tag}
                dir="auto"
                className="rounded-full bg-white/15 px-1.5 text-[0.6875rem] leading-5 text-white/90"
              >
                {tagLabel(tag)}
              </span>
            ))}
          </span>
          {!veiled && !removed && (
            <span className="mt-0 hidden max-h-0 overflow-hidden text-xs leading-relaxed text-white/80 opacity-0 transition-[max-height,opacity,margin] duration-200 group-hover:mt-2 group-hover:max-h-24 group-hover:opacity-100 md:block">
              <span dir="auto" className="line-clamp-4">
                {c.desc}
              </span>
            </span>
          )}
          <span className="mt-2 flex items-center gap-3 text-[0.6875rem] text-white/75 tabular-nums">
            {c.comment_num > 0 && (
              <span className="inline-flex items-center gap-1" title={t('card.chats')}>
                <MessageCircle className="h-3.5 w-3.5" aria-hidden />
                <span className="sr-only">{t('card.chats')}</span>
                {formatCount(c.comment_num)}
              </span>
            )}
            {c.rating_count > 0 && (
              <span className="inline-flex items-center gap-1" title={t('card.rating')}>
                <Star className="h-3.5 w-3.5 fill-current" aria-hidden />
                <span className="sr-only">{t('card.rating')}</span>
                {c.rating.toFixed(1)}
              </span>
            )}
          </span>
        </span>
      </Link>
      <div className="absolute end-2 top-2 flex gap-1.5">
        {actions}
        {onToggleLike && !removed && (
          <button
            type="button"
            onClick={() => onToggleLike(c)}
            aria-pressed={c.is_collected}
            aria-label={c.is_collected ? t('card.unlike') : t('card.like')}
            className={cn(
              'grid h-9 w-9 place-items-center rounded-full bg-black/45 text-white backdrop-blur transition-colors hover:bg-black/65',
              c.is_collected && 'text-pink',
            )}
          >
            <Heart className={cn('h-4.5 w-4.5', c.is_collected && 'fill-current')} aria-hidden />
          </button>
        )}
      </div>
    </article>
  );
}

export function CharacterCardSkeleton() {
  return <div className="bg-surface-2 aspect-[3/4] animate-pulse rounded-2xl" aria-hidden />;
}
