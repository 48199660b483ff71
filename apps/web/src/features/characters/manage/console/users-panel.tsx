import { OPERATOR_LIMITS, type OperatorOrder } from '@lumi/contract';
import { Ban, ChevronLeft, ChevronRight, Minus, Plus, ShieldCheck, UserSearch } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Input, Label } from '@/components/ui/input';
import { SearchInput } from '@/components/ui/search-input';
import { formatInteger } from '@/lib/intl';
import { LoadFailed, StatePanel } from '../components/manage-states';
import { ManageRowSkeletons } from '../components/manage-row';
import { money, utc } from './format';
import { useBan, useCreditsChange, useRefund, useUserDetail, useUserSearch } from './operator-api';
import type { ReasonRequest } from './reason-dialog';

type Ask = (request: ReasonRequest) => void;

const card = 'border-line bg-surface rounded-2xl border p-4';

/** Find a user by email or id, then their account, credits, ledger and orders. */
export function UsersPanel({ ask }: { ask: Ask }) {
  const { t } = useTranslation('console');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<string>();
  const search = useUserSearch(q);
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setQ(text.trim());
    setSelected(undefined);
  };
  const users = search.data?.users ?? [];
  const chosen = selected ?? (users.length === 1 ? users[0]!.id : undefined);
  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={onSearch} className="flex gap-2" role="search">
        <div className="relative flex-1">
          <SearchInput
            data-testid="operator-search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={254}
            placeholder={t('users.searchPlaceholder')}
            dir="auto"
          />
        </div>
        <Button type="submit" size="sm" className="h-10 shrink-0 px-4">
          {t('users.search')}
        </Button>
      </form>
      {q === '' ? (
        <StatePanel
          icon={<UserSearch className="text-faint h-10 w-10" aria-hidden />}
          title={t('users.startTitle')}
          body={t('users.startBody')}
        />
      ) : search.isPending ? (
        <ManageRowSkeletons count={2} />
      ) : search.isError ? (
        <LoadFailed onRetry={() => void search.refetch()} />
      ) : users.length === 0 ? (
        <StatePanel
          icon={<UserSearch className="text-faint h-10 w-10" aria-hidden />}
          title={t('users.noneTitle')}
          body={t('users.noneBody')}
        />
      ) : (
        <>
          {users.length > 1 && (
            <ul className="flex flex-col gap-2" aria-label={t('users.results')}>
              {users.map((u) => (
                <li key={u.id}>
                  <button
                    type="button"
                    data-testid="operator-result"
                    aria-pressed={chosen === u.id}
                    onClick={() => setSelected(u.id)}
                    className={cn(
                      'border-line bg-surface hover:bg-surface-2 flex w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border px-3 py-2 text-start text-sm',
                      chosen === u.id && 'border-violet',
                    )}
                  >
                    <bdi className="font-semibold">{u.email ?? t('users.noEmail')}</bdi>
                    <span className="text-faint font-mono text-xs" dir="ltr">
                      {u.id}
                    </span>
                    {u.banned && (
                      <span className="text-xs font-semibold text-red-400">{t('users.banned')}</span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {chosen && <UserDetail key={chosen} id={chosen} ask={ask} />}
        </>
      )}
    </div>
  );
}

function UserDetail({ id, ask }: { id: string; ask: Ask }) {
  const { t, i18n } = useTranslation('console');
  const [page, setPage] = useState(1);
  const detail = useUserDetail(id, page);
  const ban = useBan();
  if (detail.isPending) return <ManageRowSkeletons count={3} />;
  if (detail.isError) return <LoadFailed onRetry={() => void detail.refetch()} />;
  const d = detail.data;
  const n = (value: number) => formatInteger(value, i18n.language);
  const banned = d.user.banned_at !== null;
  return (
    <div className="flex flex-col gap-4" data-testid="operator-user">
      <section className={cn(card, 'flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between')}>
        <div className="min-w-0">
          <h2 className="flex flex-wrap items-center gap-2 text-base font-bold">
            <bdi className="min-w-0 break-all">{d.user.email ?? t('users.noEmail')}</bdi>
            {d.user.is_admin && (
              <span className="bg-surface-3 inline-flex items-center gap-1 rounded-full px-2 text-xs leading-5">
                <ShieldCheck className="h-3.5 w-3.5" aria-hidden />
                {t('users.admin')}
              </span>
            )}
            {banned && (
              <span className="rounded-full bg-red-500/15 px-2 text-xs leading-5 text-red-300">
                {t('users.banned')}
              </span>
            )}
            {d.user.deleted && (
              <span className="bg-surface-3 rounded-full px-2 text-xs leading-5">{t('users.deleted')}</span>
            )}
          </h2>
          <p className="text-faint mt-1 font-mono text-xs break-all" dir="ltr">
            {d.user.id}
          </p>
          <p className="text-muted mt-1 text-xs">
            {t('users.joined', { date: utc(d.user.created_at) })}
            {banned && ` · ${t('users.bannedAt', { date: utc(d.user.banned_at) })}`}
          </p>
        </div>
        {!d.user.deleted && !d.user.is_admin && (
          <Button
            variant="secondary"
            size="sm"
            className="shrink-0 self-start"
            data-testid="operator-ban"
            onClick={() =>
              ask({
                title: banned ? t('ban.unbanTitle') : t('ban.banTitle'),
                body: banned ? t('ban.unbanBody') : t('ban.banBody'),
                confirm: banned ? t('ban.unban') : t('ban.ban'),
                danger: !banned,
                onConfirm: (reason) => ban.mutateAsync({ user_id: id, banned: !banned, reason }),
              })
            }
          >
            <Ban className="h-4 w-4" aria-hidden />
            {banned ? t('ban.unban') : t('ban.ban')}
          </Button>
        )}
      </section>

      <DetailSection id="operator-balance" title={t('credits.balance')}>
        <dl className="mt-2 grid grid-cols-3 gap-2">
          {(['remain', 'free', 'paid'] as const).map((k) => (
            <div key={k} className="bg-surface-2 rounded-xl px-3 py-2">
              <dt className="text-muted text-xs">{t(`credits.${k}`)}</dt>
              <dd className="text-lg font-bold tabular-nums" data-testid={`balance-${k}`}>
                {n(d.balance[k])}
              </dd>
            </div>
          ))}
        </dl>
        {!d.user.deleted && <CreditsForm userId={id} ask={ask} />}
        {d.buckets.length > 0 && (
          <details className="mt-3 text-sm">
            <summary className="text-muted cursor-pointer text-xs">
              {t('credits.buckets', { n: d.buckets.length })}
            </summary>
            <ul className="mt-2 flex flex-col gap-1">
              {d.buckets.map((b) => (
                <li key={b.id} className={cn('flex flex-wrap gap-x-3 text-xs', b.expired && 'text-faint')}>
                  <span className="font-semibold">{t(`credits.sources.${sourceKey(b.source)}`)}</span>
                  <span className="tabular-nums">
                    {n(b.remaining)} / {n(b.amount)}
                  </span>
                  <span className="text-muted" dir="ltr">
                    {t(b.expired ? 'credits.expired' : 'credits.expires', { date: utc(b.expires_at) })}
                  </span>
                </li>
              ))}
            </ul>
          </details>
        )}
      </DetailSection>

      <DetailSection id="operator-orders" title={t('orders.title')}>
        {d.orders.length === 0 ? (
          <p className="text-muted mt-2 text-sm">{t('orders.none')}</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2">
            {d.orders.map((o) => (
              <OrderRow key={o.id} order={o} ask={ask} />
            ))}
          </ul>
        )}
      </DetailSection>

      <DetailSection id="operator-ledger" title={t('ledger.title')}>
        {d.ledger.entries.length === 0 ? (
          <p className="text-muted mt-2 text-sm">{t('ledger.none')}</p>
        ) : (
          <ul className="mt-2 flex flex-col divide-y divide-white/5 text-sm" data-testid="operator-ledger">
            {d.ledger.entries.map((e) => (
              <li key={e.id} className="flex items-baseline gap-3 py-1.5">
                <span
                  className={cn(
                    'w-16 shrink-0 text-end font-semibold tabular-nums',
                    e.delta > 0 ? 'text-emerald-400' : 'text-red-300',
                  )}
                  dir="ltr"
                >
                  {e.delta > 0 ? '+' : '−'}
                  {n(Math.abs(e.delta))}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="font-semibold">{t(`ledger.kinds.${e.kind}`)}</span>{' '}
                  <bdi className="text-muted break-words">{e.reason}</bdi>
                </span>
                <time className="text-faint hidden shrink-0 text-xs sm:inline" dir="ltr">
                  {utc(e.created_at)}
                </time>
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} hasMore={d.ledger.has_more} onPage={setPage} />
      </DetailSection>
    </div>
  );
}

const SOURCES = ['daily', 'order', 'redeem', 'admin'] as const;
const sourceKey = (source: string) => ((SOURCES as readonly string[]).includes(source) ? source : 'other');

/** One titled card of the user's detail (balance, orders, ledger). */
function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={card} aria-labelledby={id}>
      <h3 id={id} className="text-muted text-xs font-semibold tracking-wide uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

export function Pager({
  page,
  hasMore,
  onPage,
}: {
  page: number;
  hasMore: boolean;
  onPage: (p: number) => void;
}) {
  const { t } = useTranslation('console');
  if (page === 1 && !hasMore) return null;
  return (
    <div className="mt-3 flex items-center justify-center gap-2 text-sm">
      <Button variant="ghost" size="sm" disabled={page === 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="h-4 w-4 rtl:rotate-180" aria-hidden />
        {t('pager.newer')}
      </Button>
      <span className="text-muted tabular-nums">{t('pager.page', { page })}</span>
      <Button variant="ghost" size="sm" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('pager.older')}
        <ChevronRight className="h-4 w-4 rtl:rotate-180" aria-hidden />
      </Button>
    </div>
  );
}

function CreditsForm({ userId, ask }: { userId: string; ask: Ask }) {
  const { t } = useTranslation('console');
  const [action, setAction] = useState<'grant' | 'take_back'>('grant');
  const [amount, setAmount] = useState('');
  const change = useCreditsChange();
  const value = Number(amount);
  const valid = Number.isInteger(value) && value >= 1 && value <= OPERATOR_LIMITS.maxCredits;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    const grant = action === 'grant';
    ask({
      title: t(grant ? 'credits.grantTitle' : 'credits.takeBackTitle', { n: value }),
      body: t(grant ? 'credits.grantBody' : 'credits.takeBackBody', { days: OPERATOR_LIMITS.grantDays }),
      confirm: t(grant ? 'credits.grant' : 'credits.takeBack'),
      danger: !grant,
      onConfirm: async (reason) => {
        await change.mutateAsync({ user_id: userId, action, amount: value, reason });
        setAmount('');
      },
    });
  };
  return (
    <form onSubmit={onSubmit} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
      <div
        className="border-line bg-surface-2 flex rounded-full border p-1"
        role="group"
        aria-label={t('credits.action')}
      >
        {(['grant', 'take_back'] as const).map((a) => (
          <button
            key={a}
            type="button"
            aria-pressed={action === a}
            onClick={() => setAction(a)}
            className={cn(
              'flex h-8 flex-1 items-center justify-center gap-1 rounded-full px-3 text-sm font-semibold whitespace-nowrap',
              action === a ? 'bg-fg text-bg' : 'text-muted hover:text-fg',
            )}
          >
            {a === 'grant' ? (
              <Plus className="h-4 w-4" aria-hidden />
            ) : (
              <Minus className="h-4 w-4" aria-hidden />
            )}
            {t(a === 'grant' ? 'credits.grant' : 'credits.takeBack')}
          </button>
        ))}
      </div>
      <div className="flex flex-1 flex-col gap-1">
        <Label htmlFor="credits-amount" className="sr-only">
          {t('credits.amount')}
        </Label>
        <Input
          id="credits-amount"
          data-testid="credits-amount"
          inputMode="numeric"
          dir="ltr"
          value={amount}
          onChange={(e) => setAmount(e.target.value.replace(/[^\d]/g, '').slice(0, 7))}
          placeholder={t('credits.amount')}
          className="h-10"
        />
      </div>
      <Button
        type="submit"
        size="sm"
        className="h-10 shrink-0 px-4"
        disabled={!valid}
        data-testid="credits-submit"
      >
        {t('credits.continue')}
      </Button>
    </form>
  );
}

function OrderRow({ order: o, ask }: { order: OperatorOrder; ask: Ask }) {
  const { t, i18n } = useTranslation('console');
  const refund = useRefund();
  return (
    <li
      className="bg-surface-2 flex flex-col gap-2 rounded-xl p-3 text-sm sm:flex-row sm:items-center"
      data-testid="operator-order"
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-semibold" dir="ltr">
            {money(o.amount_cents, o.currency, i18n.language)}
          </span>
          <span className="text-muted">{t('orders.credits', { n: o.credits })}</span>
          <span className={cn('rounded-full px-2 text-xs leading-5', STATUS_CLASS[o.status])}>
            {t(`orders.status.${o.status}`)}
          </span>
          <span className="text-muted text-xs">{t(`orders.method.${o.method}`)}</span>
          {o.test_mode && <span className="text-xs text-amber-300">{t('orders.test')}</span>}
        </p>
        <p className="text-faint mt-0.5 text-xs break-all" dir="ltr">
          {utc(o.paid_at ?? o.created_at)} · {o.provider_state ?? '—'} ·{' '}
          {o.payment_ref ?? o.provider_ref ?? o.id}
          {o.refund_ref ? ` · ${o.refund_ref}` : ''}
        </p>
      </div>
      {o.status === 'paid' && (
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0 self-start sm:self-center"
          onClick={() =>
            ask({
              title: t('orders.refundTitle'),
              body: t(`orders.refundBody.${o.refund_via}`, { n: o.credits }),
              confirm: t('orders.refund'),
              danger: true,
              onConfirm: (reason) => refund.mutateAsync({ order_id: o.id, reason }),
            })
          }
        >
          {t('orders.refund')}
        </Button>
      )}
    </li>
  );
}

const STATUS_CLASS: Record<OperatorOrder['status'], string> = {
  pending: 'bg-surface-3 text-muted',
  paid: 'bg-emerald-500/15 text-emerald-300',
  canceled: 'bg-surface-3 text-faint',
  refunded: 'bg-amber-500/15 text-amber-300',
};
