import { useCallback, useEffect, useRef, useState } from 'react';

export interface PlayingState {
  id: string;
  status: 'loading' | 'playing';
}

/** The stop of every shared player mounted: their audio is not in the document to be found. */
const mounted = new Set<() => void>();

/** Pauses every player on the page (the result's, a take's) but `except`. */
function pauseOthers(except?: EventTarget | null) {
  for (const media of document.querySelectorAll('audio')) if (media !== except) media.pause();
}

/**
 * One audio player for the page's play buttons (voice samples, history, a chat's replies): one
 * sound plays at a time. Starting a page player or another shared player stops it, and starting
 * it pauses them.
 */
export function useSharedPlayer() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const playingId = useRef<string | null>(null);
  const [playing, setPlaying] = useState<PlayingState | null>(null);

  const stop = useCallback(() => {
    audioRef.current?.pause();
    playingId.current = null;
    setPlaying(null);
  }, []);

  const player = useCallback(() => {
    if (audioRef.current) return audioRef.current;
    const audio = new Audio();
    audio.preload = 'auto';
    audio.addEventListener('playing', () => {
      const id = playingId.current;
      if (id) setPlaying({ id, status: 'playing' });
    });
    const end = () => {
      playingId.current = null;
      setPlaying(null);
    };
    audio.addEventListener('ended', end);
    audio.addEventListener('error', end);
    audioRef.current = audio;
    return audio;
  }, []);

  /** Plays `url` under `id`, or stops it when it is the one playing. */
  const toggle = useCallback(
    (id: string, url: string) => {
      const audio = player();
      if (playingId.current === id) {
        stop();
        return;
      }
      pauseOthers();
      for (const other of mounted) if (other !== stop) other();
      playingId.current = id;
      setPlaying({ id, status: 'loading' });
      audio.src = url;
      audio.play().catch(() => {
        if (playingId.current === id) {
          playingId.current = null;
          setPlaying(null);
        }
      });
    },
    [player, stop],
  );

  useEffect(() => {
    // `play` does not bubble: listen in the capture phase for any player on the page.
    const onPlay = (event: Event) => {
      if (event.target !== audioRef.current && playingId.current) stop();
    };
    document.addEventListener('play', onPlay, true);
    mounted.add(stop);
    return () => {
      mounted.delete(stop);
      document.removeEventListener('play', onPlay, true);
      const audio = audioRef.current;
      if (audio) {
        audio.pause();
        audio.removeAttribute('src');
      }
    };
  }, [stop]);

  return { playing, toggle, stop };
}

export type SharedPlayer = ReturnType<typeof useSharedPlayer>;
