import { Loader2, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { AdultSetting } from './use-adult-setting';

/** The 18+ question before adult content is turned on (the profile's and the home page's). */
export default function AdultConfirmDialog({ setting }: { setting: AdultSetting }) {
  const { t } = useTranslation('account');
  return (
    <Dialog
      open={setting.confirming}
      onOpenChange={(open) => !open && setting.cancel()}
      icon={<ShieldAlert className="text-pink h-10 w-10" aria-hidden />}
      title={t('confirm.adult.title')}
      description={t('confirm.adult.body')}
      footer={
        <>
          <Button variant="secondary" disabled={setting.busy} onClick={setting.cancel}>
            {t('confirm.cancel')}
          </Button>
          <Button disabled={setting.busy} onClick={() => void setting.confirm()}>
            {setting.busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            {t('confirm.adult.ok')}
          </Button>
        </>
      }
    />
  );
}
