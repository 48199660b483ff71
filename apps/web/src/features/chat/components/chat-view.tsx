import { MODEL_PROFILES, asksForPicture } from '@lumi/contract';
import { Loader2 } from 'lucide-react';
import {
  Fragment,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { ChatController } from '../hooks/use-chat';
import type { ChatPictures } from '../hooks/use-chat-pictures';
import { isAdminVisitor } from '../lib/visitor';
import { AiDisclosure } from './ai-disclosure';
import { MessagePictures, PictureButton } from './chat-pictures';
import { ChatSettings } from './chat-settings';
import { Composer } from './composer';
import { CrisisNotice } from './crisis-notice';
import { DemoNotice } from './demo-notice';
import { preloadMarkdown } from './markdown';
import { MessageItem, type MessageActions } from './message-item';
import { ReplyVoiceProvider } from '../voice/reply-voice';
import { RefusalNote } from './refusal-note';

export type Confirm = (options: {
  title: string;
  body?: string;
  confirm: string;
  danger?: boolean;
}) => Promise<boolean>;

interface ChatViewProps {
  chat: ChatController;
  /** Asks before something is lost (deleting a message). */
  confirm: Confirm;
  /** The assistant's avatar beside its messages. */
  avatar: ReactNode;
  assistantName: string;
  placeholder: string;
  /** Shown when there are no messages (the AI chat's prompt ideas). */
  empty?: (pick: (text: string) => void) => ReactNode;
  settingsOpen: boolean;
  onSettingsOpenChange: (open: boolean) => void;
  /** Messages offer "Branch from here" (character chats, whose branches the page lists). */
  branching?: boolean;
  /**
   * A group chat: each reply's character (its avatar and name, shown above the bubble) by the
   * reply's `character_id`; undefined falls back to `avatar` and `assistantName`.
   */
  speakerOf?: ((characterId: number | null) => { avatar: ReactNode; name: string } | undefined) | undefined;
  /** Shown just above the message box (a group chat's "who speaks next"). */
  beforeComposer?: ReactNode;
  /** A character chat's pictures (issue 22): the composer's button, asking in words, each shown in place. */
  pictures?: ChatPictures | undefined;
}

/** Within this distance of the bottom the list follows a streaming reply. */
const FOLLOW_PX = 120;

/**
 * Scroll offsets are whole pixels and layout is not: a conversation 1,355.6 px tall scrolled to
 * its end would stop 0.4 px short of the edge. A fraction of a pixel more at its top makes its
 * height whole, so the last line sits exactly on the message box, where the server-drawn page
 * put it: the app's first paint matches the server's to the pixel instead of being a new,
 * slightly larger "largest contentful paint" seconds later (issue 19, item 16).
 */
function makeHeightWhole(box: HTMLElement, added: { current: number }): void {
  const base = box.getBoundingClientRect().height - added.current;
  const pad = Math.ceil(base - 1 / 128) - base;
  const next = pad > 1 / 128 ? pad : 0;
  if (Math.abs(next - added.current) < 1 / 128) return;
  box.style.paddingTop = next ? `calc(1rem + ${next}px)` : '';
  added.current = next;
}

/**
 * The conversation: the AI disclosure at its top, messages (older pages on demand, following
 * the newest while it streams; the crisis notice before a reply that needs it; a note in place
 * of a reply stopped for the content rules), the demo-engine notice, the sticky composer and
 * the settings drawer. Shared by character chat and the AI chat.
 */
export function ChatView({
  chat,
  confirm,
  avatar,
  assistantName,
  placeholder,
  empty,
  settingsOpen,
  onSettingsOpenChange,
  branching = false,
  speakerOf,
  beforeComposer,
  pictures,
}: ChatViewProps) {
  const { t } = useTranslation('chat');
  const { state } = chat;
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const addedPx = useRef(0);
  const follow = useRef(true);
  const olderAnchor = useRef<{ height: number; top: number } | null>(null);
  const [preset, setPreset] = useState<{ text: string; n: number }>();

  const onScroll = () => {
    const el = scroller.current;
    if (el) follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_PX;
  };

  // New text at the bottom: keep it in view unless the reader scrolled up. Older messages on
  // top: keep the reader's place.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const anchor = olderAnchor.current;
    if (anchor) {
      el.scrollTop = anchor.top + (el.scrollHeight - anchor.height);
      olderAnchor.current = null;
    } else if (follow.current) {
      if (content.current) makeHeightWhole(content.current, addedPx);
      el.scrollTop = el.scrollHeight;
    }
  }, [state.messages]);

  useEffect(() => {
    follow.current = true;
  }, [state.conversation?.id]);

  const loadOlder = async () => {
    const el = scroller.current;
    if (el) olderAnchor.current = { height: el.scrollHeight, top: el.scrollTop };
    await chat.loadOlder();
  };

  const { edit, swipe, regenerate, continueReply, remove, branch } = chat;
  const actions = useMemo<MessageActions>(
    () => ({
      edit,
      swipe: (id, index) => void swipe(id, index),
      regenerate: (id) => {
        follow.current = true;
        void regenerate(id);
      },
      continueReply: (id) => {
        follow.current = true;
        void continueReply(id);
      },
      remove: (id) => {
        void confirm({
          title: t('message.deleteTitle'),
          confirm: t('message.delete'),
          danger: true,
        }).then(async (yes) => {
          if (yes) await remove(id);
        });
      },
      branch: branching
        ? (id) => {
            follow.current = true;
            void branch(id);
          }
        : undefined,
    }),
    [edit, swipe, regenerate, continueReply, remove, branch, branching, confirm, t],
  );

  const send = useCallback(
    (text: string) => {
      follow.current = true;
      // A reply may hold a list or code: have the full Markdown renderer ready for it.
      preloadMarkdown();
      return chat.send(text).then((sent) => {
        // Asked for in words: the picture follows the reply it was asked beside.
        if (sent && pictures && asksForPicture(text)) pictures.ask();
        return sent;
      });
    },
    [chat, pictures],
  );

  const lastAssistant = state.messages.findLast((m) => m.role === 'assistant' && !m.local)?.id;
  // A refusal note after a reply does not stop that reply from being the newest one.
  const lastShown = state.messages.findLast((m) => !m.refusal)?.id;
  const liveId = state.live?.targetId;
  // The page says whether the reader is an admin; before it has loaded, the last list's answer.
  const [listedAdmin] = useState(isAdminVisitor);
  const admin = state.admin || listedAdmin;
  const modelName = MODEL_PROFILES.find((p) => p.id === chat.model)?.name ?? chat.model;

  const view = (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        onScroll={onScroll}
        // Positioned, so the screen-reader-only labels inside stay in it: otherwise they hang
        // below the screen, where the conversation has scrolled them, and the page scrolls too.
        className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain"
        data-testid="chat-scroller"
      >
        <div ref={content} className="mx-auto max-w-3xl px-3 py-4 sm:px-4">
          <AiDisclosure kind={chat.kind === 'ai' ? 'ai' : 'character'} name={assistantName} />
          {state.demo && <DemoNotice admin={admin} />}
          {state.hasMore && (
            <div className="mb-3 flex justify-center">
              <Button
                size="sm"
                variant="secondary"
                onClick={() => void loadOlder()}
                disabled={chat.loadingOlder}
              >
                {chat.loadingOlder && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
                {t('older')}
              </Button>
            </div>
          )}
          {state.messages.length === 0 && empty?.((text) => setPreset((p) => ({ text, n: (p?.n ?? 0) + 1 })))}
          <ol
            className="space-y-3"
            aria-label={t('messagesLabel')}
            aria-live="polite"
            aria-relevant="additions"
          >
            {state.messages.map((m) => (
              <Fragment key={m.id}>
                {m.notice === 'crisis' && m.role === 'assistant' && (
                  <li>
                    <CrisisNotice />
                  </li>
                )}
                {m.refusal !== undefined ? (
                  <li data-testid="chat-note">
                    <RefusalNote text={m.refusal} />
                  </li>
                ) : (
                  <MessageItem
                    message={m}
                    avatar={(m.role === 'assistant' && speakerOf?.(m.character_id)?.avatar) || avatar}
                    author={
                      m.role === 'user' ? t('you') : (speakerOf?.(m.character_id)?.name ?? assistantName)
                    }
                    named={speakerOf !== undefined}
                    last={m.id === lastAssistant && m.id === lastShown}
                    live={m.id === liveId}
                    busy={chat.streaming}
                    actions={actions}
                  />
                )}
                {pictures && !m.local && (
                  <MessagePictures
                    pictures={pictures}
                    list={pictures.at(m.seq)}
                    avatar={avatar}
                    name={assistantName}
                  />
                )}
              </Fragment>
            ))}
          </ol>
        </div>
      </div>
      {beforeComposer}
      <Composer
        placeholder={placeholder}
        streaming={chat.streaming}
        disabled={state.phase !== 'ready'}
        modelName={modelName}
        free={state.demo}
        onModelClick={() => onSettingsOpenChange(true)}
        onSend={send}
        onStop={chat.stop}
        preset={preset}
        leading={
          pictures && (
            <PictureButton
              pictures={pictures}
              name={assistantName}
              disabled={state.phase !== 'ready' || chat.streaming}
            />
          )
        }
      />
      <ChatSettings
        open={settingsOpen}
        onOpenChange={onSettingsOpenChange}
        conversation={state.conversation}
        model={chat.model}
        free={state.demo}
        onSave={chat.saveSettings}
        onSaveMemory={chat.saveMemory}
      />
    </div>
  );
  return (
    <ReplyVoiceProvider
      conversationId={state.conversation?.id}
      messages={state.messages}
      streaming={chat.streaming}
    >
      {view}
    </ReplyVoiceProvider>
  );
}
