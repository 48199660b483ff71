import { Lightbulb, Sparkles } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { characterDialogStore, confirmDialog } from '@/features/characters/character-dialog-store';
import { CharacterDialogHost } from '@/features/characters/components/character-dialog-host';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ChatHeaderActions, ChatLoadFailed } from '@/features/chat/components/chat-header';
import { ChatView } from '@/features/chat/components/chat-view';
import { useChat } from '@/features/chat/hooks/use-chat';

/** The prompt ideas offered on an empty AI chat (spec §2), keys of the chat namespace. */
const IDEAS = ['plan', 'explain', 'write', 'cook', 'learn', 'story'] as const;
const SOURCE = { kind: 'ai' } as const;
const CHAT_OPTIONS = { onAdult: () => characterDialogStore.open({ kind: 'adult' }) };

function Mark({ size = 36 }: { size?: number }) {
  return (
    <span
      className="bg-accent grid place-items-center rounded-full text-white"
      style={{ width: size, height: size }}
      aria-hidden
    >
      <Sparkles className="h-[55%] w-[55%]" />
    </span>
  );
}

/**
 * /free-ai-chat-online: a chat with a general assistant, no character. Its conversation id is
 * kept in local storage (spec §3), so a visitor finds their chat again; prompt ideas start an
 * empty one; restart begins a new chat with default settings, clear empties this one.
 */
export default function AiChatRoute() {
  const { t } = useTranslation('chat');
  useDocumentTitle(t('ai.title'));
  const chat = useChat(SOURCE, 'genla-8b', CHAT_OPTIONS);
  const [settings, setSettings] = useState(false);
  const { refreshConversation, restart, clear } = chat;

  const openSettings = useCallback(
    (open: boolean) => {
      if (open) void refreshConversation();
      setSettings(open);
    },
    [refreshConversation],
  );

  const ask = async (kind: 'restart' | 'clear') => {
    const yes = await confirmDialog({
      title: t(`${kind}.title`),
      body: t(`ai.${kind}Body`),
      confirm: t(`${kind}.confirm`),
      danger: true,
    });
    if (yes) await (kind === 'restart' ? restart() : clear());
  };

  const hasMessages = chat.state.messages.length > 0;
  return (
    <div className="flex h-below-header flex-col" data-page="ai-chat">
      <div className="border-line/60 flex h-14 shrink-0 items-center gap-2.5 border-b px-3 sm:px-4">
        <Mark />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-base leading-tight font-bold">{t('ai.title')}</h1>
          <p className="text-muted truncate text-xs">{t('ai.subtitle')}</p>
        </div>
        <ChatHeaderActions
          onSettings={() => openSettings(true)}
          onClear={() => void ask('clear')}
          canClear={hasMessages}
          onRestart={() => void ask('restart')}
        />
      </div>
      {chat.state.phase === 'failed' ? (
        <ChatLoadFailed onRetry={chat.reload} />
      ) : (
        <ChatView
          chat={chat}
          confirm={confirmDialog}
          avatar={<Mark />}
          assistantName={t('ai.title')}
          placeholder={t('ai.placeholder')}
          settingsOpen={settings}
          onSettingsOpenChange={openSettings}
          empty={(pick) =>
            chat.state.phase === 'ready' ? (
              <div className="py-6 text-center sm:py-10">
                <div className="flex justify-center">
                  <Mark size={56} />
                </div>
                <h2 className="mt-4 text-xl font-extrabold tracking-tight text-balance sm:text-2xl">
                  {t('ai.hello')}
                </h2>
                <p className="text-muted mx-auto mt-2 max-w-md text-sm">{t('ai.helloBody')}</p>
                <h3 className="text-muted mt-8 mb-3 flex items-center justify-center gap-1.5 text-xs font-semibold tracking-wide uppercase">
                  <Lightbulb className="h-4 w-4" aria-hidden />
                  {t('ai.ideas')}
                </h3>
                <ul className="grid gap-2 text-start sm:grid-cols-2">
                  {IDEAS.map((idea) => (
                    <li key={idea}>
                      <button
                        type="button"
                        onClick={() => pick(t(`ai.idea.${idea}`))}
                        className="border-line bg-surface hover:border-pink/50 hover:bg-surface-2 h-full w-full rounded-2xl border px-4 py-3 text-start text-sm leading-snug transition-colors"
                        data-testid="prompt-idea"
                      >
                        {t(`ai.idea.${idea}`)}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null
          }
        />
      )}
      <CharacterDialogHost />
    </div>
  );
}
