import { cn } from '@/components/ui/cn';
import { useTagLabel } from '../hooks/use-tag-label';

/** A character's tags as small rounded chips, in the reader's language where the tag is known. */
export function TagChips({
  tags,
  className,
  chipClassName,
}: {
  tags: readonly string[];
  /** The row's spacing (gap and margin). */
  className: string;
  /** The chips' background and padding, which follow the surface they sit on. */
  chipClassName: string;
}) {
  const tagLabel = useTagLabel();
  return (
    <div className={cn('flex flex-wrap', className)}>
      {tags.map((tag) => (
        <span key={tag} dir="auto" className={cn('text-muted rounded-full text-xs leading-6', chipClassName)}>
          {tagLabel(tag)}
        </span>
      ))}
    </div>
  );
}
