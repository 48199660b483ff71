import { Volume2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { useReplyVoice } from './reply-voice';

/** The chat settings' "Auto-play replies": on at once, remembered by this browser. */
export function AutoPlaySwitch() {
  const { t } = useTranslation('chat');
  const voice = useReplyVoice();
  if (!voice) return null;
  const on = voice.autoPlay;
  return (
    <section className="border-line/70 border-b py-4">
      <div className="flex items-center justify-between gap-3">
        <span className="min-w-0">
          <span id="auto-play-label" className="flex items-center gap-2 text-sm font-bold">
            <Volume2 className="text-pink h-4 w-4 shrink-0 rtl:-scale-x-100" aria-hidden />
            {t('voice.autoPlay')}
          </span>
          <span id="auto-play-hint" className="text-muted mt-1 block text-xs leading-relaxed">
            {t('voice.autoPlayHint')}
          </span>
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="auto-play-label"
          aria-describedby="auto-play-hint"
          onClick={() => voice.setAutoPlay(!on)}
          data-testid="auto-play"
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors duration-150',
            on ? 'bg-accent' : 'bg-surface-3',
          )}
        >
          <span
            className={cn(
              'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform duration-150 motion-reduce:transition-none',
              on ? 'translate-x-6 rtl:-translate-x-6' : 'translate-x-1 rtl:-translate-x-1',
            )}
          />
        </button>
      </div>
    </section>
  );
}
