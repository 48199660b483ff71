import type { Purchase } from '@lumi/contract';
import { Receipt, RotateCw, Ticket } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useHistory } from '../api/get-history';
import type { PayFormat } from '../hooks/use-pay-format';

function HistoryRow({ purchase, format }: { purchase: Purchase; format: PayFormat }) {
  const { t } = useTranslation('pay');
  const redeemed = purchase.kind === 'redeem';
  const Icon = redeemed ? Ticket : Receipt;
  const what = redeemed
    ? t('history.redeemed')
    : purchase.plan
      ? t('history.plan', { name: format.planName(purchase.plan) })
      : t('history.order');
  return (
    <li className="flex items-start gap-3 py-3" data-testid="purchase-row">
      <span className="bg-surface-2 border-line grid h-9 w-9 shrink-0 place-items-center rounded-xl border">
        <Icon className="text-pink h-4 w-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
          <span>{what}</span>
          {purchase.test_mode && (
            <span className="rounded-full bg-amber-300 px-1.5 text-[10px] leading-4 font-extrabold text-black uppercase">
              {t('history.test')}
            </span>
          )}
        </p>
        <p className="text-muted mt-0.5 text-xs">
          <time dateTime={new Date(purchase.at).toISOString()}>{format.date(purchase.at)}</time>
          <span aria-hidden> · </span>
          {t('history.validUntil', { date: format.date(purchase.credits_expire_at) })}
        </p>
      </div>
      <div className="shrink-0 text-end">
        <p className="tabular font-bold">
          {t('history.credits', { count: purchase.credits, formatted: format.number(purchase.credits) })}
        </p>
        {purchase.amount_cents !== null && (
          <p className="tabular text-muted mt-0.5 text-xs">
            {format.price(purchase.amount_cents, purchase.currency ?? undefined)}
          </p>
        )}
      </div>
    </li>
  );
}

/** The signed-in user's paid orders and redeemed codes, newest first. */
export function PurchaseHistory({ format, footer }: { format: PayFormat; footer?: ReactNode }) {
  const { t } = useTranslation('pay');
  const { data, isPending, isError, refetch, isFetching } = useHistory(true);
  let body: ReactNode;
  if (isPending) {
    body = (
      <ul className="divide-line divide-y" aria-busy="true">
        {[0, 1].map((i) => (
          <li key={i} className="flex items-center gap-3 py-3">
            <span className="bg-surface-2 h-9 w-9 animate-pulse rounded-xl" />
            <span className="bg-surface-2 h-4 flex-1 animate-pulse rounded-lg" />
            <span className="bg-surface-2 h-4 w-16 animate-pulse rounded-lg" />
          </li>
        ))}
      </ul>
    );
  } else if (isError) {
    body = (
      <div className="flex flex-wrap items-center gap-3 py-2">
        <p className="text-muted text-sm">{t('history.failed')}</p>
        <Button variant="secondary" size="sm" disabled={isFetching} onClick={() => void refetch()}>
          <RotateCw className="h-4 w-4" aria-hidden />
          {t('history.retry')}
        </Button>
      </div>
    );
  } else if (data.length === 0) {
    body = <p className="text-muted py-2 text-sm">{t('history.empty')}</p>;
  } else {
    body = (
      <ul className="divide-line divide-y" data-testid="purchase-history">
        {data.map((purchase) => (
          <HistoryRow key={`${purchase.kind}-${purchase.id}`} purchase={purchase} format={format} />
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="pay-history" className="border-line bg-surface rounded-3xl border p-5 sm:p-6">
      <h2 id="pay-history" className="text-lg font-bold">
        {t('history.heading')}
      </h2>
      <div className="mt-2">{body}</div>
      {footer}
    </section>
  );
}
