import { Trans, useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { appConfig } from '@/lib/app-config';

/** Credits may take up to 15 minutes; past that, the support address. */
export function DelayNotice({ className }: { className?: string }) {
  const { t } = useTranslation('pay');
  const email = appConfig.supportEmail;
  return (
    <p className={cn('text-muted text-xs leading-relaxed text-pretty', className)}>
      <Trans
        t={t}
        i18nKey="delay"
        values={{ email }}
        components={{
          mail: (
            // The address keeps its direction inside Arabic text (dir isolates it).
            <a
              dir="ltr"
              href={`mailto:${email}`}
              className="text-fg font-semibold underline underline-offset-2"
            />
          ),
        }}
      />
    </p>
  );
}
