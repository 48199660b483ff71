import { APPROVAL_STATES, type ApprovalState, type CharacterSummary } from '@lumi/contract';
import { useMutationState } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { SearchInput } from '@/components/ui/search-input';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { confirmDialog } from '../character-dialog-store';
import { CharacterDialogHost } from '../components/character-dialog-host';
import { resolveAccess, isForbidden } from './access';
import {
  AdminsOnly,
  ListFoot,
  LoadFailed,
  ManageBlocked,
  NoMatches,
  QueueEmpty,
} from './components/manage-states';
import { ManageRow, ManageRowSkeletons } from './components/manage-row';
import { LogPanel } from './components/log-panel';
import { ReportsPanel } from './components/reports-panel';
import { flattenPages } from './list-updates';
import { useSafetyCounts } from './use-reports';
import {
  moderationKey,
  useAllCharacters,
  useModeration,
  useReviewQueue,
  type ModerationAction,
  type ModerationKind,
} from './use-admin-characters';
import { isolate } from '@/lib/bidi';
import { useSearchParams } from '@/lib/router';

const TABS = ['queue', 'all', 'reports', 'log', 'console'] as const;
// The operator console (issue 23) is its own chunk, with its own strings: only admins who open it fetch it.
const OperatorConsole = lazy(() => import('./console/operator-console'));
type Tab = (typeof TABS)[number];
const NAME_DEBOUNCE_MS = 400;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * Character moderation for admins (spec §2 "admin management", §4 approval): the queue of public
 * characters waiting for review, and every character with an approval filter and a name search.
 */
