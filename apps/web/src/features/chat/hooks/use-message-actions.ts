import { useCallback, type Dispatch, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast';
import { branchChat } from '../api/branch-chat';
import { deleteMessage } from '../api/delete-message';
import { editMessage } from '../api/edit-message';
import { swipeMessage } from '../api/swipe-message';
import { switchChat } from '../api/switch-chat';
import { sharedMessage, type ChatAction, type ChatState } from '../lib/chat-state';

export interface MessageActionsDeps {
  dispatch: Dispatch<ChatAction>;
  stateRef: RefObject<ChatState>;
  /** The reply streaming now: no branch while it runs; switching aborts it. */
  abortRef: RefObject<AbortController | null>;
  /** Reads the conversation again after a change to a message shared with its parent. */
  reread: () => Promise<void>;
}

/** What the chat does to a message: edit, delete, swipe, branch from it; and switching conversations. */
export function useMessageActions({ dispatch, stateRef, abortRef, reread }: MessageActionsDeps) {
  const { t } = useTranslation('chat');

  const edit = useCallback(
    async (id: number, content: string) => {
      const shared = sharedMessage(stateRef.current, id);
      try {
        const message = await editMessage(id, content.trim(), stateRef.current.conversation?.id);
        if (shared) await reread();
        else dispatch({ type: 'replaced', message });
        return true;
      } catch {
        return false;
      }
    },
    [dispatch, stateRef, reread],
  );

  const remove = useCallback(
    async (id: number) => {
      const shared = sharedMessage(stateRef.current, id);
      try {
        await deleteMessage(id, stateRef.current.conversation?.id);
        if (shared) await reread();
        else dispatch({ type: 'removed', id });
      } catch {
        // The API client showed why.
      }
    },
    [dispatch, stateRef, reread],
  );

  const swipe = useCallback(
    async (id: number, index: number) => {
      const before = stateRef.current.messages.find((m) => m.id === id);
      if (!before || index < 0 || index >= before.swipes.length) return;
      dispatch({
        type: 'replaced',
        message: { ...before, swipe_index: index, content: before.swipes[index] ?? '' },
      });
      try {
        const message = await swipeMessage(id, index, stateRef.current.conversation?.id);
        if (before.shared) await reread();
        else dispatch({ type: 'replaced', message });
      } catch {
        dispatch({ type: 'replaced', message: before });
      }
    },
    [dispatch, stateRef, reread],
  );

  const branch = useCallback(
    async (id: number) => {
      const conversation = stateRef.current.conversation;
      if (!conversation || abortRef.current) return false;
      try {
        dispatch({ type: 'loaded', page: await branchChat(conversation.id, id) });
        notify('success', t('branches.created'));
        return true;
      } catch {
        return false;
      }
    },
    [abortRef, dispatch, stateRef, t],
  );

  const switchTo = useCallback(
    async (conversationId: string) => {
      abortRef.current?.abort();
      try {
        dispatch({ type: 'loaded', page: await switchChat(conversationId) });
        return true;
      } catch {
        return false;
      }
    },
    [abortRef, dispatch],
  );

  return { edit, remove, swipe, branch, switchTo };
}
