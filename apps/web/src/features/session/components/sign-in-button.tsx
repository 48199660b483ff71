import { CircleUserRound, LogIn } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { getHref } from '@/config/paths';
import { useLocale } from '@/hooks/use-locale';
import { Link } from '@/lib/router';
import { signInRequests } from '@/lib/sign-in-request';
import { userInfoStore } from '../session-store';

const loadDialog = () => import('./sign-in-dialog');
const SignInDialog = lazy(loadDialog);

/** Sign-in button; after sign-in, the avatar leading to /profile (spec §2). */
export function SignInButton() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const user = useSyncExternalStore(userInfoStore.subscribe, userInfoStore.get, () => null);
  // Pages ask for sign-in too (an adult character opened by a guest).
  useEffect(
    () =>
      signInRequests.subscribe(() => {
        setWanted(true);
        setOpen(true);
      }),
    [],
  );
  if (user && user.type !== 0) {
    return (
      <Link
        to={getHref(locale, 'profile')}
        className="border-line bg-surface-2 grid h-10 w-10 shrink-0 place-items-center overflow-hidden rounded-full border"
        aria-label={t('auth.profile')}
      >
        {user.head ? (
          <img src={user.head} alt="" width={40} height={40} className="h-full w-full object-cover" />
        ) : (
          <CircleUserRound className="h-6 w-6" aria-hidden />
        )}
      </Link>
    );
  }
  return (
    <>
      <Button
        variant="secondary"
        className="max-sm:w-10 max-sm:px-0"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        aria-label={t('auth.signIn')}
      >
        <LogIn className="h-4 w-4 sm:hidden rtl:-scale-x-100" aria-hidden />
        <span className="max-sm:sr-only">{t('auth.signIn')}</span>
      </Button>
      {wanted && (
        <Suspense>
          <SignInDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
