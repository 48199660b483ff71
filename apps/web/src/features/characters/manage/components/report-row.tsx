import { ACTIONS_FOR, REPORT_REASONS, type ModerationActionKind, type ReportQueueItem } from '@lumi/contract';
import { Ban, EyeOff, MessageSquareQuote, RotateCcw, ShieldOff, Trash2, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { getHref } from '@/config/paths';
import { useLocale } from '@/hooks/use-locale';
import { formatDay } from '@/lib/format';
import { Badge } from './manage-row';
import { isolate } from '@/lib/bidi';
import { Link } from '@/lib/router';

/** Whether an action makes sense for the item as it is now. */
export function actionsFor(item: ReportQueueItem): ModerationActionKind[] {
  const creator = item.item.creator;
  return ACTIONS_FOR[item.target_type].filter((action) => {
    switch (action) {
      case 'hide':
        return !item.hidden && !item.gone;
      case 'restore':
        return item.hidden && !item.gone;
      case 'delete':
        return !item.gone;
      case 'ban':
        return !!creator && !creator.banned;
      case 'unban':
        return !!creator?.banned;
      case 'dismiss':
        return true;
    }
  });
}

const ACTION_ICON: Record<ModerationActionKind, ReactNode> = {
  hide: <EyeOff className="h-4 w-4 shrink-0" aria-hidden />,
  restore: <RotateCcw className="h-4 w-4 shrink-0" aria-hidden />,
  delete: <Trash2 className="h-4 w-4 shrink-0" aria-hidden />,
  ban: <Ban className="h-4 w-4 shrink-0" aria-hidden />,
  unban: <ShieldOff className="h-4 w-4 shrink-0" aria-hidden />,
  dismiss: <X className="h-4 w-4 shrink-0" aria-hidden />,
};

/** Destructive actions look it. */
const ACTION_STYLE: Partial<Record<ModerationActionKind, string>> = {
  delete: 'text-danger! hover:bg-danger/10!',
  ban: 'text-danger! hover:bg-danger/10!',
  restore: 'border-success/40! text-success! hover:bg-success/10!',
};

interface ReportRowProps {
  item: ReportQueueItem;
  busy: boolean;
  onAction: (item: ReportQueueItem, action: ModerationActionKind, note: string) => void;
}

/**
 * One reported item: what it is (picture, name, creator), how often and why it was reported, a
 * reported message's text and the reporters' notes; then a note for the log and the actions.
 */
export function ReportRow({ item, busy, onAction }: ReportRowProps) {
  const { t } = useTranslation(['manage', 'reports']);
  const locale = useLocale();
  const [note, setNote] = useState('');
  const noteId = useId();
  const { item: what, target_type: type } = item;
  const title =
    type === 'message'
      ? what.title
        ? t('reports.messageFrom', { name: isolate(what.title) })
        : t('reports.messageNoCharacter')
      : what.title || t('reports.untitled');
  const href =
    what.share_id !== null
      ? getHref(locale, 'imageShare', { shareId: what.share_id })
      : what.character_id !== null
        ? getHref(locale, 'characterChat', { code: String(what.character_id) })
        : undefined;
  const creator = what.creator;

  return (
    <li
      className="border-line bg-surface flex flex-col gap-3 rounded-2xl border p-3 sm:p-4"
      data-testid="report-row"
      data-target={`${type}:${item.target_id}`}
    >
      <div className="flex min-w-0 gap-3 sm:gap-4">
        <div className="bg-surface-3 h-20 w-16 shrink-0 overflow-hidden rounded-xl sm:h-24 sm:w-18">
          {what.image && (
            <img
              src={what.image}
              alt=""
              width={72}
              height={96}
              loading="lazy"
              decoding="async"
              className={cn('h-full w-full object-cover', what.adult && 'blur-sm')}
            />
          )}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Badge className="border-line bg-surface-2 text-muted">{t(`reports.types.${type}`)}</Badge>
            {href ? (
              <Link
                to={href}
                target="_blank"
                rel="noopener"
                className="hover:text-pink min-w-0 truncate text-base font-bold"
              >
                <bdi>{title}</bdi>
              </Link>
            ) : (
              <span className="min-w-0 truncate text-base font-bold">
                <bdi>{title}</bdi>
              </span>
            )}
            {item.hidden && (
              <Badge className="border-amber-400/40 bg-amber-400/10 text-amber-300">
                {t('reports.hidden')}
              </Badge>
            )}
            {item.gone && (
              <Badge className="border-danger/40 bg-danger/10 text-danger">{t('reports.gone')}</Badge>
            )}
          </div>
          <p className="text-muted mt-0.5 flex flex-wrap items-center gap-x-1.5 text-sm">
            <span className="min-w-0 truncate">
              {creator?.name
                ? t('row.by', { name: `\u2068${creator.name}\u2069` })
                : creator
                  ? t('row.creatorHidden')
                  : t('reports.noCreator')}
            </span>
            {creator?.banned && (
              <Badge className="border-danger/40 bg-danger/10 text-danger">{t('reports.banned')}</Badge>
            )}
            <span className="text-faint" aria-hidden>
              ·
            </span>
            <span className="tabular-nums">
              {t('reports.lastReported', { date: formatDay(item.last_reported_at) })}
            </span>
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-1.5">
            <span className="bg-pink/15 text-pink rounded-full px-2 text-xs leading-6 font-bold tabular-nums">
              {t('reports.count', { count: item.open_reports })}
            </span>
            {REPORT_REASONS.filter((r) => item.reasons[r]).map((reason) => (
              <span key={reason} className="bg-surface-3 text-muted rounded-full px-2 text-xs leading-6">
                {t(`reports:reasons.${reason}.label`)}
                {(item.reasons[reason] ?? 0) > 1 && (
                  <span className="tabular-nums"> ×{item.reasons[reason]}</span>
                )}
              </span>
            ))}
          </div>
          {what.text && type !== 'share' && (
            <p dir="auto" className="text-faint mt-2 line-clamp-2 text-start text-sm leading-relaxed">
              {what.text}
            </p>
          )}
        </div>
      </div>

      {item.excerpt && (
        <figure className="border-line bg-surface-2 rounded-xl border px-3 py-2">
          <figcaption className="text-muted flex items-center gap-1.5 text-xs font-semibold">
            <MessageSquareQuote className="h-3.5 w-3.5" aria-hidden />
            {t('reports.excerpt')}
          </figcaption>
          <blockquote
            dir="auto"
            className="mt-1 max-h-40 overflow-y-auto text-sm leading-relaxed whitespace-pre-wrap"
          >
            {item.excerpt}
          </blockquote>
        </figure>
      )}
      {item.details.length > 0 && (
        <div>
          <p className="text-muted text-xs font-semibold">{t('reports.notes')}</p>
          <ul className="mt-1 grid gap-1">
            {item.details.map((text, i) => (
              <li
                key={i}
                dir="auto"
                className="text-fg/90 border-line border-s-2 ps-2 text-sm leading-relaxed"
              >
                {text}
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="flex flex-col gap-2 lg:flex-row lg:items-center">
        <label htmlFor={noteId} className="sr-only">
          {t('reports.notePlaceholder')}
        </label>
        <input
          id={noteId}
          type="text"
          dir="auto"
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.target.value)}
          placeholder={t('reports.notePlaceholder')}
          className="border-line bg-surface-2 placeholder:text-faint focus:border-violet h-9 min-w-0 rounded-full border px-4 text-sm outline-none lg:flex-1"
        />
        <div className="flex flex-wrap gap-2">
          {actionsFor(item).map((action) => (
            <button
              key={action}
              type="button"
              disabled={busy}
              onClick={() => onAction(item, action, note.trim())}
              className={buttonClass(
                action === 'delete' || action === 'ban' ? 'ghost' : 'secondary',
                'sm',
                cn('flex-1 lg:flex-none', ACTION_STYLE[action]),
              )}
              data-action={action}
            >
              {ACTION_ICON[action]}
              {t(`reports.actions.${action}`)}
            </button>
          ))}
        </div>
      </div>
    </li>
  );
}

/** For the log: an action's icon. */
export function actionIcon(action: ModerationActionKind | 'auto_hide'): ReactNode {
  return ACTION_ICON[action === 'auto_hide' ? 'hide' : action];
}
