import { cn } from './cn';

/** A round picture of a character (decorative: its name is said beside it). */
export function Avatar({ src, size = 36, className }: { src: string; size?: number; className?: string }) {
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      className={cn('bg-surface-2 shrink-0 rounded-full object-cover', className)}
      style={{ width: size, height: size }}
    />
  );
}
