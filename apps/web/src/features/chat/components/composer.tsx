import { CHAT_LIMITS, COSTS } from '@lumi/contract';
import { SendHorizontal, Square } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

interface ComposerProps {
  placeholder: string;
  streaming: boolean;
  disabled?: boolean;
  /** The model's name, shown with the cost; a click opens the chat settings. */
  modelName: string;
  /** The offline demo engine answers: messages cost nothing. */
  free?: boolean;
  onModelClick: () => void;
  /** Resolves false when the message was refused: the text stays in the box. */
  onSend: (text: string) => Promise<boolean>;
  onStop: () => void;
  /** Text put in the box from outside (a prompt idea), with a counter so the same one repeats. */
  preset?: { text: string; n: number } | undefined;
  /** A button before the box (a character chat's "Send me a picture"). */
  leading?: ReactNode;
}

/**
 * The sticky message box: grows with its text, Enter sends (Shift+Enter and IME composition
 * don't), Stop while a reply streams, and the cost of a message beside the model's name.
 */
export function Composer({
  placeholder,
  streaming,
  disabled,
  modelName,
  free,
  onModelClick,
  onSend,
  onStop,
  preset,
  leading,
}: ComposerProps) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);

  // A picked prompt idea replaces the text (state adjusted while rendering, not in an effect).
  const [seenPreset, setSeenPreset] = useState(preset);
  if (preset !== seenPreset) {
    setSeenPreset(preset);
    if (preset) setText(preset.text);
  }
  useEffect(() => {
    if (preset) box.current?.focus();
  }, [preset]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 180)}px`;
  }, [text]);

  const send = async () => {
    const value = text.trim();
    if (!value || streaming || disabled) return;
    setText('');
    if (!(await onSend(value))) setText((now) => now || value);
  };

  const left = CHAT_LIMITS.message - text.length;
  return (
    <div className="border-line/60 bg-bg/90 sticky bottom-0 border-t px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] backdrop-blur-xl sm:px-4">
      <form
        className={cn(
          'border-line bg-surface focus-within:border-pink/60 mx-auto flex max-w-3xl items-end gap-2 rounded-3xl border p-1.5 transition-colors',
          leading ? 'ps-1.5' : 'ps-4',
        )}
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        {leading}
        <label htmlFor="chat-input" className="sr-only">
          {placeholder}
        </label>
        <textarea
          id="chat-input"
          ref={box}
          dir="auto"
          rows={1}
          value={text}
          maxLength={CHAT_LIMITS.message}
          disabled={disabled}
          placeholder={placeholder}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void send();
            }
          }}
          className="text-fg placeholder:text-faint max-h-[180px] min-h-10 flex-1 resize-none bg-transparent py-2 text-[0.9375rem] leading-6 outline-none"
          data-testid="chat-input"
        />
        {streaming ? (
          <button
            type="button"
            onClick={onStop}
            aria-label={t('composer.stop')}
            title={t('composer.stop')}
            className="bg-surface-3 text-fg hover:bg-line grid h-10 w-10 shrink-0 place-items-center rounded-full"
            data-testid="chat-stop"
          >
            <Square className="h-4 w-4 fill-current" aria-hidden />
          </button>
        ) : (
          <button
            type="submit"
            disabled={!text.trim() || disabled}
            aria-label={t('composer.send')}
            title={t('composer.send')}
            className="bg-accent grid h-10 w-10 shrink-0 place-items-center rounded-full text-white shadow-lg shadow-pink/20 transition-[filter,opacity] hover:brightness-110 disabled:opacity-40 disabled:shadow-none"
            data-testid="chat-send"
          >
            <SendHorizontal className="h-5 w-5 rtl:-scale-x-100" aria-hidden />
          </button>
        )}
      </form>
      <div className="text-faint mx-auto mt-1.5 flex max-w-3xl items-center justify-between gap-3 px-2 text-xs">
        <button
          type="button"
          onClick={onModelClick}
          className="hover:text-fg truncate"
          data-testid="chat-cost"
        >
          <bdi>{modelName}</bdi> ·{' '}
          {free ? t('composer.free') : t('composer.cost', { count: COSTS.chatMessage })}
        </button>
        <span className={cn('shrink-0 tabular-nums', left > 400 && 'invisible')} aria-live="polite">
          {t('composer.left', { count: left })}
        </span>
      </div>
    </div>
  );
}
