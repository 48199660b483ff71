import { ErrorCode, type Locale, type PayMethod, type PlanId } from '@lumi/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '@/lib/api-client';
import { signInRequests } from '@/lib/sign-in-request';
import { createCheckout } from '../api/create-checkout';
import { leaveTo } from '../lib/leave';
import { checkoutTarget } from '../lib/urls';

/**
 * Opens a plan's checkout and leaves for it. `busy` is the method whose checkout is starting, and
 * stays so while the browser is on its way there; back from it through the browser's history,
 * the page is as it was left.
 */
export function useCheckout(locale: Locale) {
  const checkout = useMutation({
    mutationFn: ({ method, plan }: { method: PayMethod; plan: PlanId }) => createCheckout(method, { plan }),
    onSuccess: ({ url }) => leaveTo(checkoutTarget(url, locale, window.location.origin)),
    onError: (err) => {
      if (err instanceof ApiError && err.code === ErrorCode.FORBIDDEN) signInRequests.request();
    },
  });
  const busy: PayMethod | null = checkout.isPending || checkout.isSuccess ? checkout.variables.method : null;

  const { reset } = checkout;
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [reset]);

  return { busy, error: checkout.error, start: checkout.mutate, reset };
}

export type Checkout = ReturnType<typeof useCheckout>;
