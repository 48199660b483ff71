import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Lines where the text will be, while it loads. */
export function TextSkeleton() {
  return (
    <div className="mx-auto max-w-3xl animate-pulse px-4 py-10" aria-busy="true">
      <div className="bg-surface-2 h-9 w-2/3 rounded-lg" />
      <div className="bg-surface-2 mt-4 h-4 w-40 rounded" />
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="bg-surface-2 mt-5 h-4 rounded" style={{ width: `${90 - (i % 3) * 12}%` }} />
      ))}
    </div>
  );
}

/** The text could not be loaded: say so, and offer to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center" role="alert">
      <p className="text-muted">{t('errors.network')}</p>
      <Button className="mt-4" variant="secondary" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </div>
  );
}
