import type { LucideIcon } from 'lucide-react';
import { cn } from './cn';

const TONES = {
  /** The pink-violet gradient with a glow: dialogs that ask for something (credits, share, redeem). */
  accent: { badge: 'bg-accent shadow-pink/30 shadow-lg', icon: 'text-white' },
  /** A raised surface: dialogs that inform (sign in, publish). */
  raised: { badge: 'bg-surface-3', icon: 'text-pink' },
  /** The page's surface: empty results. */
  flat: { badge: 'bg-surface-2', icon: 'text-pink' },
} as const;

/** The rounded square with an icon at the top of a dialog or an empty state (DESIGN.md). */
export function IconBadge({
  icon: Icon,
  tone,
  iconClassName,
}: {
  icon: LucideIcon;
  tone: keyof typeof TONES;
  /** The icon's colour classes, instead of the tone's. */
  iconClassName?: string;
}) {
  return (
    <span className={cn('grid h-14 w-14 place-items-center rounded-2xl', TONES[tone].badge)}>
      <Icon className={cn('h-7 w-7', iconClassName ?? TONES[tone].icon)} aria-hidden />
    </span>
  );
}
