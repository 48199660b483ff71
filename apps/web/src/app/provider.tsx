import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { creditsQueryKey } from '@/features/credits/api/get-credits';
import { creditsDialogStore } from '@/features/credits/credits-dialog-store';
import { startSession, touristLogin } from '@/features/session/session';
import { userInfoStore } from '@/features/session/session-store';
import { ErrorCode, LoginType, type UserInfo } from '@lumi/contract';
import { ApiError, configureApi } from '@/lib/api-client';
import { creditsEvents } from '@/lib/events';
import { i18next, localeOfLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { signInRequests } from '@/lib/sign-in-request';
import { notify, toasterWanted } from '@/lib/toast';

const loadToaster = () => import('./layout/lazy-toaster');
/**
 * The toaster's code, loaded when the first toast is wanted. Offline, that code may never have
 * been fetched: the page goes on without toasts (instead of the failed import taking the whole
 * page down) and loads it once the browser is back online.
 */
const LazyToaster = lazy(() => loadToaster().catch(() => ({ default: ToasterWhenOnline })));

function ToasterWhenOnline() {
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    const retry = () =>
      void loadToaster()
        .then((m) => setToaster(() => m.default))
        .catch(() => undefined);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, []);
  return Toaster ? <Toaster /> : null;
}

/**
 * The server no longer knew the session (its cookies went, or it ended elsewhere) and a new guest
 * session took its place. When someone else was there before (an account, or another guest),
 * the visitor was signed out: they are told, and everything the page shows for a session (the
 * balance, the header, lists, histories) is read again. Answers whether that happened.
 */
export function sessionRenewed(before: UserInfo | null, after: UserInfo): boolean {
  const signedOut = before !== null && (before.type !== LoginType.TOURIST || before.uid !== after.uid);
  // Even the same guest's balance may have moved while the cookies were gone.
  void queryClient.invalidateQueries(signedOut ? undefined : { queryKey: creditsQueryKey });
  if (signedOut) {
    notify('warning', i18next.t('auth.signedOut'), {
      id: 'signed-out',
      duration: 10_000,
      action: { label: i18next.t('auth.signIn'), onClick: () => signInRequests.request() },
    });
  }
  return signedOut;
}

/** Wires the API client's envelope handling (spec §8) to the session, dialogs and toasts. */
function wireApi(): void {
  configureApi({
    onNoSession: async () => {
      const before = userInfoStore.get();
      return sessionRenewed(before, await touristLogin());
    },
    onNotEnoughCredits: () => creditsDialogStore.set(true),
    onError: (message) => {
      const text = message || i18next.t('errors.generic');
      // The same message from several calls at once is one toast.
      notify('warning', text, { id: text });
    },
    onNetworkError: () => {
      notify('error', i18next.t('errors.network'), { id: 'network' });
    },
    // The route code (`kr`, `io`): i18next's own language is the BCP 47 tag (`ko`, `id`).
    locale: () => localeOfLanguage(i18next.language),
    sessionReady: startSession,
  });
}

wireApi();

export function AppProvider({ children }: { children: ReactNode }) {
  const [toaster, setToaster] = useState(false);
  useEffect(() => toasterWanted.subscribe(() => setToaster(true)), []);
  useEffect(() => {
    // Too many new guests from this network: the server's message says to sign in instead (the
    // calls that needed the session say the same, under the same toast).
    const sessionFailed = (err?: unknown) => {
      const limited = err instanceof ApiError && err.code === ErrorCode.TOO_FREQUENT && err.message;
      notify('error', limited || i18next.t('errors.loginFailed'), { id: limited || 'login' });
    };
    if (/(^#|&)(access_token|error)=/.test(location.hash)) {
      // Back from Google or Facebook without a popup: the token is in the fragment.
      void import('@/features/session/provider-sign-in')
        .then((m) => m.finishRedirectSignIn())
        .then(async (done) => {
          if (done) {
            await queryClient.invalidateQueries();
            notify('success', i18next.t('auth.signedIn'));
          } else if (done === false) sessionFailed();
        })
        .catch(sessionFailed)
        .finally(() => void startSession().catch(sessionFailed));
    } else {
      startSession().catch(sessionFailed);
    }
    return creditsEvents.subscribe((value) => {
      if (value === '') creditsDialogStore.set(true);
      else void queryClient.invalidateQueries({ queryKey: creditsQueryKey });
    });
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {toaster && (
        <Suspense>
          <LazyToaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
