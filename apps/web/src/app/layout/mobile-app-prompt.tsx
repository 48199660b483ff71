import { X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AppInstallActions, AppOfferIntro } from '@/components/app-install';
import { Button } from '@/components/ui/button';

/** The mobile-app prompt of spec §2: a card above the bottom edge, never in the way of a modal. */
export default function MobileAppPrompt({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('app');
  const titleId = useId();
  return (
    <aside
      aria-labelledby={titleId}
      data-testid="app-prompt"
      className="border-line bg-surface-2 animate-pop-in fixed inset-x-3 bottom-3 z-40 rounded-2xl border p-4 shadow-2xl shadow-black/50 pb-[max(1rem,env(safe-area-inset-bottom))]"
    >
      <AppOfferIntro
        headingId={titleId}
        aside={
          <Button
            variant="ghost"
            size="icon"
            className="-me-2 -mt-2"
            aria-label={t('prompt.notNow')}
            onClick={onClose}
          >
            <X className="h-5 w-5" aria-hidden />
          </Button>
        }
      />
      <div className="mt-3 ps-14">
        <AppInstallActions onDone={onClose} />
      </div>
    </aside>
  );
}
