import { REPORT_LIMITS, REPORT_REASONS, type ReportReason } from '@lumi/contract';
import { CheckCircle2, Flag, Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Label, Textarea } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import type { ReportTarget } from '@/lib/report-request';
import { useCreateReport } from '../api/create-report';
import { isolate } from '@/lib/bidi';

/**
 * The report dialog (issue 18): a reason from the fixed list, optional details, then a thank-you.
 * A refusal (not found, too many reports) shows the server's own translated message in place.
 */
export default function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const { t } = useTranslation('reports');
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const report = useCreateReport();
  const ids = useId();
  const close = (open: boolean) => {
    if (!open) onClose();
  };

  if (report.isSuccess) {
    return (
      <Dialog
        open
        onOpenChange={close}
        icon={<CheckCircle2 className="text-success h-12 w-12" aria-hidden />}
        title={t('thanksTitle')}
        description={t('thanksBody')}
        footer={
          <Button onClick={onClose} data-testid="report-done">
            {t('done')}
          </Button>
        }
      />
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMissingReason(true);
      return;
    }
    report.mutate({ target_type: target.type, target_id: target.id, reason, details: details.trim() });
  };

  const error =
    missingReason && !reason
      ? t('chooseReason')
      : report.isError
        ? errorMessage(report.error, t('failed'))
        : '';
  return (
    <Dialog
      open
      onOpenChange={close}
      icon={<Flag className="text-pink h-9 w-9" aria-hidden />}
      title={
        target.name
          ? t(`titleNamed.${target.type}`, { name: isolate(target.name) })
          : t(`title.${target.type}`)
      }
      description={t('subtitle')}
    >
      <form onSubmit={submit} className="mt-5" data-testid="report-form" noValidate>
        <fieldset
          className="max-h-[40dvh] overflow-y-auto pe-1"
          aria-describedby={error ? `${ids}-error` : undefined}
        >
          <legend className="mb-2 text-sm font-semibold">{t('reasonLabel')}</legend>
          <div className="grid gap-1.5">
            {REPORT_REASONS.map((value) => {
              const checked = reason === value;
              return (
                <label
                  key={value}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-xl border px-3 py-2.5 text-start transition-colors duration-150',
                    checked ? 'border-pink/60 bg-pink/10' : 'border-line bg-surface-2 hover:bg-surface-3',
                  )}
                >
                  <input
                    type="radio"
                    name={`${ids}-reason`}
                    value={value}
                    checked={checked}
                    onChange={() => setReason(value)}
                    className="accent-pink mt-0.5 h-4 w-4 shrink-0"
                  />
                  <span className="min-w-0">
                    <span className="block text-sm font-semibold">{t(`reasons.${value}.label`)}</span>
                    <span className="text-muted block text-xs leading-relaxed">
                      {t(`reasons.${value}.hint`)}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>

        <Label htmlFor={`${ids}-details`} className="mt-4 block">
          {t('detailsLabel')}
        </Label>
        <Textarea
          id={`${ids}-details`}
          dir="auto"
          rows={3}
          value={details}
          maxLength={REPORT_LIMITS.details}
          onChange={(e) => setDetails(e.target.value)}
          placeholder={t('detailsPlaceholder')}
          className="mt-1.5 leading-relaxed"
        />

        {error && (
          <p id={`${ids}-error`} role="alert" className="text-danger mt-3 text-sm" data-testid="report-error">
            {error}
          </p>
        )}

        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
          <Button variant="secondary" onClick={onClose} disabled={report.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={report.isPending} data-testid="report-submit">
            {report.isPending && (
              <Loader2 className="h-4 w-4 animate-spin motion-reduce:animate-none" aria-hidden />
            )}
            {t('submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
