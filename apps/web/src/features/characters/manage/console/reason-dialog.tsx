import { OPERATOR_LIMITS } from '@lumi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Label, Textarea } from '@/components/ui/input';

export interface ReasonRequest {
  title: string;
  body: string;
  confirm: string;
  danger?: boolean;
  onConfirm: (reason: string) => Promise<unknown>;
}

/**
 * The confirmation of every console action: what it does, and the reason the audit log keeps
 * (required). It closes once the action succeeded; a refusal stays open, toasted by the client.
 */
export function ReasonDialog({ request, onClose }: { request: ReasonRequest | null; onClose: () => void }) {
  const { t } = useTranslation('console');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const ready = reason.trim().length >= OPERATOR_LIMITS.reasonMin;
  const close = () => {
    setReason('');
    onClose();
  };
  const submit = async () => {
    if (!request || !ready) return;
    setBusy(true);
    try {
      await request.onConfirm(reason.trim());
      close();
    } catch {
      // Toasted by the API client; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => !open && close()}
      title={request?.title ?? ''}
      description={request?.body}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('dialog.back')}
          </Button>
          <Button
            data-testid="reason-confirm"
            disabled={!ready || busy}
            onClick={() => void submit()}
            className={request?.danger ? 'bg-red-600 bg-none hover:bg-red-500' : undefined}
          >
            {request?.confirm}
          </Button>
        </>
      }
    >
      <div className="mt-5 flex flex-col gap-1.5">
        <Label htmlFor="operator-reason">{t('dialog.reason')}</Label>
        <Textarea
          id="operator-reason"
          data-testid="reason-input"
          dir="auto"
          rows={3}
          maxLength={OPERATOR_LIMITS.reasonMax}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={t('dialog.reasonPlaceholder')}
        />
        <p className="text-faint text-xs">{t('dialog.reasonHint')}</p>
      </div>
    </Dialog>
  );
}
