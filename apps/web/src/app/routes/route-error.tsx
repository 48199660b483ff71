import { RotateCw, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * What a page shows when it could not load: offline with the page's code not yet kept by the
 * service worker, or a release replaced the code under an open tab. Reloading fixes both.
 */
export function RouteError() {
  const { t } = useTranslation();
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    <section className="mx-auto max-w-md px-4 py-20 text-center" role="alert" data-testid="route-error">
      <WifiOff className="text-pink mx-auto h-10 w-10" aria-hidden />
      <p className="text-muted mt-4 leading-relaxed">{offline ? t('errors.offline') : t('errors.network')}</p>
      <Button className="mt-6" variant="secondary" onClick={() => window.location.reload()}>
        <RotateCw className="h-4 w-4" aria-hidden />
        {t('actions.retry')}
      </Button>
    </section>
  );
}
