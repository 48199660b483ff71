import { AlertCircle, AudioLines, Download, Loader2, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '@/components/ui/button';

export interface AudioResult {
  url: string;
  fileName: string;
  /** What it is: the voice's name, "Cloned voice". */
  title: string;
  /** The words spoken, if typed. */
  text: string;
}

/**
 * The result area of a voice tool: what comes (empty), the wait (the call answers once the audio
 * is ready), the refusal with the server's message, or the player with a download.
 */
export function ResultPanel({
  heading,
  headingId,
  busy,
  busyText,
  busyHint,
  error,
  onRetry,
  result,
  playerLabel,
  empty,
}: {
  heading: string;
  headingId: string;
  busy: boolean;
  busyText: string;
  busyHint: string;
  error: string | null;
  onRetry?: (() => void) | undefined;
  result: AudioResult | null;
  playerLabel: string;
  empty: ReactNode;
}) {
  const { t } = useTranslation('voice');
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={busy}
      className="border-line bg-surface grid gap-4 rounded-3xl border p-4 sm:p-5"
      data-testid="result"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold">
        <AudioLines className="text-pink h-5 w-5" aria-hidden />
        {heading}
      </h2>
      <div aria-live="polite" className="grid gap-4">
        {busy ? (
          <div className="bg-surface-2 grid gap-3 rounded-2xl px-4 py-5" data-testid="result-busy">
            <p className="flex items-center gap-2.5 text-sm font-semibold">
              <Loader2
                className="text-pink h-5 w-5 shrink-0 animate-spin motion-reduce:animate-none"
                aria-hidden
              />
              {busyText}
            </p>
            <div className="bg-surface-3 h-1.5 overflow-hidden rounded-full" aria-hidden>
              <div className="bg-accent h-full w-full animate-pulse rounded-full motion-reduce:animate-none" />
            </div>
            <p className="text-muted text-xs text-pretty">{busyHint}</p>
          </div>
        ) : error ? (
          <div
            role="alert"
            className="border-danger/40 bg-danger/10 flex flex-wrap items-start gap-3 rounded-2xl border px-4 py-3 text-sm"
            data-testid="result-error"
          >
            <AlertCircle className="text-danger mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <p className="min-w-0 flex-1 text-pretty">{error}</p>
            {onRetry && (
              <Button variant="secondary" size="sm" onClick={onRetry}>
                <RotateCcw className="h-4 w-4" aria-hidden />
                {t('common:actions.retry')}
              </Button>
            )}
          </div>
        ) : null}
        {result && !busy ? (
          <div className="animate-fade-in grid gap-3" data-testid="result-ready">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="min-w-0 font-semibold wrap-anywhere">
                <bdi>{result.title}</bdi>
              </p>
              <a
                href={result.url}
                download={result.fileName}
                className={buttonClass('secondary', 'sm')}
                data-testid="result-download"
              >
                <Download className="h-4 w-4" aria-hidden />
                {t('result.download')}
              </a>
            </div>
            {/* The player draws its controls left to right in every language. */}
            <audio
              controls
              src={result.url}
              aria-label={playerLabel}
              className="w-full"
              dir="ltr"
              data-testid="result-audio"
            />
            {result.text && (
              <p className="text-muted line-clamp-3 text-sm wrap-anywhere" dir="auto">
                {result.text}
              </p>
            )}
          </div>
        ) : !busy && !error ? (
          <p className="border-line/70 text-muted rounded-2xl border border-dashed px-4 py-6 text-center text-sm text-pretty">
            {empty}
          </p>
        ) : null}
      </div>
    </section>
  );
}
