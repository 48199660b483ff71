import { LoginType } from '@lumi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { creditsQueryKey, useCredits } from '@/features/credits/api/get-credits';
import { PAY_RETURN_PATH_KEY } from '@/features/credits/credits-dialog-store';
import { PricingPage } from '@/features/pay/pricing-page';
import { startSession } from '@/features/session/session';
import { userInfoStore } from '@/features/session/session-store';
import { readSession, removeSession } from '@/lib/storage';

/** /pay-view: the pricing page, given the balance and the session it shows and refreshes. */
export default function PricingRoute() {
  const queryClient = useQueryClient();
  const { data: balance } = useCredits(startSession);
  const user = useSyncExternalStore(userInfoStore.subscribe, userInfoStore.get, () => null);
  const signedIn = user !== null && user.type !== LoginType.TOURIST;
  // Read once: the page the user left when their credits ran out (credits dialog, "Buy credits").
  const [returnPath] = useState(() => readSession(PAY_RETURN_PATH_KEY));
  const refreshBalance = useCallback(
    () => queryClient.invalidateQueries({ queryKey: creditsQueryKey }),
    [queryClient],
  );
  return (
    <PricingPage
      balance={balance}
      signedIn={signedIn}
      refreshBalance={refreshBalance}
      returnPath={returnPath}
      onReturn={() => removeSession(PAY_RETURN_PATH_KEY)}
    />
  );
}
