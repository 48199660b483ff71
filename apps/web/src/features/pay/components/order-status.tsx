import type { Order } from '@lumi/contract';
import { ArrowRight, CircleCheck, Info, Loader2, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { errorMessage } from '@/lib/api-client';
import { Link } from '@/lib/router';
import { useOrder } from '../api/get-order';
import type { PayFormat } from '../hooks/use-pay-format';
import { DelayNotice } from './delay-notice';

/** Spec: ask every 2 s while the payment is pending, and give up after 15 minutes. */
export const ORDER_POLL_MS = 2_000;
export const ORDER_POLL_LIMIT_MS = 15 * 60_000;

function Panel({ tone, icon, children }: { tone: 'info' | 'success'; icon: ReactNode; children: ReactNode }) {
  return (
    <section
      aria-live="polite"
      data-testid="order-status"
      className={cn(
        'flex items-start gap-3 rounded-3xl border p-4 sm:p-5',
        tone === 'success' ? 'border-success/40 bg-success/10' : 'border-line bg-surface',
      )}
    >
      <span className="mt-0.5 shrink-0">{icon}</span>
      <div className="min-w-0 flex-1">{children}</div>
    </section>
  );
}

interface OrderStatusProps {
  orderId: string;
  format: PayFormat;
  /** The balance to show once paid (the credits query, refreshed by `onPaid`). */
  balance: number | undefined;
  onPaid: (order: Order) => void;
  /** The page to go back to after paying, when the user came from one. */
  returnHref: string | null;
  onContinue: () => void;
  onClose: () => void;
}

/** After a checkout (`?order=<id>`): waits for the payment to be confirmed, then shows the credits. */
export function OrderStatus({
  orderId,
  format,
  balance,
  onPaid,
  returnHref,
  onContinue,
  onClose,
}: OrderStatusProps) {
  const { t } = useTranslation('pay');
  const [until] = useState(() => Date.now() + ORDER_POLL_LIMIT_MS);
  const { data: order, error, isPending } = useOrder(orderId, { intervalMs: ORDER_POLL_MS, until });
  const [expired, setExpired] = useState(false);
  const reported = useRef(false);

  const status = order?.status;
  useEffect(() => {
    if (status !== 'pending') return;
    const timer = window.setTimeout(() => setExpired(true), Math.max(0, until - Date.now()));
    return () => window.clearTimeout(timer);
  }, [status, until]);

  useEffect(() => {
    if (order?.status === 'paid' && !reported.current) {
      reported.current = true;
      onPaid(order);
    }
  }, [order, onPaid]);

  if (isPending) {
    return (
      <Panel tone="info" icon={<Loader2 className="text-violet h-5 w-5 animate-spin" aria-hidden />}>
        <p className="font-semibold">{t('status.pending')}</p>
      </Panel>
    );
  }
  if (!order) {
    return (
      <Panel tone="info" icon={<Info className="text-muted h-5 w-5" aria-hidden />}>
        <p className="font-semibold">{errorMessage(error, t('status.failed'))}</p>
        <DelayNotice className="mt-1" />
      </Panel>
    );
  }
  if (order.status === 'canceled') {
    return (
      <Panel tone="info" icon={<Info className="text-muted h-5 w-5" aria-hidden />}>
        <p className="font-semibold">{t('status.canceled')}</p>
      </Panel>
    );
  }
  if (order.status === 'pending') {
    return (
      <Panel
        tone="info"
        icon={
          expired ? (
            <Info className="text-muted h-5 w-5" aria-hidden />
          ) : (
            <Loader2 className="text-violet h-5 w-5 animate-spin" aria-hidden />
          )
        }
      >
        <p className="font-semibold">{expired ? t('status.slow') : t('status.pending')}</p>
        <DelayNotice className="mt-1" />
      </Panel>
    );
  }
  return (
    <Panel tone="success" icon={<CircleCheck className="text-success h-6 w-6" aria-hidden />}>
      <p className="font-bold">
        {t('status.paid', {
          count: order.credits,
          formatted: format.number(order.credits),
          date: order.credits_expire_at === null ? '—' : format.date(order.credits_expire_at),
        })}
        {order.test_mode && (
          <span className="ms-2 inline-block rounded-full bg-amber-300 px-1.5 align-middle text-[10px] leading-4 font-extrabold text-black uppercase">
            {t('history.test')}
          </span>
        )}
      </p>
      {balance !== undefined && (
        <p className="text-muted mt-1 text-sm" data-testid="order-balance">
          {t('status.balance', { balance: format.credits(balance) })}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {returnHref ? (
          <Link to={returnHref} onClick={onContinue} className={buttonClass('primary', 'sm')}>
            {t('status.continue')}
            <ArrowRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
          </Link>
        ) : (
          <Button variant="secondary" size="sm" onClick={onClose}>
            <X className="h-4 w-4" aria-hidden />
            {t('status.close')}
          </Button>
        )}
      </div>
    </Panel>
  );
}

/** After a canceled checkout (`?canceled=<id>`): a neutral note. */
export function CanceledNote({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('pay');
  return (
    <Panel tone="info" icon={<Info className="text-muted h-5 w-5" aria-hidden />}>
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold">{t('status.canceled')}</p>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('status.close')}
          className="text-muted hover:bg-surface-2 hover:text-fg -m-1.5 grid h-8 w-8 shrink-0 place-items-center rounded-full"
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      </div>
    </Panel>
  );
}
