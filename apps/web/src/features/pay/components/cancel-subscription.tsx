import { Loader2 } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { cancelSubscription } from '../api/cancel-subscription';

/** The envelope's default success text, which is no message for a person. */
const GENERIC_OK = 'success';

/** A renewing plan can be stopped here, after a confirmation. */
export function CancelSubscription({ onCanceled }: { onCanceled: () => void }) {
  const { t } = useTranslation('pay');
  const [open, setOpen] = useState(false);
  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (message) => {
      notify('success', message && message !== GENERIC_OK ? message : t('subscription.canceled'));
      onCanceled();
    },
    onError: (err) => notify('error', errorMessage(err, t('subscription.failed'))),
    onSettled: () => setOpen(false),
  });
  const busy = cancel.isPending;

  return (
    <>
      <Button variant="ghost" size="sm" className="mt-3" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('subscription.cancel')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !busy && setOpen(next)}
        title={t('subscription.confirmTitle')}
        description={t('subscription.confirmBody')}
        footer={
          <>
            <Button variant="secondary" disabled={busy} onClick={() => setOpen(false)}>
              {t('subscription.keep')}
            </Button>
            <Button disabled={busy} onClick={() => cancel.mutate()}>
              {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
              {t('subscription.confirm')}
            </Button>
          </>
        }
      />
    </>
  );
}
