import { CHAT_LIMITS, ErrorCode, type MessagePage, type ModelProfileId } from '@lumi/contract';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '@/lib/api-client';
import { readLocal, removeLocal, StorageKey, writeLocal } from '@/lib/storage';
import { notify } from '@/lib/toast';
import type { ChatWhere } from '../api/chat-where';
import { getMessages } from '../api/get-messages';
import { restartChat } from '../api/restart-chat';
import { saveMemory as postMemory } from '../api/save-memory';
import { savePersona } from '../api/save-persona';
import { chatReducer, initialChatState, olderPageNumber, type ChatState } from '../lib/chat-state';
import { settledValue } from '@/lib/tracked';
import { useMessageActions } from './use-message-actions';
import { useReplyStream } from './use-reply-stream';

/** A character's chat, or the AI chat without a character (its conversation id is stored, spec §3). */
export type ChatSource =
  | { kind: 'character'; characterId: number }
  | { kind: 'ai' }
  /** A group chat (issue 22): its conversation, known from the address. */
  | { kind: 'group'; conversationId: string };

export interface ChatController {
  /** A character's chat or the AI chat: the page says which kind of AI answers. */
  kind: ChatSource['kind'];
  state: ChatState;
  streaming: boolean;
  /** The model of the next reply: the conversation's, or the one picked before it exists. */
  model: string;
  loadingOlder: boolean;
  reload: () => void;
  loadOlder: () => Promise<void>;
  /** Sends a message; false when it was refused (the caller keeps the text). */
  send: (content: string) => Promise<boolean>;
  /** A group chat: the character speaks next, without a new message of the user's. */
  speak: (characterId: number) => Promise<boolean>;
  regenerate: (id: number) => Promise<boolean>;
  continueReply: (id: number) => Promise<boolean>;
  stop: () => void;
  edit: (id: number, content: string) => Promise<boolean>;
  remove: (id: number) => Promise<void>;
  swipe: (id: number, index: number) => Promise<void>;
  /** "Branch from here": a new conversation sharing the history up to the message, shown now. */
  branch: (id: number) => Promise<boolean>;
  /** Shows another of the character's conversations (a branch, an earlier chat). */
  switchTo: (conversationId: string) => Promise<boolean>;
  /** Character chat: a new conversation with the greeting. AI chat: a new chat, settings reset. */
  restart: () => Promise<void>;
  /** Character chat: the same as restart. AI chat: the messages go, the settings stay. */
  clear: () => Promise<void>;
  saveSettings: (s: { persona_name: string; persona_description: string; model: string }) => Promise<boolean>;
  saveMemory: (memory: string) => Promise<boolean>;
  /** Reads the conversation again (the memory grows as the chat goes on). */
  refreshConversation: () => Promise<void>;
}

export interface ChatOptions {
  /** An adult character or model without the adult setting: the page explains (spec §5). */
  onAdult: () => void;
  /**
   * The character's newest page of messages, already asked for beside the character itself, so
   * the chat's first load is one round trip rather than two (issue 19). Used once.
   */
  firstPage?: Promise<MessagePage> | undefined;
}

