import { Ban, CheckCircle2, SearchX, ShieldX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMore, type PagedQuery } from '@/components/load-more';
import { Button, buttonClass } from '@/components/ui/button';
import { getHref } from '@/config/paths';
import { useLocale } from '@/hooks/use-locale';
import { Link } from '@/lib/router';

/** A whole-panel state of the admin area: an icon, a title, a line, an action. */
export function StatePanel({
  icon,
  title,
  body,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  body?: string;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className="border-line bg-surface/60 rounded-3xl border px-6 py-12 text-center sm:py-16"
      data-testid={testId}
      role="status"
    >
      <div className="flex justify-center">{icon}</div>
      <p className="mt-4 text-lg font-bold text-balance">{title}</p>
      {body && <p className="text-muted mx-auto mt-2 max-w-md text-sm leading-relaxed text-pretty">{body}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

/** The foot of an admin list: "More" while pages follow, then the line that says it ends. */
export function ListFoot({
  query,
  className = 'text-faint mt-6 text-sm',
}: {
  query: PagedQuery;
  className?: string;
}) {
  const { t } = useTranslation('manage');
  return <LoadMore query={query} more={t('list.loadMore')} end={t('list.end')} className={className} />;
}

function BackHome() {
  const { t } = useTranslation('manage');
  const locale = useLocale();
  return (
    <Link to={getHref(locale, 'home')} className={buttonClass('secondary')}>
      {t('states.backHome')}
    </Link>
  );
}

export function AdminsOnly() {
  const { t } = useTranslation('manage');
  return (
    <StatePanel
      testId="admins-only"
      icon={<ShieldX className="text-pink h-12 w-12" aria-hidden />}
      title={t('states.adminsOnlyTitle')}
      body={t('states.adminsOnlyBody')}
      action={<BackHome />}
    />
  );
}

/** The server's own words ('manage_blocked', translated): management is off on this host. */
export function ManageBlocked({ message }: { message: string }) {
  const { t } = useTranslation('manage');
  return (
    <StatePanel
      testId="manage-blocked"
      icon={<Ban className="text-danger h-12 w-12" aria-hidden />}
      title={message || t('states.blockedTitle')}
      action={<BackHome />}
    />
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('manage');
  return (
    <StatePanel
      testId="load-failed"
      icon={<TriangleAlert className="text-faint h-10 w-10" aria-hidden />}
      title={t('states.errorTitle')}
      action={
        <Button variant="secondary" onClick={onRetry}>
          {t('states.retry')}
        </Button>
      }
    />
  );
}

export function QueueEmpty() {
  const { t } = useTranslation('manage');
  return (
    <StatePanel
      testId="queue-empty"
      icon={<CheckCircle2 className="text-success h-12 w-12" aria-hidden />}
      title={t('states.queueEmptyTitle')}
      body={t('states.queueEmptyBody')}
    />
  );
}

export function NoMatches() {
  const { t } = useTranslation('manage');
  return (
    <StatePanel
      testId="no-matches"
      icon={<SearchX className="text-faint h-10 w-10" aria-hidden />}
      title={t('states.noMatchesTitle')}
      body={t('states.noMatchesBody')}
    />
  );
}
