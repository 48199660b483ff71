import type { RedeemData } from '@lumi/contract';
import { Loader2, Ticket } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertText } from '@/components/ui/alert-text';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { redeemCode } from '../api/redeem';
import { IconBadge } from '@/components/ui/icon-badge';
import { Label } from '@/components/ui/input';

/** Spec §3's exchange dialog: one code field, Cancel and Confirm; errors stay in the dialog. */
export function RedeemDialog({
  open,
  onOpenChange,
  onRedeemed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRedeemed: (data: RedeemData) => void;
}) {
  const { t } = useTranslation('pay');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const redeem = useMutation({
    mutationFn: redeemCode,
    onSuccess: (data) => {
      notify('success', t('redeem.success'));
      onRedeemed(data);
      setCode('');
      onOpenChange(false);
    },
    onError: (err) => setError(errorMessage(err, t('redeem.failed'))),
  });
  const busy = redeem.isPending;
  const formId = useId();
  const inputId = useId();
  const errorId = useId();

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setCode('');
      setError('');
    }
    onOpenChange(next);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(t('redeem.empty'));
      return;
    }
    setError('');
    redeem.mutate(value);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      icon={<IconBadge icon={Ticket} tone="accent" />}
      title={t('redeem.title')}
      description={t('redeem.desc')}
      footer={
        <>
          <Button variant="secondary" size="lg" disabled={busy} onClick={() => close(false)}>
            {t('redeem.cancel')}
          </Button>
          <Button type="submit" form={formId} size="lg" disabled={busy}>
            {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            {t('redeem.confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} className="mt-5 grid gap-2" onSubmit={submit} noValidate>
        <Label htmlFor={inputId}>{t('redeem.label')}</Label>
        <input
          id={inputId}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            if (error) setError('');
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          dir="ltr"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="border-line bg-surface-2 focus:border-violet tabular h-12 rounded-xl border px-4 font-mono tracking-wider outline-none"
        />
        <AlertText message={error} id={errorId} />
      </form>
    </Dialog>
  );
}