export default function ManageCharacterPage() {
  const { t } = useTranslation('manage');
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((id) => id === params.get('tab')) ?? 'queue';
  const [approval, setApproval] = useState<ApprovalState | undefined>(undefined);
  const [name, setName] = useState('');
  const query = useDebounced(name.trim(), NAME_DEBOUNCE_MS);

  const queue = useReviewQueue();
  // Loaded once the caller is known to be an admin; its answer also tells a blocked host.
  const all = useAllCharacters(approval, query, queue.isSuccess);
  const [blockedMessage, setBlockedMessage] = useState<string>();
  const access = blockedMessage
    ? ({ state: 'blocked', message: blockedMessage } as const)
    : resolveAccess(queue.error, queue.isSuccess, all.error);

  const onForbidden = useCallback((error: unknown) => {
    if (isForbidden(error)) setBlockedMessage(error.message);
  }, []);
  const moderation = useModeration(onForbidden);
  // The Reports tab's badge: items with open reports (issue 18).
  const counts = useSafetyCounts(queue.isSuccess);
  const busyIds = useMutationState({
    filters: { mutationKey: moderationKey, status: 'pending' },
    select: (m) => (m.state.variables as ModerationAction | undefined)?.character.id,
  });

  const onAction = async (kind: ModerationKind, character: CharacterSummary) => {
    if (kind === 'delete') {
      const yes = await confirmDialog({
        title: t('delete.title', { name: isolate(character.name) }),
        body: t('delete.body'),
        confirm: t('delete.confirm'),
        danger: true,
      });
      if (!yes) return;
    }
    moderation.mutate({ kind, character });
  };

  const setTab = (next: Tab) => setParams(next === 'queue' ? {} : { tab: next }, { replace: true });

  const current = tab === 'queue' ? queue : all;
  const items = flattenPages(current.data);
  const queueCount = queue.data?.pages[0]?.total_count;
  // The tab counts everything; a filtered count would read as the total.
  const allCount =
    approval === undefined && query === '' && !all.isPlaceholderData
      ? all.data?.pages[0]?.total_count
      : undefined;

  let body;
  switch (access.state) {
    case 'checking':
      body = <ManageRowSkeletons count={4} testId="manage-skeleton" />;
      break;
    case 'notAdmin':
      body = <AdminsOnly />;
      break;
    case 'blocked':
      body = <ManageBlocked message={access.message} />;
      break;
    case 'error':
      body = <LoadFailed onRetry={() => void queue.refetch()} />;
      break;
    case 'admin':
      body = (
        <>
          <div
            role="tablist"
            aria-label={t('title')}
            className="border-line bg-surface flex w-full flex-wrap gap-1 rounded-2xl border p-1 sm:w-auto sm:flex-nowrap sm:self-start sm:rounded-full"
          >
            {TABS.map((id) => {
              const count =
                id === 'queue'
                  ? queueCount
                  : id === 'all'
                    ? allCount
                    : id === 'reports'
                      ? counts.data?.open_reports.items
                      : undefined;
              const selected = tab === id;
              return (
                <button
                  key={id}
                  type="button"
                  role="tab"
                  id={`manage-tab-${id}`}
                  aria-selected={selected}
                  aria-controls="manage-panel"
                  onClick={() => setTab(id)}
                  className={cn(
                    'flex min-h-10 min-w-0 flex-1 basis-[30%] items-center justify-center gap-1.5 rounded-xl px-3 py-1.5 text-center text-sm leading-tight font-semibold text-balance transition-colors duration-150 sm:flex-none sm:basis-auto sm:gap-2 sm:rounded-full sm:px-4 sm:whitespace-nowrap',
                    selected ? 'bg-accent text-white' : 'text-muted hover:text-fg hover:bg-surface-2',
                  )}
                >
                  <span>{t(`tabs.${id}`)}</span>
                  {count !== undefined && (
                    <span
                      className={cn(
                        'shrink-0 rounded-full px-1.5 text-xs leading-5 tabular-nums',
                        selected ? 'bg-white/20' : 'bg-surface-3',
                      )}
                    >
                      {count}
                    </span>
                  )}
                </button>
              );
            })}
          </div>

          <div id="manage-panel" role="tabpanel" aria-labelledby={`manage-tab-${tab}`} className="mt-5">
            {tab === 'console' ? (
              <Suspense fallback={<ManageRowSkeletons count={3} />}>
                <OperatorConsole />
              </Suspense>
            ) : tab === 'reports' ? (
              <ReportsPanel onForbidden={onForbidden} />
            ) : tab === 'log' ? (
              <LogPanel onForbidden={onForbidden} />
            ) : (
              <>
                {tab === 'all' && (
                  <div className="mb-4 flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
                    <div
                      className="-mx-4 flex gap-2 overflow-x-auto px-4 md:mx-0 md:px-0"
                      role="group"
                      aria-label={t('filter.label')}
                    >
                      {[undefined, ...APPROVAL_STATES].map((state) => {
                        const selected = approval === state;
                        return (
                          <button
                            key={state ?? 'any'}
                            type="button"
                            aria-pressed={selected}
                            onClick={() => setApproval(state)}
                            className={cn(
                              'h-9 shrink-0 rounded-full border px-3.5 text-sm font-semibold whitespace-nowrap transition-colors duration-150',
                              selected
                                ? 'border-transparent bg-fg text-bg'
                                : 'border-line bg-surface-2 text-muted hover:text-fg',
                            )}
                          >
                            {state ? t(`approval.${state}`) : t('filter.any')}
                          </button>
                        );
                      })}
                    </div>
                    <div className="relative md:w-72">
                      <SearchInput
                        value={name}
                        onChange={(e) => setName(e.target.value)}
                        maxLength={100}
                        placeholder={t('filter.namePlaceholder')}
                      />
                    </div>
                  </div>
                )}

                {current.isPending ? (
                  <ManageRowSkeletons count={4} testId="manage-skeleton" />
                ) : current.isError && items.length === 0 ? (
                  <LoadFailed onRetry={() => void current.refetch()} />
                ) : items.length === 0 ? (
                  tab === 'queue' ? (
                    <QueueEmpty />
                  ) : (
                    <NoMatches />
                  )
                ) : (
                  <>
                    <ul className="flex flex-col gap-3" data-testid="manage-list">
                      {items.map((c) => (
                        <ManageRow
                          key={c.id}
                          character={c}
                          busy={busyIds.includes(c.id)}
                          onAction={(kind, character) => void onAction(kind, character)}
                        />
                      ))}
                    </ul>
                    <ListFoot query={current} className="text-muted min-h-16 items-center py-6 text-sm" />
                  </>
                )}
              </>
            )}
          </div>
        </>
      );
      break;
  }

  return (
    <div className="mx-auto max-w-5xl px-4 pt-6 pb-12 sm:px-6 sm:pt-10" data-page="manageCharacter">
      <header className="mb-6 flex items-start gap-3">
        <span className="bg-surface-2 border-line grid h-11 w-11 shrink-0 place-items-center rounded-xl border">
          <ShieldCheck className="text-pink h-5 w-5" aria-hidden />
        </span>
        <div>
          <h1 className="text-xl font-extrabold tracking-tight">{t('title')}</h1>
          {access.state === 'admin' && (
            <p className="text-muted mt-1 text-sm leading-relaxed">{t('subtitle')}</p>
          )}
        </div>
      </header>
      <div className="flex flex-col">{body}</div>
      <CharacterDialogHost />
    </div>
  );
}
