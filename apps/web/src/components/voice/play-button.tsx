import { Loader2, Play, Square } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import type { PlayingState } from '@/hooks/use-shared-player';

/** Play or stop one sound of the page's shared player: a round button showing what it does. */
export function PlayButton({
  playing,
  onClick,
  label,
  disabled,
  className,
  testId,
}: {
  /** This sound's state in the player, or null when it is not the one playing. */
  playing: PlayingState['status'] | null;
  onClick: () => void;
  label: string;
  disabled?: boolean;
  className: string;
  testId?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      aria-pressed={playing !== null}
      className={cn(
        'grid h-10 w-10 place-items-center rounded-full transition-colors duration-150',
        playing ? 'bg-accent text-white' : 'bg-surface-3 text-fg hover:bg-line',
        className,
      )}
      data-testid={testId}
    >
      {playing === 'loading' ? (
        <Loader2 className="h-4 w-4 animate-spin motion-reduce:animate-none" aria-hidden />
      ) : playing === 'playing' ? (
        <Square className="h-3.5 w-3.5 fill-current" aria-hidden />
      ) : (
        <Play className="h-4 w-4 fill-current" aria-hidden />
      )}
    </button>
  );
}
