import type { ApprovalState, CharacterSummary } from '@lumi/contract';
import { Check, EyeOff, Globe, Lock, Trash2, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { getHref } from '@/config/paths';
import { useLocale } from '@/hooks/use-locale';
import { formatDay } from '@/lib/format';
import { Link } from '@/lib/router';
import type { ModerationKind } from '../use-admin-characters';

/** The creator name the server sends when the creator chose to stay hidden (spec §3). */
const HIDDEN_CREATOR = 'for you';

const APPROVAL_STYLE: Record<ApprovalState, string> = {
  pending: 'border-amber-400/40 bg-amber-400/10 text-amber-300',
  approved: 'border-success/40 bg-success/10 text-success',
  rejected: 'border-danger/40 bg-danger/10 text-danger',
};

export function Badge({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex h-6 items-center gap-1 rounded-full border px-2 text-xs font-semibold whitespace-nowrap',
        className,
      )}
    >
      {children}
    </span>
  );
}

export function ApprovalBadge({ approval }: { approval: ApprovalState }) {
  const { t } = useTranslation('manage');
  return <Badge className={APPROVAL_STYLE[approval]}>{t(`approval.${approval}`)}</Badge>;
}

/** A row's buttons, in order; `doneAt`: the state in which the action has nothing left to do. */
const ROW_ACTIONS: { kind: ModerationKind; icon: LucideIcon; className: string; doneAt?: ApprovalState }[] = [
  {
    kind: 'approve',
    icon: Check,
    className: buttonClass(
      'secondary',
      'sm',
      'border-success/40! text-success! hover:bg-success/10! flex-1 lg:flex-none',
    ),
    doneAt: 'approved',
  },
  {
    kind: 'hide',
    icon: EyeOff,
    className: buttonClass('secondary', 'sm', 'flex-1 lg:flex-none'),
    doneAt: 'rejected',
  },
  {
    kind: 'delete',
    icon: Trash2,
    className: buttonClass('ghost', 'sm', 'text-danger! hover:bg-danger/10! flex-1 lg:flex-none'),
  },
];

interface ManageRowProps {
  character: CharacterSummary;
  busy: boolean;
  onAction: (kind: ModerationKind, character: CharacterSummary) => void;
}

/**
 * One character for review: avatar, name, creator, tags, badges and date, then Approve, Hide and
 * Delete. A row on large screens, a card on phones.
 */
export function ManageRow({ character: c, busy, onAction }: ManageRowProps) {
  const { t } = useTranslation('manage');
  const locale = useLocale();
  // Adult avatars stay blurred for admins who have not enabled adult content, until tapped.
  const [revealed, setRevealed] = useState(false);
  const blurred = c.need_enable_nsfw && !revealed;
  const creator =
    c.creator === HIDDEN_CREATOR || c.creator === ''
      ? t('row.creatorHidden')
      : t('row.by', { name: `\u2068${c.creator}\u2069` });

  return (
    <li
      className="border-line bg-surface flex flex-col gap-3 rounded-2xl border p-3 sm:p-4 lg:flex-row lg:items-center lg:gap-5"
      data-testid="manage-row"
      data-character-id={c.id}
    >
      <div className="flex min-w-0 flex-1 gap-3 sm:gap-4">
        <button
          type="button"
          onClick={() => setRevealed((r) => !r)}
          disabled={!c.need_enable_nsfw}
          aria-label={c.need_enable_nsfw ? t(revealed ? 'row.blurImage' : 'row.showImage') : undefined}
          aria-hidden={!c.need_enable_nsfw || undefined}
          tabIndex={c.need_enable_nsfw ? 0 : -1}
          className="bg-surface-3 relative h-20 w-16 shrink-0 overflow-hidden rounded-xl disabled:cursor-default sm:h-24 sm:w-18"
        >
          <img
            src={c.listHead || c.head}
            alt=""
            width={72}
            height={96}
            loading="lazy"
            decoding="async"
            className={cn('h-full w-full object-cover', blurred && 'scale-110 blur-md')}
          />
          {blurred && (
            <span className="absolute inset-0 grid place-items-center bg-black/30 text-xs font-extrabold text-white">
              18+
            </span>
          )}
        </button>

        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Link
              to={getHref(locale, 'characterChat', { code: String(c.id) })}
              target="_blank"
              rel="noopener"
              className="hover:text-pink min-w-0 truncate text-base font-bold"
            >
              <bdi>{c.name}</bdi>
            </Link>
            <ApprovalBadge approval={c.approval} />
          </div>
          <p className="text-muted mt-0.5 flex flex-wrap gap-x-1.5 text-sm">
            <span className="min-w-0 truncate">{creator}</span>
            <span className="text-faint" aria-hidden>
              ·
            </span>
            <time dateTime={new Date(c.create_time).toISOString()} className="tabular-nums">
              {formatDay(c.create_time)}
            </time>
          </p>
          <div className="mt-2 flex flex-wrap gap-1.5">
            {c.NSFW && <Badge className="border-pink/40 bg-pink/10 text-pink">{t('row.nsfw')}</Badge>}
            <Badge className="border-line bg-surface-2 text-muted">
              {c.visibility === 'public' ? (
                <Globe className="h-3.5 w-3.5" aria-hidden />
              ) : (
                <Lock className="h-3.5 w-3.5" aria-hidden />
              )}
              {t(`visibility.${c.visibility}`)}
            </Badge>
            {c.tags.slice(0, 4).map((tag) => (
              <span key={tag} className="bg-surface-3 text-muted rounded-full px-2 text-xs leading-6">
                {tag}
              </span>
            ))}
          </div>
          {c.desc && (
            <p dir="auto" className="text-faint mt-2 line-clamp-2 text-start text-sm leading-relaxed">
              {c.desc}
            </p>
          )}
        </div>
      </div>

      <div className="flex flex-wrap gap-2 lg:shrink-0 lg:flex-nowrap">
        {ROW_ACTIONS.map(({ kind, icon: Icon, className, doneAt }) => (
          <button
            key={kind}
            type="button"
            onClick={() => onAction(kind, c)}
            disabled={busy || c.approval === doneAt}
            className={className}
          >
            <Icon className="h-4 w-4 shrink-0" aria-hidden />
            {t(`actions.${kind}`)}
          </button>
        ))}
      </div>
    </li>
  );
}

/** Grey rows while a list of the admin area is read. */
export function ManageRowSkeletons({ count, testId }: { count: number; testId?: string }) {
  return (
    <ul className="flex flex-col gap-3" aria-hidden data-testid={testId}>
      {Array.from({ length: count }, (_, i) => (
        <RowSkeleton key={i} />
      ))}
    </ul>
  );
}

function RowSkeleton() {
  return (
    <li className="border-line bg-surface flex gap-4 rounded-2xl border p-4" aria-hidden>
      <div className="bg-surface-3 h-20 w-16 animate-pulse rounded-xl sm:h-24 sm:w-18" />
      <div className="flex-1 space-y-2 pt-1">
        <div className="bg-surface-3 h-4 w-1/3 animate-pulse rounded" />
        <div className="bg-surface-3 h-3 w-1/2 animate-pulse rounded" />
        <div className="bg-surface-3 h-3 w-2/3 animate-pulse rounded" />
      </div>
    </li>
  );
}
