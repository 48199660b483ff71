import { AlertCircle, Loader2, Mic, Square } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { useRecorder, type Take } from '../hooks/use-recorder';
import { formatDuration } from '../lib/format';

/**
 * Records in the browser: a round record/stop button, the running time against the limit (with
 * the shortest good length marked when there is one), a live microphone level, and the spec's
 * message when the microphone is refused. Leaving the panel (`active` false) ends the take.
 */
export function RecorderPanel({
  maxSeconds,
  minSeconds,
  hint,
  onTake,
  name,
  active,
  hasTake,
}: {
  maxSeconds: number;
  minSeconds?: number;
  hint: string;
  onTake: (take: Take) => void;
  /** The take's file name, without extension. */
  name: string;
  active: boolean;
  /** A take is kept already: the button says Record again. */
  hasTake: boolean;
}) {
  const { t } = useTranslation('voice');
  const { state, start, stop, meterRef } = useRecorder({ maxSeconds, onTake, name });
  const recording = state.phase === 'recording';
  const waiting = state.phase === 'starting' || state.phase === 'processing';
  const elapsed = recording ? state.elapsed : 0;
  const max = formatDuration(maxSeconds) ?? '';

  useEffect(() => {
    if (!active) stop();
  }, [active, stop]);

  return (
    <div className="bg-surface-2 grid gap-4 rounded-2xl p-4" data-testid={`recorder-${name}`}>
      <div className="flex items-center gap-4">
        <button
          type="button"
          onClick={recording ? stop : () => void start()}
          disabled={waiting}
          aria-label={recording ? t('record.stop') : hasTake ? t('record.again') : t('record.start')}
          className={cn(
            'grid h-16 w-16 shrink-0 place-items-center rounded-full text-white shadow-lg transition-[filter] duration-150 hover:brightness-110 disabled:opacity-60',
            recording ? 'bg-danger shadow-danger/30' : 'bg-accent shadow-pink/25',
          )}
          data-testid="record-button"
        >
          {waiting ? (
            <Loader2 className="h-6 w-6 animate-spin motion-reduce:animate-none" aria-hidden />
          ) : recording ? (
            <Square className="h-5 w-5 fill-current" aria-hidden />
          ) : (
            <Mic className="h-7 w-7" aria-hidden />
          )}
        </button>
        <div className="grid min-w-0 flex-1 gap-2">
          <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <span className="text-sm font-semibold" aria-live="polite">
              {recording ? (
                <span className="inline-flex items-center gap-1.5">
                  <span
                    className="bg-danger h-2 w-2 animate-pulse rounded-full motion-reduce:animate-none"
                    aria-hidden
                  />
                  {t('record.recording')}
                </span>
              ) : state.phase === 'starting' ? (
                t('record.starting')
              ) : state.phase === 'processing' ? (
                t('record.processing')
              ) : hasTake ? (
                t('record.again')
              ) : (
                t('record.start')
              )}
            </span>
            <span className="tabular text-lg font-bold" dir="ltr">
              {formatDuration(elapsed, 'floor')}{' '}
              <span className="text-muted text-sm font-medium">/ {max}</span>
            </span>
          </p>
          {/* Time against the limit; the mark is the shortest good length. */}
          <div className="bg-surface-3 relative h-2 overflow-hidden rounded-full" aria-hidden>
            <div
              className="bg-accent h-full rounded-full transition-[width] duration-100 ease-linear"
              style={{ width: `${Math.min(100, (elapsed / maxSeconds) * 100)}%` }}
            />
            {minSeconds !== undefined && (
              <span
                className="bg-fg/60 absolute inset-y-0 w-0.5"
                style={{ insetInlineStart: `${(minSeconds / maxSeconds) * 100}%` }}
              />
            )}
          </div>
          <div className="grid gap-1 sm:flex sm:items-center sm:gap-2" title={t('record.level')}>
            <span className="text-faint text-[0.6875rem] font-semibold tracking-wide uppercase">
              {t('record.level')}
            </span>
            <div className="bg-surface-3 h-1.5 overflow-hidden rounded-full sm:flex-1" aria-hidden>
              <span
                ref={(el) => {
                  meterRef.current = el;
                }}
                className="block h-full origin-left scale-x-0 rounded-full bg-linear-to-r from-emerald-400 via-amber-300 to-rose-500 rtl:origin-right rtl:bg-linear-to-l"
              />
            </div>
          </div>
        </div>
      </div>
      <p className="text-muted text-xs">
        <strong className="text-fg font-semibold">{hint}</strong> · {t('record.limit', { time: max })}
      </p>
      {(state.phase === 'denied' || state.phase === 'unsupported') && (
        <p
          role="alert"
          className="border-danger/40 bg-danger/10 flex items-start gap-2 rounded-xl border px-3 py-2 text-sm"
          data-testid="mic-error"
        >
          <AlertCircle className="text-danger mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {state.phase === 'denied' ? t('record.micDenied') : t('record.unsupported')}
        </p>
      )}
    </div>
  );
}
