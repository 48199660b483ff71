import { Loader2, Square, Volume2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import type { UiMessage } from '../lib/chat-state';
import { useReplyVoice } from './reply-voice';

/**
 * A reply's Listen action: reads it aloud in the character's voice, with what it costs (free once
 * spoken); a spinner while the speech is made, Stop while it plays. Nothing outside a chat that
 * reads replies aloud, nor on the user's own messages or a reply still streaming.
 */
export function ListenButton({ message: m, disabled }: { message: UiMessage; disabled?: boolean }) {
  const { t } = useTranslation('chat');
  const voice = useReplyVoice();
  if (!voice || m.role !== 'assistant' || m.local || !m.content.trim()) return null;
  const status = voice.status(m);
  const cost = voice.cost(m);
  const price = cost === 0 ? t('voice.free') : t('voice.cost', { count: cost });
  const label = status ? t('voice.stop') : t('voice.listen', { price });
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={status !== null}
      aria-busy={status === 'loading' || undefined}
      disabled={disabled && !status}
      onClick={() => voice.toggle(m)}
      data-testid="message-listen"
      data-cost={cost}
      className={cn(
        'flex h-8 items-center gap-1 rounded-full px-2 text-xs font-semibold transition-colors disabled:opacity-40',
        status ? 'bg-pink/15 text-pink' : 'text-faint hover:bg-surface-2 hover:text-fg focus-visible:text-fg',
      )}
    >
      {status === 'loading' ? (
        <Loader2 className="h-4 w-4 animate-spin motion-reduce:animate-none" aria-hidden />
      ) : status === 'playing' ? (
        <Square className="h-3.5 w-3.5 fill-current" aria-hidden />
      ) : (
        <Volume2 className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
      )}
      <span className="tabular-nums" aria-hidden>
        {price}
      </span>
    </button>
  );
}
