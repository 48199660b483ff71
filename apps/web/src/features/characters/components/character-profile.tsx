import type { CharacterDetail } from '@lumi/contract';
import { Copy, Download, Heart, Star } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { getHref } from '@/config/paths';
import { useLocale } from '@/hooks/use-locale';
import { formatCount, formatDay } from '@/lib/format';
import { useNavigate } from '@/lib/router';
import { notify } from '@/lib/toast';
import { cardUrl } from '../api/card-url';
import { rateCharacter } from '../api/rate-character';
import { useLikeToggle } from '../hooks/use-like-toggle';
import { BasedOnLine } from './based-on';
import { CharacterLook } from './character-look';
import { CharacterVoice } from './character-voice';
import { FORM_STATE_KEY } from './owner-menu';
import { ReportLinks } from './report-links';
import { TagChips } from './tag-chips';

/**
 * Who a character is, beside their chat: portrait, creator, what it is based on, tags,
 * description, rating, like, clone and card export. `onChange` receives the character as rating and like change it.
 */
export function CharacterProfile({
  character: c,
  onChange,
}: {
  character: CharacterDetail;
  onChange: (next: CharacterDetail) => void;
}) {
  const { t } = useTranslation('characters');
  const locale = useLocale();
  const navigate = useNavigate();
  const [hover, setHover] = useState(0);
  const setLiked = useCallback(
    (_id: number, liked: boolean) => onChange({ ...c, is_collected: liked }),
    [c, onChange],
  );
  const toggleLike = useLikeToggle<CharacterDetail>(setLiked);

  const rate = async (stars: number) => {
    const result = await rateCharacter(c.id, stars);
    onChange({ ...c, rating: result.rating, rating_count: result.rating_count, my_rating: result.my_rating });
    notify('success', t('profile.rated'));
  };

  const clone = () => {
    try {
      window.sessionStorage.setItem(FORM_STATE_KEY, JSON.stringify(c));
    } catch {
      // The form opens empty without session storage.
    }
    navigate(`${getHref(locale, 'createCharacter')}?type=clone`);
  };

  const shown = hover || c.my_rating || 0;
  return (
    <div data-testid="character-profile">
      <img
        src={c.head}
        alt=""
        width={240}
        height={320}
        className="border-line mx-auto aspect-[3/4] w-40 rounded-2xl border object-cover shadow-xl shadow-black/40 lg:w-full"
      />
      <h2 className="mt-4 flex items-center gap-2 text-xl font-extrabold tracking-tight">
        <bdi>{c.name}</bdi>
        {c.NSFW && (
          <span dir="ltr" className="bg-pink/90 rounded px-1.5 text-xs leading-5 font-bold text-white">
            18+
          </span>
        )}
      </h2>
      <p className="text-muted mt-1 text-sm">
        {t('details.by')} <bdi className="text-fg font-semibold">{c.creator}</bdi>
        <span className="tabular-nums">
          {' · '}
          <bdi>{formatDay(c.create_time)}</bdi>
        </span>
        {c.comment_num > 0 && (
          <span>
            {' '}
            · {t('details.chats', { count: c.comment_num, formatted: formatCount(c.comment_num) })}
          </span>
        )}
      </p>
      <BasedOnLine chain={c.based_on} className="mt-2" />
      <TagChips tags={c.tags} className="mt-3 gap-1.5" chipClassName="bg-surface-2 px-2.5" />
      <CharacterVoice character={c} />
      <p dir="auto" className="text-fg/90 mt-4 text-sm leading-relaxed whitespace-pre-line">
        {c.desc}
      </p>
      <CharacterLook character={c} />

      <div className="mt-5 flex flex-wrap items-center gap-x-3 gap-y-1">
        <div
          className="flex items-center"
          role="radiogroup"
          aria-label={t('profile.rate')}
          onMouseLeave={() => setHover(0)}
        >
          {[1, 2, 3, 4, 5].map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={c.my_rating === n}
              aria-label={t('profile.stars', { count: n })}
              onMouseEnter={() => setHover(n)}
              onFocus={() => setHover(n)}
              onBlur={() => setHover(0)}
              onClick={() => void rate(n)}
              className="grid h-9 w-8 place-items-center"
            >
              <Star
                className={cn(
                  'h-6 w-6 transition-colors',
                  n <= shown ? 'fill-amber-300 text-amber-300' : 'text-faint',
                )}
                aria-hidden
              />
            </button>
          ))}
        </div>
        <span className="text-muted text-sm tabular-nums" data-testid="rating-summary">
          {c.rating_count > 0
            ? t('profile.ratingSummary', { rating: c.rating.toFixed(1), count: c.rating_count })
            : t('profile.noRatings')}
        </span>
      </div>

      <div className="mt-5 flex flex-wrap gap-2">
        <Button
          variant={c.is_collected ? 'secondary' : 'primary'}
          onClick={() => void toggleLike(c)}
          aria-pressed={c.is_collected}
        >
          <Heart className={cn('h-4 w-4', c.is_collected && 'fill-pink text-pink')} aria-hidden />
          {c.is_collected ? t('card.unlike') : t('card.like')}
        </Button>
        <Button variant="secondary" onClick={clone}>
          <Copy className="h-4 w-4" aria-hidden />
          {t('owner.clone')}
        </Button>
        <a href={cardUrl(c.id)} download className={buttonClass('secondary')}>
          <Download className="h-4 w-4" aria-hidden />
          {t('owner.export')}
        </a>
      </div>
      <ReportLinks character={c} />
    </div>
  );
}
