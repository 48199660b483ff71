import type { CreditRemain } from '@lumi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, LogIn, Zap } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { getHref } from '@/config/paths';
import { useLocale } from '@/hooks/use-locale';
import { appConfig } from '@/lib/app-config';
import { useNavigate, usePathname, useSearch } from '@/lib/router';
import { isGuest, signInRequests } from '@/lib/sign-in-request';
import { writeSession } from '@/lib/storage';
import { creditsQueryKey } from '../api/get-credits';
import { creditsDialogStore, PAY_RETURN_PATH_KEY } from '../credits-dialog-store';
import { IconBadge } from '@/components/ui/icon-badge';

/**
 * Credits exhausted (spec §2): "Buy credits" (the spec's Subscribe; packs are one-time, issue 24)
 * goes to /pay-view and remembers where the user was;
 * or come back tomorrow for the day's free credits. A guest whose network's guests have drawn
 * today's free credits (docs/security.md) is offered to sign in instead: accounts get theirs.
 */
export default function CreditsDialog() {
  // Its own namespace, fetched with the dialog: none of it is on a page's first load.
  const { t } = useTranslation(['credits', 'common']);
  const locale = useLocale();
  const navigate = useNavigate();
  const pathname = usePathname();
  const search = useSearch();
  const open = useSyncExternalStore(creditsDialogStore.subscribe, creditsDialogStore.get, () => false);
  const balance = useQueryClient().getQueryData<CreditRemain>(creditsQueryKey);
  const sharedNetwork = Boolean(balance?.free_limited) && isGuest();
  const subscribe = () => {
    writeSession(PAY_RETURN_PATH_KEY, pathname + search);
    creditsDialogStore.set(false);
    navigate(getHref(locale, 'pricing'));
  };
  const signIn = () => {
    creditsDialogStore.set(false);
    signInRequests.request();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={creditsDialogStore.set}
      icon={<IconBadge icon={Zap} tone="accent" iconClassName="fill-white text-white" />}
      title={t('dialog.title')}
      description={t(sharedNetwork ? 'dialog.sharedNetwork' : 'dialog.body', {
        count: appConfig.dailyFreeCredits,
      })}
      footer={
        sharedNetwork ? (
          <>
            <Button variant="secondary" size="lg" onClick={subscribe}>
              {t('dialog.subscribe')}
            </Button>
            <Button size="lg" onClick={signIn}>
              <LogIn className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
              {t('common:auth.signIn')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" size="lg" onClick={() => creditsDialogStore.set(false)}>
              <CalendarClock className="h-4 w-4" aria-hidden />
              {t('dialog.tomorrow')}
            </Button>
            <Button size="lg" onClick={subscribe}>
              {t('dialog.subscribe')}
            </Button>
          </>
        )
      }
    />
  );
}