export function useChat(source: ChatSource, defaultModel: string, options: ChatOptions): ChatController {
  const { onAdult } = options;
  // Already here (asked for as the app started): the first render is the conversation itself.
  const [arrived] = useState(() => settledValue(options.firstPage));
  const firstPage = useRef(arrived ? undefined : options.firstPage);
  const { t } = useTranslation('chat');
  const [state, dispatch] = useReducer(chatReducer, arrived, (page) =>
    page ? chatReducer(initialChatState, { type: 'loaded', page }) : initialChatState,
  );
  const [pendingModel, setPendingModel] = useState(defaultModel);
  /** The reply streaming now (useReplyStream): Stop, restart, switching and leaving abort it. */
  const abortRef = useRef<AbortController | null>(null);
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });
  const characterId = source.kind === 'character' ? source.characterId : undefined;
  const groupId = source.kind === 'group' ? source.conversationId : undefined;
  /** The AI chat keeps its conversation's id in local storage (spec §3). */
  const stored = source.kind === 'ai';

  /** Where the current conversation is: its id once known, else the character (or the group's). */
  const where = useCallback((): ChatWhere | null => {
    const id = stateRef.current.conversation?.id ?? groupId;
    if (id) return { conversationId: id };
    return characterId === undefined ? null : { characterId };
  }, [characterId, groupId]);

  const failLoad = useCallback((err: unknown) => {
    const code = err instanceof ApiError ? err.code : 0;
    dispatch({
      type: 'phase',
      phase:
        code === ErrorCode.CHARACTER_DELETED
          ? 'removed'
          : code === ErrorCode.NSFW_REQUIRED
            ? 'adult'
            : 'failed',
    });
  }, []);

  const load = useCallback(async () => {
    dispatch({ type: 'phase', phase: 'loading' });
    if (groupId !== undefined) {
      try {
        dispatch({ type: 'loaded', page: await getMessages({ conversationId: groupId }) });
      } catch (err) {
        failLoad(err);
      }
      return;
    }
    if (characterId !== undefined) {
      const early = firstPage.current;
      firstPage.current = undefined;
      try {
        dispatch({ type: 'loaded', page: await (early ?? getMessages({ characterId })) });
      } catch (err) {
        failLoad(err);
      }
      return;
    }
    const stored = readLocal(StorageKey.conversationId);
    if (!stored) {
      dispatch({ type: 'blank' });
      return;
    }
    try {
      dispatch({ type: 'loaded', page: await getMessages({ conversationId: stored }) });
    } catch (err) {
      const code = err instanceof ApiError ? err.code : 0;
      if (code === ErrorCode.NOT_FOUND || code === ErrorCode.INVALID_INPUT || code === ErrorCode.FORBIDDEN) {
        // Someone else's (after a logout) or gone: start a new chat.
        removeLocal(StorageKey.conversationId);
        dispatch({ type: 'blank' });
      } else {
        failLoad(err);
      }
    }
  }, [characterId, groupId, failLoad]);

  /**
   * The visitor was signed out on the way (the app told them): the conversation was the old
   * account's. Show what this visitor has here instead, in place, so the message box and its
   * text stay; a character that is not for this visitor says why as on a first load.
   */
  const resync = useCallback(async () => {
    if (groupId !== undefined) {
      await load();
      return;
    }
    if (characterId === undefined) {
      removeLocal(StorageKey.conversationId);
      dispatch({ type: 'blank' });
      return;
    }
    try {
      dispatch({ type: 'loaded', page: await getMessages({ characterId }) });
    } catch (err) {
      failLoad(err);
    }
  }, [characterId, groupId, failLoad, load]);

  /** Refusals of a reply: credits (the dialog opened already), adult content, policy, removed. */
  const refused = useCallback(
    (err: unknown) => {
      if (!(err instanceof ApiError)) return;
      if (err.signedOut && err.code !== ErrorCode.NOT_ENOUGH_CREDITS) {
        void resync();
        if (err.code !== ErrorCode.NSFW_REQUIRED) return;
      }
      switch (err.code) {
        case ErrorCode.NOT_ENOUGH_CREDITS:
          return;
        case ErrorCode.NSFW_REQUIRED:
          onAdult();
          return;
        case ErrorCode.CHARACTER_DELETED:
          dispatch({ type: 'phase', phase: 'removed' });
          return;
        default:
          notify(err.kind === 'business' ? 'warning' : 'error', errorMessage(err, t('errors.generic')));
      }
    },
    [onAdult, resync, t],
  );

  const reconcile = useCallback(async () => {
    const w = where();
    if (!w) {
      dispatch({ type: 'blank' });
      return;
    }
    try {
      dispatch({ type: 'newest', page: await getMessages(w) });
    } catch {
      dispatch({ type: 'settled' });
    }
  }, [where]);

  /**
   * After a change to a message the branch shared with its parent: the branch has its own
   * copies from that message on, with new ids, so the page reads the conversation again.
   */
  const reread = useCallback(async () => {
    const id = stateRef.current.conversation?.id;
    if (!id) return;
    try {
      dispatch({ type: 'loaded', page: await getMessages({ conversationId: id }) });
    } catch {
      dispatch({ type: 'settled' });
    }
  }, []);

  const { streaming, send, speak, regenerate, continueReply, stop } = useReplyStream({
    dispatch,
    stateRef,
    abortRef,
    stored,
    characterId,
    pendingModel,
    reconcile,
    refused,
    reread,
  });

  const shownAtOnce = useRef(arrived !== undefined);
  useEffect(() => {
    if (shownAtOnce.current) shownAtOnce.current = false;
    else void load();
    // Leaving (or another character's chat) aborts the reply streaming.
    return () => stop();
  }, [load, stop]);

  // The older messages join the conversation the reducer holds (and shifts as replies come), so
  // reading a page is a mutation of that state rather than a cached query of its own.
  const older = useMutation({
    mutationFn: ({ w, page }: { w: ChatWhere; page: number }) => getMessages(w, page, CHAT_LIMITS.pageSize),
    onSuccess: (page) => dispatch({ type: 'older', page }),
    onError: () => notify('error', t('errors.older')),
  });
  const loadingOlder = older.isPending;
  const { mutateAsync: readOlder } = older;
  const loadOlder = useCallback(async () => {
    const w = where();
    if (!w || loadingOlder || !stateRef.current.hasMore) return;
    const page = olderPageNumber(stateRef.current.messages, CHAT_LIMITS.pageSize);
    await readOlder({ w, page }).catch(() => undefined);
  }, [loadingOlder, readOlder, where]);

  const { edit, remove, swipe, branch, switchTo } = useMessageActions({
    dispatch,
    stateRef,
    abortRef,
    reread,
  });

  const restartAt = useCallback(
    async (w: ChatWhere) => {
      try {
        const page = await restartChat(w);
        if (stored) writeLocal(StorageKey.conversationId, page.conversation.id);
        dispatch({ type: 'loaded', page });
      } catch {
        // The API client showed why.
      }
    },
    [stored],
  );

  const restart = useCallback(async () => {
    abortRef.current?.abort();
    if (stored) {
      removeLocal(StorageKey.conversationId);
      setPendingModel(defaultModel);
      dispatch({ type: 'blank' });
      return;
    }
    const w = where();
    if (w) await restartAt(w);
  }, [stored, defaultModel, restartAt, where]);

  const clear = useCallback(async () => {
    abortRef.current?.abort();
    const w = where();
    if (w) await restartAt(w);
    else dispatch({ type: 'blank' });
  }, [restartAt, where]);

  const saveSettings = useCallback(
    async (s: { persona_name: string; persona_description: string; model: string }) => {
      const conversation = stateRef.current.conversation;
      if (!conversation) {
        setPendingModel(s.model);
        return true;
      }
      try {
        const next = await savePersona({
          conversationId: conversation.id,
          persona_name: s.persona_name,
          persona_description: s.persona_description,
          model: s.model as ModelProfileId,
        });
        dispatch({ type: 'conversation', conversation: next });
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.code === ErrorCode.NSFW_REQUIRED) onAdult();
        return false;
      }
    },
    [onAdult],
  );

  const saveMemory = useCallback(async (memory: string) => {
    const conversation = stateRef.current.conversation;
    if (!conversation) return false;
    try {
      dispatch({ type: 'conversation', conversation: await postMemory(conversation.id, memory) });
      return true;
    } catch {
      return false;
    }
  }, []);

  const refreshConversation = useCallback(async () => {
    const id = stateRef.current.conversation?.id;
    if (!id) return;
    try {
      const page = await getMessages({ conversationId: id }, 1, 1);
      dispatch({ type: 'conversation', conversation: page.conversation });
    } catch {
      // The settings show what was loaded before.
    }
  }, []);

  return useMemo(
    () => ({
      kind: source.kind,
      state,
      streaming,
      model: state.conversation?.model || pendingModel,
      loadingOlder,
      reload: () => void load(),
      loadOlder,
      send,
      speak,
      regenerate,
      continueReply,
      stop,
      edit,
      remove,
      swipe,
      branch,
      switchTo,
      restart,
      clear,
      saveSettings,
      saveMemory,
      refreshConversation,
    }),
    [
      source.kind,
      state,
      streaming,
      pendingModel,
      loadingOlder,
      load,
      loadOlder,
      send,
      speak,
      regenerate,
      continueReply,
      stop,
      edit,
      remove,
      swipe,
      branch,
      switchTo,
      restart,
      clear,
      saveSettings,
      saveMemory,
      refreshConversation,
    ],
  );
}
