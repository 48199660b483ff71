import {
  BookOpen,
  ChevronLeft,
  ChevronRight,
  Copy,
  FastForward,
  Flag,
  GitBranch,
  Pencil,
  RefreshCw,
  Sparkles,
  Trash2,
} from 'lucide-react';
import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportTrigger } from '@/components/report-trigger';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { formatList } from '@/lib/intl';
import { notify } from '@/lib/toast';
import type { UiMessage } from '../lib/chat-state';
import { ListenButton } from '../voice/listen-button';
import { Markdown } from './markdown';

/** A name kept apart from the text around it (first strong isolate): a Latin name in Arabic. */
const isolated = (name: string) => `\u2068${name}\u2069`;

export interface MessageActions {
  edit: (id: number, content: string) => Promise<boolean>;
  remove: (id: number) => void;
  regenerate: (id: number) => void;
  continueReply: (id: number) => void;
  swipe: (id: number, index: number) => void;
  /** "Branch from here" (character chats): absent where a chat has no branches. */
  branch?: ((id: number) => void) | undefined;
}

interface MessageItemProps {
  message: UiMessage;
  /** The character's avatar (or the AI chat's mark) beside assistant messages. */
  avatar: ReactNode;
  /** Whose message, for screen readers. */
  author: string;
  /** Shows the author's name above the bubble (a group chat's replies). */
  named?: boolean;
  /** The newest assistant message: it can be continued, and shows its swipe arrows even alone. */
  last: boolean;
  /** Its text is streaming in right now. */
  live: boolean;
  /** Some reply is streaming: actions wait. */
  busy: boolean;
  actions: MessageActions;
}

function ActionButton({
  label,
  onClick,
  children,
  testId,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      data-testid={testId}
      onClick={onClick}
      className="text-faint hover:bg-surface-2 hover:text-fg focus-visible:text-fg grid h-8 w-8 place-items-center rounded-full transition-colors"
    >
      {children}
    </button>
  );
}

/**
 * One chat message: a bubble (the character's with its avatar, the user's at the end side),
 * markdown rendered safely, swipe arrows on replies with alternatives, and the actions (edit,
 * delete, copy, regenerate, continue) revealed on hover, focus or a tap.
 */
