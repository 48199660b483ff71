import type { Order } from '@lumi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Bitcoin, CreditCard, FlaskConical, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertText } from '@/components/ui/alert-text';
import { Button, buttonClass } from '@/components/ui/button';
import { getHref } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorMessage } from '@/lib/api-client';
import { Link, useNavigate, useSearchParams } from '@/lib/router';
import { orderQueryKey, useOrder } from './api/get-order';
import { submitTestCheckout, type TestOutcome } from './api/test-checkout';
import { usePayFormat, type PayFormat } from './hooks/use-pay-format';
import { pricingReturnHref } from './lib/urls';

function Card({ children }: { children: ReactNode }) {
  return <div className="border-line bg-surface rounded-3xl border p-5 sm:p-6">{children}</div>;
}

function BackToPlans({ href }: { href: string }) {
  const { t } = useTranslation('pay');
  return (
    <Link to={href} className={buttonClass('secondary', 'md', 'mt-4')}>
      <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
      {t('checkout.back')}
    </Link>
  );
}

/**
 * /pay-test-checkout?order=<id>: the built-in checkout of test mode, standing in for the
 * provider's page. Paying or canceling answers like a provider would, then goes back to
 * /pay-view with the outcome.
 */
export default function TestCheckoutPage() {
  const { t } = useTranslation('pay');
  const { t: tPages } = useTranslation('pages');
  useDocumentTitle(tPages('testCheckout.title'));
  const format = usePayFormat();
  const [params] = useSearchParams();
  const orderId = params.get('order');
  return (
    <div className="mx-auto grid max-w-lg grid-cols-1 gap-5 px-4 py-6 sm:py-10" data-page="test-checkout">
      <div
        role="note"
        className="rounded-3xl border-2 border-dashed border-amber-300/60 bg-amber-300/10 p-5 text-center"
        data-testid="test-mode-banner"
      >
        <p className="flex items-center justify-center gap-2 text-2xl font-black tracking-widest text-amber-200">
          <FlaskConical className="h-6 w-6" aria-hidden />
          {t('checkout.banner')}
        </p>
        <p className="mt-2 text-sm leading-relaxed text-amber-100/90 text-pretty">
          {t('checkout.bannerBody')}
        </p>
      </div>
      <h1 className="text-xl font-bold">{t('checkout.heading')}</h1>
      {orderId ? (
        <TestOrder key={orderId} orderId={orderId} format={format} />
      ) : (
        <Card>
          <p className="text-muted">{t('checkout.missing')}</p>
          <BackToPlans href={getHref(format.locale, 'pricing')} />
        </Card>
      )}
    </div>
  );
}

function TestOrder({ orderId, format }: { orderId: string; format: PayFormat }) {
  const { t } = useTranslation('pay');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: order, error, isPending } = useOrder(orderId);
  const submit = useMutation({
    mutationFn: ({ order, outcome }: { order: Order; outcome: TestOutcome }) =>
      submitTestCheckout(order.id, outcome),
    onSuccess: (result, { order, outcome }) => {
      queryClient.setQueryData(orderQueryKey(order.id), result);
      navigate(pricingReturnHref(format.locale, outcome === 'pay' ? 'order' : 'canceled', order.id));
    },
  });
  // Stays busy once done: the page is on its way back to the plans.
  const busy: TestOutcome | null = submit.isPending || submit.isSuccess ? submit.variables.outcome : null;
  const failure = submit.error ? errorMessage(submit.error, t('checkout.payFailed')) : '';
  const plansHref = getHref(format.locale, 'pricing');

  if (isPending) {
    return (
      <Card>
        <div className="grid gap-3" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="bg-surface-2 h-5 animate-pulse rounded-lg" />
          ))}
        </div>
      </Card>
    );
  }
  if (!order) {
    return (
      <Card>
        <p role="alert" className="text-muted">
          {errorMessage(error, t('checkout.failed'))}
        </p>
        <BackToPlans href={plansHref} />
      </Card>
    );
  }

  const price = format.price(order.amount_cents, order.currency);
  const MethodIcon = order.method === 'card' ? CreditCard : Bitcoin;
  return (
    <Card>
      <dl className="divide-line grid divide-y text-sm" data-testid="test-order">
        <Row label={t('checkout.plan')}>{format.planName(order.plan)}</Row>
        <Row label={t('checkout.credits')}>{format.credits(order.credits)}</Row>
        <Row label={t('checkout.method')}>
          <span className="inline-flex items-center gap-1.5">
            <MethodIcon className="h-4 w-4" aria-hidden />
            {t(`checkout.methods.${order.method}`)}
          </span>
        </Row>
        <Row label={t('checkout.price')}>
          <span className="text-lg font-extrabold">{price}</span>
        </Row>
      </dl>
      {order.status === 'pending' ? (
        <>
          <div className="mt-5 flex flex-col-reverse gap-3 sm:grid sm:grid-cols-[1fr_2fr]">
            <Button
              variant="secondary"
              size="lg"
              disabled={busy !== null}
              onClick={() => submit.mutate({ order, outcome: 'cancel' })}
            >
              {busy === 'cancel' && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
              {t('checkout.cancel')}
            </Button>
            <Button
              size="lg"
              disabled={busy !== null}
              onClick={() => submit.mutate({ order, outcome: 'pay' })}
            >
              {busy === 'pay' && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
              {t('checkout.pay', { price })}
            </Button>
          </div>
          <AlertText message={failure} className="mt-3" />
        </>
      ) : (
        <>
          <p className="mt-5 font-semibold" role="status">
            {order.status === 'paid' ? t('checkout.paid') : t('checkout.canceled')}
          </p>
          <BackToPlans
            href={order.status === 'paid' ? pricingReturnHref(format.locale, 'order', order.id) : plansHref}
          />
        </>
      )}
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <dt className="text-muted">{label}</dt>
      <dd className="tabular text-end font-semibold">{children}</dd>
    </div>
  );
}
