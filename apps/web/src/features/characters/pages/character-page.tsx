import { ErrorCode, type CharacterDetail } from '@lumi/contract';
import { Copy, Download, EyeOff, Heart, MessageCircle, ShieldAlert, Star } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { getHref } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/hooks/use-locale';
import { ApiError } from '@/lib/api-client';
import { formatCount, formatDay } from '@/lib/format';
import { notify } from '@/lib/toast';
import { cardUrl, getCharacter, rateCharacter } from '../api/characters';
import { CharacterDialogHost } from '../components/character-dialog-host';
import { FORM_STATE_KEY } from '../components/owner-menu';
import { useLikeToggle } from '../hooks/use-like-toggle';

type Loaded =
  | { state: 'loading' }
  | { state: 'ready'; character: CharacterDetail }
  | { state: 'adult' }
  | { state: 'removed' }
  | { state: 'missing' };

/**
 * A character's page at /free-ai-Characters-chat/{code}: who they are, their greeting, rating,
 * like, clone and card export. Opening it records a recent chat. The conversation itself
 * arrives with the chat issue; until then the page says so.
 */
export default function CharacterPage() {
  const { t } = useTranslation('characters');
  const locale = useLocale();
  const navigate = useNavigate();
  const { code } = useParams();
  const id = Number(code);
  const valid = Number.isSafeInteger(id) && id > 0;
  const [loaded, setLoaded] = useState<Loaded>({ state: valid ? 'loading' : 'missing' });
  const [hover, setHover] = useState(0);
  const setLiked = useCallback(
    (_id: number, liked: boolean) =>
      setLoaded((l) =>
        l.state === 'ready' ? { state: 'ready', character: { ...l.character, is_collected: liked } } : l,
      ),
    [],
  );
  const toggleLike = useLikeToggle<CharacterDetail>(setLiked);

  useEffect(() => {
    if (!valid) return;
    let live = true;
    getCharacter(id, { fromChat: true, silent: true })
      .then((character) => live && setLoaded({ state: 'ready', character }))
      .catch((err: unknown) => {
        if (!live) return;
        const code = err instanceof ApiError ? err.code : 0;
        setLoaded({
          state:
            code === ErrorCode.NSFW_REQUIRED
              ? 'adult'
              : code === ErrorCode.CHARACTER_DELETED
                ? 'removed'
                : 'missing',
        });
      });
    return () => {
      live = false;
    };
  }, [id, valid]);

  const c = loaded.state === 'ready' ? loaded.character : undefined;
  useDocumentTitle(c ? c.name : t('profile.title'));

  if (loaded.state === 'loading') {
    return (
      <div className="mx-auto max-w-4xl px-4 py-8" aria-busy="true">
        <div className="flex gap-5">
          <div className="bg-surface-2 aspect-[3/4] w-36 animate-pulse rounded-2xl sm:w-52" />
          <div className="flex-1 space-y-3">
            <div className="bg-surface-2 h-8 w-1/2 animate-pulse rounded-lg" />
            <div className="bg-surface-2 h-4 w-1/3 animate-pulse rounded-lg" />
            <div className="bg-surface-2 h-20 animate-pulse rounded-lg" />
          </div>
        </div>
      </div>
    );
  }

  if (!c) {
    const Icon = loaded.state === 'adult' ? ShieldAlert : EyeOff;
    const title =
      loaded.state === 'adult'
        ? t('adult.title')
        : loaded.state === 'removed'
          ? t('card.removed')
          : t('profile.missing');
    return (
      <div className="mx-auto max-w-lg px-4 py-16 text-center" data-testid="character-unavailable">
        <Icon className="text-pink mx-auto h-12 w-12" aria-hidden />
        <h1 className="mt-5 text-xl font-bold text-balance">{title}</h1>
        {loaded.state === 'adult' && (
          <p className="text-muted mt-2 text-sm leading-relaxed">{t('adult.body')}</p>
        )}
        <div className="mt-6 flex justify-center gap-3">
          <Link to={getHref(locale, 'home')} className={buttonClass('secondary')}>
            {t('browse')}
          </Link>
          {loaded.state === 'adult' && (
            <Link to={getHref(locale, 'profile')} className={buttonClass('primary')}>
              {t('adult.toProfile')}
            </Link>
          )}
        </div>
      </div>
    );
  }

  const update = (patch: Partial<CharacterDetail>) =>
    setLoaded((l) => (l.state === 'ready' ? { state: 'ready', character: { ...l.character, ...patch } } : l));

  const rate = async (stars: number) => {
    const result = await rateCharacter(c.id, stars);
    update({ rating: result.rating, rating_count: result.rating_count, my_rating: result.my_rating });
    notify('success', t('profile.rated'));
  };

  const clone = () => {
    try {
      window.sessionStorage.setItem(FORM_STATE_KEY, JSON.stringify(c));
    } catch {
      // The form opens empty without session storage.
    }
    void navigate(`${getHref(locale, 'createCharacter')}?type=clone`);
  };

  const shown = hover || c.my_rating || 0;
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-10" data-page="character">
      <div className="flex flex-col gap-6 sm:flex-row">
        <img
          src={c.head}
          alt=""
          width={208}
          height={277}
          className="border-line aspect-[3/4] w-40 shrink-0 self-center rounded-2xl border object-cover shadow-xl shadow-black/40 sm:w-52 sm:self-start"
        />
        <div className="min-w-0 flex-1">
          <h1 className="flex items-center gap-2 text-2xl font-extrabold tracking-tight">
            <bdi>{c.name}</bdi>
            {c.NSFW && (
              <span dir="ltr" className="bg-pink/90 rounded px-1.5 text-xs leading-5 font-bold text-white">
                18+
              </span>
            )}
          </h1>
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
          <div className="mt-3 flex flex-wrap gap-1.5">
            {c.tags.map((tag) => (
              <span key={tag} className="bg-surface-2 text-muted rounded-full px-2.5 text-xs leading-6">
                {tag}
              </span>
            ))}
          </div>
          <p dir="auto" className="text-fg/90 mt-4 text-sm leading-relaxed whitespace-pre-line">
            {c.desc}
          </p>

          <div className="mt-5 flex flex-wrap items-center gap-3">
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
        </div>
      </div>

      <section
        className="border-line bg-surface mt-8 rounded-3xl border p-5 sm:p-6"
        aria-labelledby="greeting-heading"
      >
        <h2 id="greeting-heading" className="text-muted flex items-center gap-2 text-sm font-semibold">
          <MessageCircle className="h-4 w-4" aria-hidden />
          {t('profile.greeting')}
        </h2>
        <div className="mt-3 flex gap-3">
          <img
            src={c.listHead}
            alt=""
            width={40}
            height={40}
            className="h-10 w-10 shrink-0 rounded-full object-cover"
          />
          <p
            dir="auto"
            className="bg-surface-2 rounded-2xl rounded-ss-sm px-4 py-3 text-sm leading-relaxed whitespace-pre-line"
          >
            {c.first_message}
          </p>
        </div>
        <p className="text-faint mt-5 text-center text-xs">{t('profile.chatSoon')}</p>
      </section>
      <CharacterDialogHost />
    </div>
  );
}