export const MessageItem = memo(function MessageItem({
  message: m,
  avatar,
  author,
  named = false,
  last,
  live,
  busy,
  actions,
}: MessageItemProps) {
  const { t, i18n } = useTranslation('chat');
  const mine = m.role === 'user';
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(m.content);
  const [shown, setShown] = useState(false);
  const editor = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (editing) editor.current?.focus();
  }, [editing]);

  const save = async () => {
    if (!draft.trim() || draft === m.content) {
      setEditing(false);
      return;
    }
    if (await actions.edit(m.id, draft)) setEditing(false);
  };

  const copy = () => {
    void navigator.clipboard?.writeText(m.content).then(
      () => notify('success', t('message.copied')),
      () => undefined,
    );
  };

  const swipes = m.swipes.length;
  const canAct = !m.local && !busy && !editing;
  const showSwipes = !mine && !m.local && (swipes > 1 || last);
  const typing = live && !m.content;

  return (
    <li
      className={cn('group flex gap-2.5', mine && 'flex-row-reverse')}
      data-testid="chat-message"
      data-role={m.role}
      data-id={m.id}
      aria-busy={live || undefined}
    >
      {!mine && <div className="mt-1 shrink-0">{avatar}</div>}
      <div className={cn('flex max-w-[85%] min-w-0 flex-col sm:max-w-[75%]', mine && 'items-end')}>
        {named && !mine ? (
          <span dir="auto" className="text-muted mb-0.5 px-1 text-xs font-semibold" data-testid="chat-author">
            <bdi>{author}</bdi>
          </span>
        ) : (
          <span className="sr-only">{author}</span>
        )}
        {editing ? (
          <div className="border-line bg-surface-2 w-[min(36rem,80vw)] rounded-2xl border p-2">
            <label className="sr-only" htmlFor={`edit-${m.id}`}>
              {t('message.edit')}
            </label>
            <textarea
              id={`edit-${m.id}`}
              ref={editor}
              dir="auto"
              value={draft}
              rows={Math.min(10, Math.max(3, draft.split('\n').length))}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') setEditing(false);
                if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) void save();
              }}
              className="text-fg w-full resize-y bg-transparent px-2 py-1 text-sm leading-relaxed outline-none"
            />
            <div className="mt-1 flex justify-end gap-2">
              <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
                {t('message.cancel')}
              </Button>
              <Button size="sm" onClick={() => void save()} data-testid="message-save">
                {t('message.save')}
              </Button>
            </div>
          </div>
        ) : (
          <div
            dir="auto"
            onClick={() => setShown((v) => !v)}
            className={cn(
              'rounded-2xl px-4 py-2.5 text-[0.9375rem] leading-relaxed break-words',
              mine
                ? 'bg-accent rounded-se-md text-white [&_em]:text-white/85'
                : 'bg-surface-2 text-fg rounded-ss-md',
            )}
            data-testid="message-text"
          >
            {typing ? (
              <span className="flex h-6 items-center gap-1" role="status" aria-label={t('message.typing')}>
                {[0, 1, 2].map((i) => (
                  <span
                    key={i}
                    className="bg-muted h-1.5 w-1.5 animate-pulse rounded-full motion-reduce:animate-none"
                    style={{ animationDelay: `${i * 150}ms` }}
                  />
                ))}
              </span>
            ) : mine ? (
              <p className="whitespace-pre-wrap">{m.content}</p>
            ) : (
              <Markdown text={live ? `${m.content} ▍` : m.content} />
            )}
          </div>
        )}

        <div className={cn('mt-1 flex min-h-8 flex-wrap items-center gap-0.5', mine && 'flex-row-reverse')}>
          {showSwipes && (
            <div className="text-muted flex items-center text-xs tabular-nums" data-testid="swipes">
              <ActionButton
                label={t('message.previous')}
                testId="swipe-prev"
                onClick={() => canAct && m.swipe_index > 0 && actions.swipe(m.id, m.swipe_index - 1)}
              >
                <ChevronLeft
                  className={cn('h-4 w-4 rtl:-scale-x-100', m.swipe_index === 0 && 'opacity-30')}
                  aria-hidden
                />
              </ActionButton>
              <span dir="ltr" data-testid="swipe-position">
                {m.swipe_index + 1}/{swipes}
              </span>
              <ActionButton
                label={m.swipe_index < swipes - 1 ? t('message.next') : t('message.newSwipe')}
                testId="swipe-next"
                onClick={() => {
                  if (!canAct) return;
                  if (m.swipe_index < swipes - 1) actions.swipe(m.id, m.swipe_index + 1);
                  else actions.regenerate(m.id);
                }}
              >
                <ChevronRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
              </ActionButton>
            </div>
          )}
          {m.engine === 'demo' && !mine && (
            <span
              className="text-faint inline-flex items-center gap-1 px-1 text-[11px]"
              data-testid="demo-tag"
            >
              <Sparkles className="h-3 w-3" aria-hidden />
              {t('demo.tag')}
            </span>
          )}
          {!mine && m.lore.length > 0 && (
            // The lorebook entries that shaped this reply (issue 21): why the character knows it.
            <span
              className="text-faint inline-flex max-w-full min-w-0 items-center gap-1 px-1 text-[11px]"
              data-testid="message-lore"
            >
              <BookOpen className="h-3 w-3 shrink-0" aria-hidden />
              <bdi className="truncate">
                {t('message.remembered', { list: formatList(m.lore.map(isolated), i18n.language) })}
              </bdi>
            </span>
          )}
          {!live && !editing && <ListenButton message={m} disabled={!canAct} />}
          {canAct && (
            <div
              className={cn(
                'flex items-center transition-opacity duration-150',
                '[@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-focus-within:opacity-100 [@media(hover:hover)]:group-hover:opacity-100',
                // On a touch screen they come with a tap on the message: left out until then, so
                // a reply's row (its swipes and Listen) stays one line, as the server drew it.
                shown
                  ? 'opacity-100 [@media(hover:hover)]:opacity-100'
                  : '[@media(hover:none)]:hidden [@media(hover:none)]:group-focus-within:flex',
              )}
            >
              <ActionButton label={t('message.copy')} onClick={copy}>
                <Copy className="h-4 w-4" aria-hidden />
              </ActionButton>
              <ActionButton
                label={t('message.edit')}
                testId="message-edit"
                onClick={() => {
                  setDraft(m.content);
                  setEditing(true);
                }}
              >
                <Pencil className="h-4 w-4" aria-hidden />
              </ActionButton>
              {!mine && (
                // Any reply can get another alternative; the chosen one carries the chat on.
                <ActionButton
                  label={t('message.regenerate')}
                  testId="message-regenerate"
                  onClick={() => actions.regenerate(m.id)}
                >
                  <RefreshCw className="h-4 w-4" aria-hidden />
                </ActionButton>
              )}
              {!mine && last && (
                <>
                  <ActionButton
                    label={t('message.continue')}
                    testId="message-continue"
                    onClick={() => actions.continueReply(m.id)}
                  >
                    <FastForward className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
                  </ActionButton>
                </>
              )}
              {actions.branch && (
                // A new conversation from this message on; this one stays as it is.
                <ActionButton
                  label={t('message.branch')}
                  testId="message-branch"
                  onClick={() => actions.branch?.(m.id)}
                >
                  <GitBranch className="h-4 w-4" aria-hidden />
                </ActionButton>
              )}
              <ActionButton
                label={t('message.delete')}
                testId="message-delete"
                onClick={() => actions.remove(m.id)}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </ActionButton>
              {!mine && (
                // The character's words can be reported (issue 18); the reviewer sees this text.
                <ReportTrigger target={{ type: 'message', id: m.id, name: author }}>
                  {({ label, onClick }) => (
                    <ActionButton label={label} testId="message-report" onClick={onClick}>
                      <Flag className="h-4 w-4" aria-hidden />
                    </ActionButton>
                  )}
                </ReportTrigger>
              )}
            </div>
          )}
        </div>
        {!mine && last && m.finish_reason === 'length' && canAct && (
          <button
            type="button"
            onClick={() => actions.continueReply(m.id)}
            className="text-pink -mt-1 self-start px-1 text-xs font-semibold hover:underline"
          >
            {t('message.cutOff')}
          </button>
        )}
      </div>
    </li>
  );
});
