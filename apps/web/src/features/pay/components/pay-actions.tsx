import type { PayMethod, Plan, PlanId } from '@lumi/contract';
import { Bitcoin, CalendarClock, CreditCard, FlaskConical, Loader2, LogIn, Ticket } from 'lucide-react';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertText } from '@/components/ui/alert-text';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { appConfig } from '@/lib/app-config';
import { Link } from '@/lib/router';
import { isGuest, signInRequests } from '@/lib/sign-in-request';
import type { Checkout } from '../hooks/use-checkout';
import type { PayFormat } from '../hooks/use-pay-format';
import { savePayIntent, takePayIntent, type PayIntent } from '../lib/pay-intent';
import { findPlan } from '../lib/plans';
import { DelayNotice } from './delay-notice';

const METHOD_ICONS = { card: CreditCard, crypto: Bitcoin } as const;

interface PayActionsProps {
  plan: Plan;
  format: PayFormat;
  signedIn: boolean;
  /** Where "come back tomorrow" leads: the page the user came from, else home. */
  leaveHref: string;
  onLeave: () => void;
  onRedeem: () => void;
  /** The checkout being opened; the page keeps it so the plan cannot change under it. */
  checkout: Checkout;
  /** Selects a plan on the page (the one a guest chose before signing in). */
  onSelectPlan: (id: PlanId) => void;
}

/**
 * The buttons of spec's three states: pay; processing (disabled, spinning, while the call runs
 * and while the browser leaves for the checkout); no pay (come back tomorrow).
 */
export function PayActions({
  plan,
  format,
  signedIn,
  leaveHref,
  onLeave,
  onRedeem,
  checkout,
  onSelectPlan,
}: PayActionsProps) {
  const { t } = useTranslation('pay');
  const testMode = appConfig.payments.card === 'test' || appConfig.payments.crypto === 'test';

  const { busy } = checkout;
  const error = checkout.error ? errorMessage(checkout.error, t('pay.failed')) : '';

  function pay(method: PayMethod, chosen: Plan = plan) {
    checkout.reset();
    // Purchases belong to an account: a guest signs in first, and the checkout goes on after.
    if (isGuest()) {
      savePayIntent({ plan: chosen.id, method });
      signInRequests.request();
      return;
    }
    checkout.start({ method, plan: chosen.id });
  }

  // Signed in (in the dialog, or back from a provider) with a guest's wish to pay pending: the
  // checkout goes on with the plan and the method they chose. The wish is taken as it is read,
  // so it starts once.
  const resume = useEffectEvent((intent: PayIntent) => {
    const chosen = findPlan(intent.plan);
    if (!chosen) return;
    onSelectPlan(chosen.id);
    pay(intent.method, chosen);
  });
  useEffect(() => {
    if (!signedIn) return;
    const intent = takePayIntent();
    // Started as a task of its own, not inside the effect (it sets state and leaves the page);
    // not cancelled either: the wish is taken already, and must not be lost to a re-run.
    if (intent) void Promise.resolve(intent).then(resume);
  }, [signedIn]);

  return (
    <section
      aria-labelledby="pay-actions"
      className="border-line bg-surface rounded-3xl border p-5 sm:p-6"
      data-testid="pay-actions"
    >
      <h2 id="pay-actions" className="text-base font-bold">
        {t('pay.summary', {
          plan: format.planName(plan.id),
          credits: format.credits(plan.credits),
          price: format.price(plan.priceCents),
        })}
      </h2>
      {testMode && (
        <p
          className="mt-3 flex items-center gap-2 rounded-2xl border border-amber-300/40 bg-amber-300/10 px-3 py-2 text-sm font-semibold text-amber-200"
          data-testid="pay-test-mode"
        >
          <FlaskConical className="h-4 w-4 shrink-0" aria-hidden />
          {t('pay.testMode')}
        </p>
      )}
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        {(['card', 'crypto'] as const)
          .filter((method) => appConfig.payments[method] !== 'off')
          .map((method) => {
            const Icon = METHOD_ICONS[method];
            const mine = busy === method;
            return (
              <Button
                key={method}
                size="lg"
                variant={method === 'card' ? 'primary' : 'secondary'}
                className="w-full"
                disabled={busy !== null}
                aria-busy={mine}
                onClick={() => pay(method)}
              >
                {mine ? (
                  <Loader2 className="h-5 w-5 animate-spin" aria-hidden />
                ) : (
                  <Icon className="h-5 w-5" aria-hidden />
                )}
                {mine ? t('pay.processing') : t(`pay.${method}`)}
                {!mine && appConfig.payments[method] === 'test' && (
                  <span className="rounded-full bg-amber-300 px-1.5 text-[10px] leading-4 font-extrabold text-black uppercase">
                    {t('pay.testTag')}
                  </span>
                )}
              </Button>
            );
          })}
      </div>
      <AlertText message={error} className="mt-3" />
      {!signedIn && (
        <p className="text-muted mt-3 flex items-start gap-2 text-sm">
          <LogIn className="mt-0.5 h-4 w-4 shrink-0 rtl:-scale-x-100" aria-hidden />
          {t('pay.signIn')}
        </p>
      )}
      <DelayNotice className="mt-3" />
      <div className="border-line mt-4 flex flex-wrap items-center justify-between gap-2 border-t pt-4">
        <Link
          to={leaveHref}
          onClick={onLeave}
          className="text-muted hover:text-fg hover:bg-surface-2 inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 py-1.5 text-start text-sm font-semibold transition-colors duration-150"
        >
          <CalendarClock className="h-4 w-4 shrink-0" aria-hidden />
          {t('pay.tomorrow', { count: appConfig.dailyFreeCredits })}
        </Link>
        <Button variant="secondary" size="sm" onClick={onRedeem} aria-haspopup="dialog">
          <Ticket className="h-4 w-4" aria-hidden />
          {t('redeem.open')}
        </Button>
      </div>
    </section>
  );
}
