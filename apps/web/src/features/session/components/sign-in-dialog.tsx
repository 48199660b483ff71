import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { appConfig } from '@/lib/app-config';

/**
 * The sign-in dialog. Email, Google and Facebook sign-in arrive with the accounts issue; until
 * then it says so plainly and lets the visitor go on as a guest.
 */
export default function SignInDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      icon={
        <span className="bg-surface-3 grid h-14 w-14 place-items-center rounded-2xl">
          <ShieldCheck className="text-violet h-7 w-7" aria-hidden />
        </span>
      }
      title={t('auth.dialogTitle', { site: appConfig.siteName })}
      description={t('auth.comingSoon', { count: appConfig.dailyFreeCredits })}
      footer={
        <Button size="lg" onClick={() => onOpenChange(false)}>
          {t('auth.continueAsGuest')}
        </Button>
      }
    />
  );
}
