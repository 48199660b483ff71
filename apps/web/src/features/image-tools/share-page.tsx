import { ErrorCode } from '@lumi/contract';
import { Flag, ImageOff, Wand2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ReportTrigger } from '@/components/report-trigger';
import { Button, buttonClass } from '@/components/ui/button';
import { getHref } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/hooks/use-locale';
import { ApiError } from '@/lib/api-client';
import { Link, useRouteParams } from '@/lib/router';
import { useShared } from './api/get-shared';
import { PreviewBadge, PreviewNote } from './components/preview-badge';
import { ShareButtons } from './components/share-dialog';
import { intlLocale } from './lib/intl';
import { absoluteUrl, TOOL_ROUTES } from './lib/share-links';

/**
 * /share/:shareId: a picture its owner shared, for anyone: the picture, its prompt, the tool
 * it was made with and a way to make one's own, and the share buttons again.
 */
export default function SharePage() {
  const { t } = useTranslation('images');
  const locale = useLocale();
  const { shareId = '' } = useRouteParams();
  const shared = useShared(shareId);
  useDocumentTitle(t('sharePage.title'));

  if (shared.isPending) {
    return (
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 lg:grid-cols-[minmax(0,1fr)_22rem]" aria-hidden>
        <div className="bg-surface-2 aspect-[3/4] w-full animate-pulse rounded-3xl motion-reduce:animate-none lg:max-h-[80dvh]" />
        <div className="grid content-start gap-3">
          <div className="bg-surface-2 h-8 w-2/3 animate-pulse rounded-xl" />
          <div className="bg-surface-2 h-20 animate-pulse rounded-xl" />
          <div className="bg-surface-2 h-12 animate-pulse rounded-full" />
        </div>
      </div>
    );
  }

  if (shared.isError) {
    const missing = shared.error instanceof ApiError && shared.error.code === ErrorCode.NOT_FOUND;
    return (
      <section className="mx-auto max-w-lg px-4 py-16 text-center" data-testid="share-not-found">
        <span className="border-line bg-surface-2 mx-auto grid h-16 w-16 place-items-center rounded-2xl border">
          <ImageOff className="text-pink h-8 w-8" aria-hidden />
        </span>
        <h1 className="mt-6 text-2xl font-extrabold tracking-tight text-balance">
          {missing ? t('sharePage.notFound') : t('sharePage.failed')}
        </h1>
        <p className="text-muted mt-3 text-base text-pretty">
          {missing ? t('sharePage.notFoundBody') : t('status.error')}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-2">
          {!missing && (
            <Button variant="secondary" size="lg" onClick={() => void shared.refetch()}>
              {t('status.retry')}
            </Button>
          )}
          <Link to={getHref(locale, 'imageGenerator')} className={buttonClass('primary', 'lg')}>
            <Wand2 className="h-5 w-5" aria-hidden />
            {t('sharePage.cta')}
          </Link>
        </div>
      </section>
    );
  }

  const image = shared.data;
  const toolName = t(`common:tools.${image.tool}.name`);
  const url = absoluteUrl(getHref(locale, 'imageShare', { shareId: image.share_id }), window.location.origin);
  const when = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long' }).format(image.created_at);
  return (
    <div
      className="mx-auto grid max-w-5xl gap-6 px-4 py-6 sm:py-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start"
      data-page="image-share"
    >
      <figure className="border-line bg-surface relative w-fit max-w-full justify-self-center overflow-hidden rounded-3xl border">
        <img
          src={image.url}
          alt={image.prompt || toolName}
          width={image.width}
          height={image.height}
          fetchPriority="high"
          className="mx-auto block h-auto max-h-[80dvh] w-auto max-w-full object-contain"
          data-testid="shared-image"
        />
        {image.preview && <PreviewBadge className="absolute start-3 top-3" />}
      </figure>
      <div className="grid content-start gap-5">
        <div>
          <p className="text-muted text-xs font-semibold tracking-wide uppercase">
            {t('sharePage.madeWith')}
          </p>
          <h1 className="mt-1 text-xl font-extrabold tracking-tight">{toolName}</h1>
          <p className="text-faint mt-1 text-xs">
            <time dateTime={new Date(image.created_at).toISOString()}>{when}</time>
            {image.preset && <> · {t(`presets.${image.preset}`)}</>}
          </p>
        </div>
        {image.prompt && (
          <div>
            <h2 className="text-sm font-semibold">{t('sharePage.prompt')}</h2>
            <p
              className="border-line bg-surface text-muted mt-1.5 rounded-xl border px-3.5 py-2.5 text-sm leading-relaxed"
              dir="auto"
            >
              {image.prompt}
            </p>
          </div>
        )}
        {image.preview && <PreviewNote />}
        <Link
          to={getHref(locale, TOOL_ROUTES[image.tool])}
          className={buttonClass('primary', 'lg', 'w-full')}
          data-testid="make-your-own"
        >
          <Wand2 className="h-5 w-5" aria-hidden />
          {t('sharePage.cta')}
        </Link>
        <div className="border-line/70 border-t pt-5">
          <h2 className="mb-3 text-sm font-semibold">{t('sharePage.share')}</h2>
          <ShareButtons url={url} />
        </div>
        <ReportTrigger target={{ type: 'share', id: image.share_id }}>
          {({ label, onClick }) => (
            <button
              type="button"
              onClick={onClick}
              className="text-faint hover:text-fg inline-flex min-h-8 items-center gap-1.5 justify-self-start text-xs font-semibold"
              data-testid="report-share"
            >
              <Flag className="h-3.5 w-3.5" aria-hidden />
              {label}
            </button>
          )}
        </ReportTrigger>
      </div>
    </div>
  );
}
