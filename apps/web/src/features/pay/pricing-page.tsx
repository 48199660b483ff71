import { MAX_SAVE_PERCENT, type CreditRemain, type PlanId } from '@lumi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderGlow } from '@/components/tool-page-layout';
import { getHref } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSearchParams } from '@/lib/router';
import { historyQueryKey } from './api/get-history';
import { Benefits } from './components/benefits';
import { CancelSubscription } from './components/cancel-subscription';
import { CostTable } from './components/cost-table';
import { MobilePayBar } from './components/mobile-pay-bar';
import { CanceledNote, OrderStatus } from './components/order-status';
import { PayActions } from './components/pay-actions';
import { PlanPicker } from './components/plan-picker';
import { PurchaseHistory } from './components/purchase-history';
import { RedeemDialog } from './components/redeem-dialog';
import { useCheckout } from './hooks/use-checkout';
import { usePayFormat } from './hooks/use-pay-format';
import { clearPayIntent } from './lib/pay-intent';
import { ACTIVE_PLANS, DEFAULT_PLAN_ID, findPlan } from './lib/plans';

export interface PricingPageProps {
  /** The caller's balance (the header's credits query), once known. */
  balance: CreditRemain | undefined;
  /** Signed in with an account, not a guest: purchases and their history need one. */
  signedIn: boolean;
  /** Refetches the balance everywhere it shows, after a purchase or a redeemed code. */
  refreshBalance: () => Promise<unknown>;
  /** Where the user was when the credits ran out (they chose "Buy credits"), if anywhere. */
  returnPath: string | null;
  /** The user went back there: forget it. */
  onReturn: () => void;
}

/**
 * /pay-view (spec §2): the credit packs, what they unlock and what things cost, card and crypto
 * checkout, redeem codes, the return from a checkout and the purchase history.
 */
export function PricingPage({ balance, signedIn, refreshBalance, returnPath, onReturn }: PricingPageProps) {
  const { t } = useTranslation('pay');
  useDocumentTitle(t('title'));
  const format = usePayFormat();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const orderId = params.get('order');
  const canceledId = params.get('canceled');
  const [planId, setPlanId] = useState<PlanId>(DEFAULT_PLAN_ID);
  const checkout = useCheckout(format.locale);
  const [redeeming, setRedeeming] = useState(false);
  const payRef = useRef<HTMLDivElement>(null);
  const plan = findPlan(planId) ?? ACTIVE_PLANS[0];

  // A guest's wish to pay (see PayActions) holds only while they stay on this page.
  useEffect(() => clearPayIntent, []);

  const refreshAfterCredit = useCallback(() => {
    void refreshBalance();
    void queryClient.invalidateQueries({ queryKey: historyQueryKey });
  }, [queryClient, refreshBalance]);
  const clearStatus = () => setParams({}, { replace: true });

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:py-10" data-page="pricing">
      {orderId && (
        <OrderStatus
          key={orderId}
          orderId={orderId}
          format={format}
          balance={balance?.remain}
          onPaid={refreshAfterCredit}
          returnHref={returnPath}
          onContinue={onReturn}
          onClose={clearStatus}
        />
      )}
      {!orderId && canceledId && <CanceledNote onClose={clearStatus} />}

      <header className="relative text-center">
        <HeaderGlow className="from-pink/20 inset-x-0 -top-10 mx-auto h-56 max-w-2xl" />
        <p className="border-line bg-surface-2 inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-bold">
          <Sparkles className="text-pink h-3.5 w-3.5" aria-hidden />
          {t('hero.badge', { percent: MAX_SAVE_PERCENT })}
        </p>
        <h1 className="mt-4 text-2xl font-extrabold tracking-tight text-balance sm:text-[2rem]">
          {t('title')}
        </h1>
        <p className="text-muted mx-auto mt-3 max-w-2xl text-base leading-relaxed text-pretty">
          {t('hero.subtitle')}
        </p>
      </header>

      <section aria-labelledby="pay-plans" className="grid gap-4">
        <h2 id="pay-plans" className="sr-only">
          {t('plans.heading')}
        </h2>
        {plan && (
          <PlanPicker
            plans={ACTIVE_PLANS}
            selected={plan.id}
            onSelect={setPlanId}
            format={format}
            disabled={checkout.busy !== null}
          />
        )}
      </section>

      {plan && (
        <div ref={payRef} className="scroll-mt-20">
          <PayActions
            plan={plan}
            format={format}
            signedIn={signedIn}
            leaveHref={returnPath ?? getHref(format.locale, 'home')}
            onLeave={onReturn}
            onRedeem={() => setRedeeming(true)}
            checkout={checkout}
            onSelectPlan={setPlanId}
          />
        </div>
      )}
      {plan && <MobilePayBar plan={plan} format={format} target={payRef} />}

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <Benefits />
        <CostTable />
      </div>

      {signedIn && (
        <PurchaseHistory
          format={format}
          footer={
            balance?.subscription ? <CancelSubscription onCanceled={() => void refreshBalance()} /> : null
          }
        />
      )}

      <RedeemDialog open={redeeming} onOpenChange={setRedeeming} onRedeemed={refreshAfterCredit} />
    </div>
  );
}
