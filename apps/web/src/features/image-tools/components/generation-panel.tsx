import type { ImageTool, Locale } from '@lumi/contract';
import { CircleAlert, ImageIcon, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { JobProgress } from '@/components/ui/job-progress';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { Generation } from '../lib/generation';
import { intlLocale } from '../lib/intl';
import { sizeRatio } from '../lib/sizes';
import { ImageCard } from './image-card';
import { PreviewNote } from './preview-badge';

const gridClass = (count: number) =>
  cn('grid gap-3', count > 1 ? 'grid-cols-2' : 'mx-auto w-full max-w-md grid-cols-1');

/** The result area: what the generation is doing, then its pictures or what went wrong. */
export function GenerationPanel({
  state,
  tool,
  locale,
  onRetry,
  free = false,
}: {
  state: Generation;
  tool: ImageTool;
  locale: Locale;
  onRetry: () => void;
  /** The preview renderer draws: nothing was spent, so nothing is said to come back. */
  free?: boolean;
}) {
  const { t } = useTranslation('images');

  if (state.phase === 'idle') {
    return (
      <div
        className="border-line/70 bg-surface/40 flex min-h-64 flex-col items-center justify-center rounded-3xl border border-dashed px-6 py-12 text-center"
        data-testid="generation-empty"
      >
        <span className="bg-surface-2 grid h-14 w-14 place-items-center rounded-2xl">
          <ImageIcon className="text-pink h-7 w-7" aria-hidden />
        </span>
        <p className="mt-4 text-base font-semibold">{t('results.empty')}</p>
        <p className="text-muted mt-1 max-w-xs text-sm">
          {t(tool === 'image' ? 'results.emptyHintPrompt' : 'results.emptyHint')}
        </p>
      </div>
    );
  }

  if (state.phase === 'done') {
    return (
      <div className="grid gap-3" data-testid="generation-done">
        <p role="status" className="sr-only">
          {t('status.done', { count: state.images.length })}
        </p>
        <div className={gridClass(state.images.length)}>
          {state.images.map((image, index) => (
            <ImageCard
              key={image.url}
              image={image}
              jobId={state.id}
              index={index}
              tool={tool}
              preview={state.preview}
              locale={locale}
              label={t('results.image', { n: index + 1 })}
              eager
            />
          ))}
        </div>
        {state.preview && <PreviewNote />}
      </div>
    );
  }

  if (state.phase === 'failed') {
    const refunded = !free && state.id !== undefined && state.retry === 'send';
    return (
      <div
        role="alert"
        className="border-danger/30 bg-danger/5 flex min-h-64 flex-col items-center justify-center rounded-3xl border px-6 py-12 text-center"
        data-testid="generation-failed"
      >
        <CircleAlert className="text-danger h-10 w-10" aria-hidden />
        <p className="mt-3 text-base font-semibold">{t('status.failed')}</p>
        <p className="text-muted mt-1 max-w-sm text-sm text-pretty">{state.message || t('status.error')}</p>
        {refunded && <p className="text-muted mt-1 text-xs">{t('status.refunded')}</p>}
        {state.retry && (
          <Button variant="secondary" className="mt-5" onClick={onRetry}>
            <RotateCcw className="h-4 w-4" aria-hidden />
            {t('status.retry')}
          </Button>
        )}
      </div>
    );
  }

  // Waiting: sending, checking, queued or running.
  const count = state.request.count;
  const ratio = sizeRatio(state.request.size ?? '');
  return (
    <div className="grid gap-3" data-testid="generation-waiting" aria-busy>
      <JobProgress job={state} t={t} numberLocale={intlLocale(locale)} testId="generation-status" />
      <div className={gridClass(count)} aria-hidden>
        {Array.from({ length: count }, (_, i) => (
          <div
            key={i}
            className="bg-surface-2 animate-pulse rounded-2xl motion-reduce:animate-none"
            style={{ aspectRatio: String(ratio) }}
          />
        ))}
      </div>
    </div>
  );
}
