import type { BranchDto } from '@lumi/contract';
import { GitBranch, Loader2, MessagesSquare } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { isolate } from '@/lib/bidi';
import { formatTimeAgo } from '@/lib/intl';
import { useBranches } from '../api/get-branches';
import type { ChatWhere } from '../api/chat-where';
import { Sheet } from './sheet';

interface BranchNode {
  branch: BranchDto;
  children: BranchNode[];
}

/**
 * The conversations as a forest: each under the one it branched from (children oldest first),
 * the chats started afresh newest first. A conversation whose parent the list left out stands
 * as a root.
 */
export function branchForest(branches: readonly BranchDto[]): BranchNode[] {
  const nodes = new Map(branches.map((b) => [b.id, { branch: b, children: [] as BranchNode[] }]));
  const roots: BranchNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.branch.parent_id ? nodes.get(node.branch.parent_id) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  for (const node of nodes.values())
    node.children.sort((a, b) => a.branch.create_time - b.branch.create_time);
  return roots.sort((a, b) => b.branch.create_time - a.branch.create_time);
}

interface BranchesSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Whose tree: the character's, or (by one of its conversations) a group's. */
  where: ChatWhere;
  /** Who wrote a reply the tree shows (a group's: by the reply's character). */
  characterName: string | ((characterId: number | null) => string);
  /** The conversation shown now. */
  shownId: string | undefined;
  /** Shows another conversation; false when it failed (the drawer stays open). */
  onSwitch: (conversationId: string) => Promise<boolean>;
}

/**
 * The character's conversations as a small tree (issue 21): every chat with it, each branch
 * under the chat it came from, with its newest message; one tap switches to it.
 */
export function BranchesSheet(props: BranchesSheetProps) {
  const { t } = useTranslation('chat');
  return (
    <Sheet
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t('branches.title')}
      description={t('branches.hint')}
      testId="chat-branches"
    >
      {props.open && <BranchList {...props} />}
    </Sheet>
  );
}

function BranchList({ where, characterName, shownId, onSwitch, onOpenChange }: BranchesSheetProps) {
  const { t, i18n } = useTranslation('chat');
  const { data, isPending, isError, refetch } = useBranches(where, true);
  const [switching, setSwitching] = useState<string>();
  const forest = useMemo(() => branchForest(data?.branches ?? []), [data]);
  // One moment for every "… ago" of the list, taken when it arrived.
  const [now] = useState(() => Date.now());

  if (isPending)
    return (
      <ul className="space-y-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="bg-surface-2 h-16 animate-pulse rounded-2xl" />
        ))}
      </ul>
    );
  if (isError)
    return (
      <div className="py-8 text-center">
        <p className="text-muted text-sm">{t('branches.failed')}</p>
        <Button className="mt-3" variant="secondary" size="sm" onClick={() => void refetch()}>
          {t('retry')}
        </Button>
      </div>
    );

  const pick = async (id: string) => {
    if (id === shownId) {
      onOpenChange(false);
      return;
    }
    setSwitching(id);
    const ok = await onSwitch(id);
    setSwitching(undefined);
    if (ok) onOpenChange(false);
  };

  const row = (node: BranchNode) => {
    const { branch: b } = node;
    const current = b.id === shownId;
    const Icon = b.parent_id ? GitBranch : MessagesSquare;
    return (
      <li key={b.id}>
        <button
          type="button"
          onClick={() => void pick(b.id)}
          disabled={switching !== undefined}
          aria-current={current || undefined}
          data-testid="branch-row"
          data-id={b.id}
          className={cn(
            'flex w-full items-start gap-3 rounded-2xl border px-3 py-2.5 text-start transition-colors',
            current ? 'border-pink/70 bg-pink/10' : 'border-line bg-surface-2 hover:border-faint',
          )}
        >
          <Icon className={cn('mt-0.5 h-4 w-4 shrink-0', current ? 'text-pink' : 'text-muted')} aria-hidden />
          <span className="min-w-0 flex-1">
            <span className="flex flex-wrap items-center gap-x-2 text-xs">
              <span className="font-semibold">{b.parent_id ? t('branches.branch') : t('branches.chat')}</span>
              <span className="text-muted tabular-nums">
                {t('branches.messages', { count: b.message_count })} ·{' '}
                {formatTimeAgo(b.last?.create_time ?? b.create_time, now, i18n.language)}
              </span>
              {current && (
                <span className="bg-pink/90 rounded px-1.5 text-[10px] leading-4 font-bold text-white">
                  {t('branches.current')}
                </span>
              )}
            </span>
            <span dir="auto" className="text-fg/90 mt-0.5 line-clamp-2 text-sm leading-snug">
              {b.last ? (
                t('branches.last', {
                  who: isolate(
                    b.last.role === 'user'
                      ? t('you')
                      : typeof characterName === 'string'
                        ? characterName
                        : characterName(b.last.character_id),
                  ),
                  text: isolate(b.last.content),
                })
              ) : (
                <span className="text-muted">{t('branches.empty')}</span>
              )}
            </span>
          </span>
          {switching === b.id && <Loader2 className="text-muted h-4 w-4 shrink-0 animate-spin" aria-hidden />}
        </button>
        {node.children.length > 0 && (
          <ul className="border-line ms-5 mt-2 space-y-2 border-s ps-3">
            {node.children.map((child) => row(child))}
          </ul>
        )}
      </li>
    );
  };

  return (
    <ul className="space-y-2" aria-label={t('branches.title')} data-testid="branch-tree">
      {forest.map((node) => row(node))}
    </ul>
  );
}
