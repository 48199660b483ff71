import { CHIPS } from '@lumi/contract';
import { ChevronLeft, ChevronRight, Flame } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { getHref } from '@/config/paths';
import { useLocale } from '@/hooks/use-locale';
import { Link } from '@/lib/router';

/**
 * `?charsType=NSFW`: the adult (18+) filter of spec §2, which is not one of the chips; the list
 * call then sends `NSFW=1` (spec §7).
 */
export const NSFW_CHARS_TYPE = 'NSFW';

/** Each arrow click scrolls the chips by this much (spec §2). */
export const CHIP_SCROLL_PX = 300;

/**
 * The filter chips of spec §2; a chip goes home with `?charsType=<chip>`. The adult filter
 * stands apart at the end, and pressed again it goes back to the default list.
 */
export function ChipsBar({ active }: { active: string }) {
  const { t } = useTranslation('characters');
  const locale = useLocale();
  const scroller = useRef<HTMLDivElement>(null);
  const scroll = (towardEnd: boolean) => {
    const el = scroller.current;
    if (!el) return;
    const rtl = getComputedStyle(el).direction === 'rtl';
    const sign = (towardEnd ? 1 : -1) * (rtl ? -1 : 1);
    el.scrollBy({ left: sign * CHIP_SCROLL_PX, behavior: 'smooth' });
  };
  const arrow =
    'border-line bg-surface-2 text-fg hover:bg-surface-3 hidden h-9 w-9 shrink-0 place-items-center rounded-full border sm:grid';
  return (
    <nav aria-label={t('chips.label')} className="flex items-center gap-2">
      <button type="button" className={arrow} onClick={() => scroll(false)} aria-label={t('chips.previous')}>
        <ChevronLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
      </button>
      <div
        ref={scroller}
        className="flex min-w-0 flex-1 gap-2 overflow-x-auto scroll-smooth py-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        data-testid="chips"
      >
        {CHIPS.map((chip) => {
          const selected = chip.id === active;
          return (
            <Link
              key={chip.id}
              to={`${getHref(locale, 'home')}?charsType=${encodeURIComponent(chip.id)}`}
              aria-current={selected ? 'true' : undefined}
              // A Latin name in Arabic text ("LGBTQ+") keeps its own order: not "+LGBTQ".
              dir="auto"
              className={cn(
                'h-9 shrink-0 rounded-full px-4 text-sm leading-9 font-semibold whitespace-nowrap transition-colors duration-150',
                selected
                  ? 'bg-accent text-white'
                  : 'bg-surface-2 text-muted hover:bg-surface-3 hover:text-fg',
              )}
            >
              {t(`chips.names.${chip.id}`, { defaultValue: chip.id })}
            </Link>
          );
        })}
      </div>
      <button type="button" className={arrow} onClick={() => scroll(true)} aria-label={t('chips.next')}>
        <ChevronRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
      </button>
      <span className="bg-line h-6 w-px shrink-0" aria-hidden />
      <Link
        to={
          active === NSFW_CHARS_TYPE
            ? getHref(locale, 'home')
            : `${getHref(locale, 'home')}?charsType=${NSFW_CHARS_TYPE}`
        }
        aria-current={active === NSFW_CHARS_TYPE ? 'true' : undefined}
        aria-label={t('chips.adult')}
        title={t('chips.adult')}
        data-testid="nsfw-filter"
        className={cn(
          'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm font-bold whitespace-nowrap transition-colors duration-150',
          active === NSFW_CHARS_TYPE
            ? 'bg-accent border-transparent text-white'
            : 'border-pink/50 text-pink hover:bg-pink/10',
        )}
      >
        <Flame className="h-4 w-4" aria-hidden />
        <bdi>18+</bdi>
      </Link>
    </nav>
  );
}
