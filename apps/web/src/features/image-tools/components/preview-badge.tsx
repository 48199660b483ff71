import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Callout } from '@/components/ui/callout';
import { cn } from '@/components/ui/cn';

/** Marks a picture drawn by the offline preview renderer, not an AI model. */
export function PreviewBadge({ className }: { className?: string }) {
  const { t } = useTranslation('images');
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-black/70 px-2 py-0.5 text-[11px] font-semibold text-amber-200 ring-1 ring-amber-200/30 backdrop-blur',
        className,
      )}
      data-testid="preview-badge"
    >
      <FlaskConical className="h-3 w-3" aria-hidden />
      {t('preview.badge')}
    </span>
  );
}

/** The sentence that says what the preview engine is (or another sentence about it). */
export function PreviewNote({
  className,
  text,
  testId = 'preview-note',
}: {
  className?: string;
  text?: string;
  testId?: string;
}) {
  const { t } = useTranslation('images');
  return (
    <Callout tone="caution" className={className} testId={testId}>
      {text ?? t('preview.note')}
    </Callout>
  );
}
