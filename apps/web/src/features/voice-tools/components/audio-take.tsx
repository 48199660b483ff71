import { AlertTriangle, FileAudio, Mic, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { lengthWarning, type AudioRole } from '../lib/files';
import { formatDuration } from '../lib/format';

export interface TakeView {
  url: string;
  name: string;
  seconds: number | null;
  source: 'record' | 'upload';
}

/** A recording or a chosen file: its player, its length and advice on it, and Remove. */
export function AudioTake({
  take,
  role,
  onRemove,
  testId,
}: {
  take: TakeView;
  role: AudioRole;
  onRemove: () => void;
  testId: string;
}) {
  const { t } = useTranslation('voice');
  const time = take.seconds === null ? null : formatDuration(take.seconds);
  const warning = lengthWarning(take.seconds, role);
  const Icon = take.source === 'record' ? Mic : FileAudio;
  return (
    <div className="border-line bg-surface-2 grid min-w-0 gap-3 rounded-2xl border p-3" data-testid={testId}>
      <div className="flex items-center gap-3">
        <span className="bg-surface-3 text-pink grid h-10 w-10 shrink-0 place-items-center rounded-full">
          <Icon className="h-5 w-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold contain-inline-size">
            {take.source === 'record' ? t('take.recorded') : <bdi>{take.name}</bdi>}
          </p>
          <p className="text-muted tabular text-xs" data-testid={`${testId}-length`}>
            {time ? t('take.length', { time }) : t('take.lengthUnknown')}
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={onRemove}>
          <Trash2 className="h-4 w-4" aria-hidden />
          {t('take.remove')}
        </Button>
      </div>
      <audio controls src={take.url} preload="metadata" className="w-full" dir="ltr" aria-label={take.name} />
      {warning && time && (
        <p
          className="flex items-start gap-2 rounded-xl bg-amber-400/10 px-3 py-2 text-xs text-amber-200"
          data-testid={`${testId}-warning`}
        >
          <AlertTriangle className="mt-px h-4 w-4 shrink-0" aria-hidden />
          <span>
            {t(role === 'script' ? 'take.scriptLong' : warning === 'short' ? 'take.short' : 'take.long', {
              time,
            })}
          </span>
        </p>
      )}
    </div>
  );
}
