import type { ImageTool, Locale } from '@lumi/contract';
import { ImageIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ResultEmpty, ResultFailed } from '@/components/result-states';
import { JobProgress } from '@/components/ui/job-progress';
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
      <ResultEmpty
        icon={ImageIcon}
        title={t('results.empty')}
        hint={t(tool === 'image' ? 'results.emptyHintPrompt' : 'results.emptyHint')}
        className="min-h-64"
        testId="generation-empty"
      />
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
    return (
      <ResultFailed
        job={state}
        t={t}
        free={free}
        onRetry={onRetry}
        className="min-h-64"
        testIds={{ area: 'generation-failed' }}
      />
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
