import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Confirm } from '../components/chat-view';
import type { ChatController } from './use-chat';

/**
 * What a chat page keeps beside its chat: the settings drawer (the conversation read afresh as it
 * opens: the memory grows as the chat goes on) and the question before a restart.
 */
export function useChatPage(chat: ChatController, confirm: Confirm, restartBody: string) {
  const { t } = useTranslation('chat');
  const [settings, setSettings] = useState(false);
  const { refreshConversation, restart } = chat;
  const openSettings = useCallback(
    (open: boolean) => {
      if (open) void refreshConversation();
      setSettings(open);
    },
    [refreshConversation],
  );
  const askRestart = useCallback(async () => {
    const yes = await confirm({
      title: t('restart.title'),
      body: restartBody,
      confirm: t('restart.confirm'),
      danger: true,
    });
    if (yes) await restart();
  }, [confirm, restart, restartBody, t]);
  return { settings, openSettings, askRestart };
}
