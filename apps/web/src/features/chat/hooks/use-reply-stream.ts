import { ErrorCode, type ModelProfileId } from '@lumi/contract';
import { useCallback, useState, type Dispatch, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { creditsEvents } from '@/lib/events';
import { StorageKey, writeLocal } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { streamReply, type ReplyRequest } from '../api/stream-reply';
import { localMessage, sharedMessage, type ChatAction, type ChatState } from '../lib/chat-state';
import { frameBatch } from '../lib/frame-batch';

/** After Stop the server saves the partial reply; give it a moment before reading it back. */
const SETTLE_MS = 700;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ReplyStreamDeps {
  dispatch: Dispatch<ChatAction>;
  stateRef: RefObject<ChatState>;
  /** The reply streaming now: Stop, restart, switching and leaving abort it. */
  abortRef: RefObject<AbortController | null>;
  /** The AI chat: a new conversation's id is stored (spec §3). */
  stored: boolean;
  characterId: number | undefined;
  /** The model of the AI chat's first reply, picked before the conversation exists. */
  pendingModel: string;
  /** Reads the newest messages back after a reply that did not finish. */
  reconcile: () => Promise<void>;
  /** Says why a reply was refused before it started. */
  refused: (err: unknown) => void;
  /** Reads the conversation again after a change to a message shared with its parent. */
  reread: () => Promise<void>;
}

/** A chat's replies as they stream: send, speak, regenerate, continue and Stop (useChat's). */
export function useReplyStream({
  dispatch,
  stateRef,
  abortRef,
  stored,
  characterId,
  pendingModel,
  reconcile,
  refused,
  reread,
}: ReplyStreamDeps) {
  const { t } = useTranslation('chat');
  /**
   * A reply streams by hand, not as a mutation: its events change the conversation as they come,
   * Stop, restart and leaving abort it through `abortRef`, and that ref is also the guard against a
   * second send in the same tick. The flag drops in the same render as the reply's last change; a
   * mutation's state would follow a tick later, and its pending state cannot guard synchronously.
   */
  const [streaming, setStreaming] = useState(false);

  const run = useCallback(
    async (body: ReplyRequest, prepare: () => void): Promise<boolean> => {
      if (abortRef.current) return false;
      const controller = new AbortController();
      abortRef.current = controller;
      setStreaming(true);
      prepare();
      let started = false;
      let withheld = false;
      let outcome: 'done' | 'error' | 'cut' = 'cut';
      const deltas = frameBatch((text) => dispatch({ type: 'delta', text }));
      try {
        outcome = await streamReply(
          body,
          {
            start: (data) => {
              started = true;
              if (stored) writeLocal(StorageKey.conversationId, data.conversation_id);
              dispatch({ type: 'started', data });
              // The credits were taken before the reply started: show the new balance now.
              creditsEvents.emit('-5');
            },
            delta: (text) => deltas.push(text),
            done: (data) => {
              deltas.flush();
              dispatch({ type: 'done', message: data.message });
            },
            error: (data) => {
              deltas.flush();
              if (data.code === ErrorCode.CONTENT_POLICY) {
                // The reply broke the content rules while it streamed: its text is replaced by
                // the server's note, in the conversation rather than a passing toast.
                withheld = true;
                dispatch({ type: 'withheld', text: data.message || t('errors.refused') });
              } else {
                notify('error', data.message || t('errors.generic'));
              }
            },
          },
          controller.signal,
        );
      } catch (err) {
        deltas.flush();
        if (!started && !controller.signal.aborted) {
          dispatch({ type: 'refused' });
          abortRef.current = null;
          setStreaming(false);
          refused(err);
          return false;
        }
        if (!controller.signal.aborted) notify('error', t('errors.cut'));
      }
      deltas.flush();
      abortRef.current = null;
      if (outcome !== 'done' && !(withheld && started)) {
        // Stopped, cut or failed: the server kept what it had (or nothing, and refunded).
        // A withheld reply needs no reading back: the server kept only the user's message,
        // which the start event gave, and reading back would drop the note.
        if (controller.signal.aborted) await wait(SETTLE_MS);
        await reconcile();
      }
      setStreaming(false);
      // A failed reply was refunded: read the balance again.
      if (outcome !== 'done') creditsEvents.emit('-5');
      return true;
    },
    [abortRef, dispatch, stored, reconcile, refused, t],
  );

  const send = useCallback(
    async (content: string) => {
      const text = content.trim();
      if (!text || stateRef.current.phase !== 'ready') return false;
      const conversation = stateRef.current.conversation;
      const body: ReplyRequest = conversation
        ? // The character comes along so the server reads it beside the conversation.
          { content: text, conversationId: conversation.id, characterId }
        : characterId !== undefined
          ? { content: text, characterId }
          : { content: text, model: pendingModel as ModelProfileId };
      return run(body, () =>
        dispatch({ type: 'sending', user: localMessage('user', text), reply: localMessage('assistant', '') }),
      );
    },
    [dispatch, stateRef, characterId, pendingModel, run],
  );

  const speak = useCallback(
    async (speakerId: number) => {
      const conversation = stateRef.current.conversation;
      if (!conversation || stateRef.current.phase !== 'ready') return false;
      return run({ speakerId, conversationId: conversation.id }, () =>
        dispatch({ type: 'sending', user: null, reply: localMessage('assistant', '') }),
      );
    },
    [dispatch, stateRef, run],
  );

  /** Regenerates or continues a reply in the conversation shown. */
  const rework = useCallback(
    async (mode: 'regenerate' | 'continue', id: number) => {
      const shared = sharedMessage(stateRef.current, id);
      const body: ReplyRequest =
        mode === 'regenerate'
          ? { regenerate: id, characterId, conversationId: stateRef.current.conversation?.id }
          : { continue: id, characterId, conversationId: stateRef.current.conversation?.id };
      const ran = await run(body, () => dispatch({ type: 'reworking', mode, id }));
      if (ran && shared) await reread();
      return ran;
    },
    [dispatch, stateRef, characterId, reread, run],
  );
  const regenerate = useCallback((id: number) => rework('regenerate', id), [rework]);
  const continueReply = useCallback((id: number) => rework('continue', id), [rework]);
  const stop = useCallback(() => abortRef.current?.abort(), [abortRef]);

  return { streaming, send, speak, regenerate, continueReply, stop };
}
