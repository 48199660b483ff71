import { ttsCost } from '@lumi/contract';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useSharedPlayer } from '@/hooks/use-shared-player';
import { creditsEvents } from '@/lib/events';
import { getJobStatus } from '@/lib/get-job-status';
import { readLocal, writeLocal } from '@/lib/storage';
import { notify } from '@/lib/toast';
import type { UiMessage } from '../lib/chat-state';
import { speakReply } from './speak-reply';

/** The chat settings' "Auto-play replies", remembered per browser. */
export const AUTO_PLAY_KEY = 'chatAutoPlay';
const POLL_MS = 700;

export interface ReplyVoice {
  /** What listening to this reply costs now: 0 once it was spoken (a replay is free). */
  cost: (m: UiMessage) => number;
  /** This reply's sound: being made or loading, playing, or null. */
  status: (m: UiMessage) => 'loading' | 'playing' | null;
  /** Plays the reply (stopping any other sound), or stops it when it is the one playing. */
  toggle: (m: UiMessage) => void;
  autoPlay: boolean;
  setAutoPlay: (on: boolean) => void;
}

const Context = createContext<ReplyVoice | null>(null);

/** The reply voice of the chat around, or null where replies are not read aloud. */
export const useReplyVoice = () => useContext(Context);

/** A reply's text as spoken: the chosen alternative, once written and kept. */
const keyOf = (m: UiMessage) => `${m.id}:${m.content}`;
const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Reads a chat's replies aloud (issue 22): one sound at a time through the page's shared player,
 * each reply's speech asked of the server (then polled until the job is done), the replies
 * already spoken known to be free, and with auto-play each reply that finishes streaming.
 */
export function ReplyVoiceProvider({
  conversationId,
  messages,
  streaming,
  children,
}: {
  conversationId: string | undefined;
  messages: readonly UiMessage[];
  streaming: boolean;
  children: ReactNode;
}) {
  const player = useSharedPlayer();
  const [preparing, setPreparing] = useState<string | null>(null);
  const [spoken, setSpoken] = useState<ReadonlySet<string>>(() => new Set());
  const [autoPlay, setAutoPlayState] = useState(() => readLocal(AUTO_PLAY_KEY) === '1');
  const asking = useRef<AbortController | null>(null);

  const setAutoPlay = useCallback((on: boolean) => {
    writeLocal(AUTO_PLAY_KEY, on ? '1' : '0');
    setAutoPlayState(on);
  }, []);

  const play = useCallback(
    async (m: UiMessage) => {
      const key = keyOf(m);
      asking.current?.abort();
      const controller = new AbortController();
      asking.current = controller;
      player.stop();
      setPreparing(key);
      try {
        let status = await speakReply({ id: m.id, conversationId }, controller.signal);
        if (status.charged > 0) creditsEvents.emit('-5');
        while ((status.state === 'queued' || status.state === 'running') && !controller.signal.aborted) {
          await wait(POLL_MS, controller.signal);
          if (controller.signal.aborted) break;
          status = { ...status, ...(await getJobStatus(status.id, controller.signal)) };
        }
        if (controller.signal.aborted) return;
        setSpoken((s) => new Set(s).add(key));
        if (status.state === 'failed' || !status.audio) {
          notify('error', status.message ?? '');
          return;
        }
        player.toggle(`reply:${key}`, status.audio.url);
      } catch {
        // The API client told already (the credits dialog, a toast with the server's message).
      } finally {
        if (asking.current === controller) {
          asking.current = null;
          setPreparing(null);
        }
      }
    },
    [conversationId, player],
  );

  const toggle = useCallback(
    (m: UiMessage) => {
      const key = keyOf(m);
      if (preparing === key) {
        asking.current?.abort();
        return;
      }
      if (player.playing?.id === `reply:${key}`) {
        player.stop();
        return;
      }
      void play(m);
    },
    [play, player, preparing],
  );

  // Auto-play: the reply that just finished streaming (not one that was there before), read
  // once its final text is in the list.
  const latest = useRef(messages);
  const wasStreaming = useRef(streaming);
  useEffect(() => {
    latest.current = messages;
  });
  useEffect(() => {
    const ended = wasStreaming.current && !streaming;
    wasStreaming.current = streaming;
    if (!ended || !autoPlay) return;
    setTimeout(() => {
      const last = latest.current.at(-1);
      if (last?.role === 'assistant' && !last.local && last.refusal === undefined && last.content.trim()) {
        void play(last);
      }
    }, 0);
  }, [streaming, autoPlay, play]);

  useEffect(() => () => asking.current?.abort(), []);

  const value = useMemo<ReplyVoice>(
    () => ({
      cost: (m) => (spoken.has(keyOf(m)) ? 0 : ttsCost(m.content)),
      status: (m) => {
        const key = keyOf(m);
        if (preparing === key) return 'loading';
        return player.playing?.id === `reply:${key}` ? player.playing.status : null;
      },
      toggle,
      autoPlay,
      setAutoPlay,
    }),
    [spoken, preparing, player.playing, toggle, autoPlay, setAutoPlay],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}
